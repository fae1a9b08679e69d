import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';

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
  /** The vote check's thresholds (src/community/vote-check.ts states the rules they tune). */
  vote_check: VoteCheckSettings;
  /** Sign-ups and votes per network (an IPv4 /24 or an IPv6 /48). */
  network_limits: { signups_per_hour: number; votes_per_10_minutes: number };
  /** Additions to the maintained list of throwaway e-mail domains refused at sign-up, and exceptions from it. */
  email_domains: { blocked: string[]; allowed: string[] };
}

export type VoteCheckSettings = {
  /** A burst: at least this many votes on one listing ... */
  burst_votes: number;
  /** ... within this many minutes ... */
  burst_minutes: number;
  /** ... from accounts created at most this many hours before their vote. */
  young_account_hours: number;
  /** Votes on one listing from one network beyond this many are flagged. */
  network_votes: number;
  /** An account with at least this many votes, all for one maker's listings, has them flagged. */
  single_maker_votes: number;
};

/** The settings of a site whose team has set none (the demo's too). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
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
  vote_check: { burst_votes: 5, burst_minutes: 60, young_account_hours: 72, network_votes: 3, single_maker_votes: 3 },
  network_limits: { signups_per_hour: 20, votes_per_10_minutes: 60 },
  email_domains: { blocked: [], allowed: [] },
};

/** Site settings from the database, with defaults for any key the admin has not set. */
export async function loadSiteSettings(db: Statements): Promise<SiteSettings> {
  const rows = await db.query<{ key: string; value: unknown }>('SELECT key, value FROM site_settings');
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<SiteSettings>;
  const settings = { ...DEFAULT_SITE_SETTINGS, ...pickKnown(stored) };
  return {
    ...settings,
    rate_limits: positiveIntegersOrDefaults(settings.rate_limits, DEFAULT_SITE_SETTINGS.rate_limits),
    vote_check: positiveIntegersOrDefaults(settings.vote_check, DEFAULT_SITE_SETTINGS.vote_check),
    network_limits: positiveIntegersOrDefaults(settings.network_limits, DEFAULT_SITE_SETTINGS.network_limits),
    email_domains: {
      blocked: domainsOrNone((settings.email_domains as Partial<SiteSettings['email_domains']> | undefined)?.blocked),
      allowed: domainsOrNone((settings.email_domains as Partial<SiteSettings['email_domains']> | undefined)?.allowed),
    },
  };
}

/** The site's name (the site_name setting) as it is now: what a mail or page names the site when it is made. */
export async function loadSiteName(db: Statements): Promise<string> {
  return (await loadSiteSettings(db)).site_name;
}

/** Each number as stored when it is a positive integer, else its default: a partial or mistyped setting never disables the API. */
function positiveIntegersOrDefaults<T extends object>(stored: unknown, defaults: T): T {
  const given = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => {
      const value = given[name];
      return [name, typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback];
    }),
  ) as T;
}

function domainsOrNone(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((d): d is string => typeof d === 'string') : [];
}

function pickKnown(stored: Partial<SiteSettings>): Partial<SiteSettings> {
  return Object.fromEntries(Object.entries(stored).filter(([key]) => key in DEFAULT_SITE_SETTINGS)) as Partial<SiteSettings>;
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

/** How long each instance keeps the settings it read (cachedSiteSettings in the app): a change applies everywhere within this. */
export const SETTINGS_CACHE_SECONDS = 5;

/** The settings as get_site_settings answers them (the published schema and the type in one). */
export const siteSettingsSchema = z.object({
  site_name: z.string(),
  site_purpose: z.string(),
  time_zone: z.string().describe('IANA time zone of launch weeks (Monday 00:00 to Sunday 23:59:59)'),
  free_launch_weeks: z
    .object({ min: z.number().int(), max: z.number().int() })
    .describe('A free launch is given a week this many weeks out'),
  free_launches_per_week: z.number().int(),
  billboard_minimum_cents: z.number().int(),
  seller_country: z.string(),
  order_lifetime_hours: z.number().int(),
  rate_limits: z.object({
    anonymous_per_minute: z.number().int(),
    signed_in_per_minute: z.number().int(),
    submit_listing_per_hour: z.number().int(),
  }),
  vote_check: z
    .object({
      burst_votes: z.number().int(),
      burst_minutes: z.number().int(),
      young_account_hours: z.number().int(),
      network_votes: z.number().int(),
      single_maker_votes: z.number().int(),
    })
    .describe(
      'Flags: burst_votes on one listing within burst_minutes from accounts under young_account_hours old; votes from one network beyond network_votes; accounts with single_maker_votes or more, all for one maker',
    ),
  network_limits: z.object({ signups_per_hour: z.number().int(), votes_per_10_minutes: z.number().int() }),
  email_domains: z
    .object({ blocked: z.array(z.string()), allowed: z.array(z.string()) })
    .describe('Added to, and exempted from, the maintained throwaway-domain list refused at sign-up'),
});
