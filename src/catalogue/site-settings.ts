import type { Database } from '../db/database.js';

export interface SiteSettings {
  site_name: string;
  site_purpose: string;
  time_zone: string;
  /** A free listing is given a launch week this many weeks out (the first with room). */
  free_launch_weeks: { min: number; max: number };
  /** How many free launches one week takes. */
  free_launches_per_week: number;
  billboard_minimum_cents: number;
  /** The seller's country (ISO code): EU business buyers elsewhere in the EU are reverse charged. */
  seller_country: string;
  /** An unpaid order expires this many hours after checkout (1 to 24: a Stripe Checkout session lasts at most 24 hours). */
  order_lifetime_hours: number;
  rate_limits: { anonymous_per_minute: number; signed_in_per_minute: number; submit_listing_per_hour: number };
}

const DEFAULT_SETTINGS: SiteSettings = {
  site_name: 'Launch Directory',
  site_purpose:
    'A public directory of launched software products: weekly launches ranked by community votes, leaderboards, founders, stories and awards.',
  time_zone: 'UTC',
  free_launch_weeks: { min: 6, max: 8 },
  free_launches_per_week: 25,
  billboard_minimum_cents: 1000,
  seller_country: 'DE',
  order_lifetime_hours: 24,
  rate_limits: { anonymous_per_minute: 120, signed_in_per_minute: 600, submit_listing_per_hour: 20 },
};

/** Site settings from the database, with defaults for any key the admin has not set. */
export async function loadSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.query<{ key: string; value: unknown }>('SELECT key, value FROM site_settings');
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<SiteSettings>;
  const settings = { ...DEFAULT_SETTINGS, ...pickKnown(stored) };
  return { ...settings, rate_limits: rateLimitsOrDefaults(settings.rate_limits) };
}

/** Each limit as stored when it is a positive integer, else its default: a partial or mistyped setting never disables the API. */
function rateLimitsOrDefaults(stored: unknown): SiteSettings['rate_limits'] {
  const given = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const limit = (name: keyof SiteSettings['rate_limits']) => {
    const value = given[name];
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_SETTINGS.rate_limits[name];
  };
  return {
    anonymous_per_minute: limit('anonymous_per_minute'),
    signed_in_per_minute: limit('signed_in_per_minute'),
    submit_listing_per_hour: limit('submit_listing_per_hour'),
  };
}

function pickKnown(stored: Partial<SiteSettings>): Partial<SiteSettings> {
  return Object.fromEntries(Object.entries(stored).filter(([key]) => key in DEFAULT_SETTINGS)) as Partial<SiteSettings>;
}

/**
 * Site settings read at most once per `ttlMs` (per instance): for values needed on every request,
 * such as the rate limits. A change made by the admin applies on every instance at the first request after ttlMs
 * (that request still uses the copy it had while the settings are read again). Once read,
 * the settings are answered as they are (no promise to wait for) until they are due to be read again.
 */
export function cachedSiteSettings(db: Database, ttlMs: number, now: () => number = Date.now): () => SiteSettings | Promise<SiteSettings> {
  let loaded: { settings: SiteSettings; until: number } | undefined;
  let loading: Promise<SiteSettings> | undefined;
  return () => {
    if (loaded && now() < loaded.until) return loaded.settings;
    loading ??= loadSiteSettings(db)
      .then((settings) => {
        loaded = { settings, until: now() + ttlMs };
        return settings;
      })
      .finally(() => {
        loading = undefined;
      });
    return loaded?.settings ?? loading; // a stale copy serves while the new one is read
  };
}
