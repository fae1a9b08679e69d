import { z } from 'zod';
import { country } from '../schema.js';
import type { Database, Statements } from '../db/database.js';
import type { JsonValue } from '../db/entities/json-types.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { type ProblemFieldError, ValidationError } from '../errors.js';

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
  vote_check: { burst_votes: 5, burst_minutes: 60, young_account_hours: 72, network_votes: 3, single_maker_votes: 3 },
  network_limits: { signups_per_hour: 20, votes_per_10_minutes: 60 },
  email_domains: { blocked: [], allowed: [] },
};

/** Site settings from the database, with defaults for any key the admin has not set. */
export async function loadSiteSettings(db: Pick<Statements, 'query'>): Promise<SiteSettings> {
  const rows = await db.query<{ key: string; value: unknown }>('SELECT key, value FROM site_settings');
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Partial<SiteSettings>;
  const settings = { ...DEFAULT_SETTINGS, ...pickKnown(stored) };
  return {
    ...settings,
    rate_limits: positiveIntegersOrDefaults(settings.rate_limits, DEFAULT_SETTINGS.rate_limits),
    vote_check: positiveIntegersOrDefaults(settings.vote_check, DEFAULT_SETTINGS.vote_check),
    network_limits: positiveIntegersOrDefaults(settings.network_limits, DEFAULT_SETTINGS.network_limits),
    email_domains: {
      blocked: domainsOrNone((settings.email_domains as Partial<SiteSettings['email_domains']> | undefined)?.blocked),
      allowed: domainsOrNone((settings.email_domains as Partial<SiteSettings['email_domains']> | undefined)?.allowed),
    },
  };
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

/** How long each instance keeps the settings it read (cachedSiteSettings in the app): a change applies everywhere within this. */
export const SETTINGS_CACHE_SECONDS = 5;

/** The bounds that keep the site working, stated once for the operation's schema, its checks and the console. */
const SETTING_BOUNDS = {
  freeLaunchWeeks: { min: 1, max: 52 },
  freeLaunchesPerWeek: { min: 1, max: 10_000 },
  billboardMinimumCents: { min: 1, max: 100_000_000 },
  orderLifetimeHours: { min: 1, max: 24 },
  rateLimits: {
    anonymous_per_minute: { min: 10, max: 1_000_000 },
    signed_in_per_minute: { min: 30, max: 1_000_000 },
    submit_listing_per_hour: { min: 1, max: 1_000_000 },
  },
  voteCheck: {
    burst_votes: { min: 2, max: 10_000 },
    burst_minutes: { min: 1, max: 10_080 },
    young_account_hours: { min: 1, max: 8_760 },
    network_votes: { min: 1, max: 10_000 },
    single_maker_votes: { min: 2, max: 10_000 },
  },
  networkLimits: {
    signups_per_hour: { min: 1, max: 1_000_000 },
    votes_per_10_minutes: { min: 1, max: 1_000_000 },
  },
} as const;

/** An e-mail domain as the settings keep it: lower case, no @. */
const EMAIL_DOMAIN = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/, 'Must be a domain such as example.com');
const EMAIL_DOMAIN_LIST = z.array(EMAIL_DOMAIN).max(1000);

const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** An IANA time zone this runtime knows (e.g. Europe/Berlin, UTC); offsets such as +02:00 are not zones. */
function isTimeZone(name: string): boolean {
  if (!TIME_ZONE_PATTERN.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const between = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

/** A group of bounded integers of which a change may give any part. */
function boundedParts<K extends string>(bounds: Record<K, { min: number; max: number }>) {
  const parts = Object.fromEntries(Object.entries<{ min: number; max: number }>(bounds).map(([name, b]) => [name, between(b).optional()]));
  return z.strictObject(parts as Record<K, z.ZodOptional<z.ZodNumber>>).optional();
}

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

/** What update_site_settings takes: any subset; free_launch_weeks and rate_limits may be given in part. */
export const settingsChanges = z.strictObject({
  site_name: z.string().trim().min(1).max(80).optional(),
  site_purpose: z.string().trim().min(1).max(500).optional(),
  time_zone: z
    .string()
    .min(1)
    .max(64)
    .regex(TIME_ZONE_PATTERN, 'Must be an IANA time zone such as Europe/Berlin or UTC')
    .optional()
    .describe('An IANA time zone, e.g. Europe/Berlin'),
  free_launch_weeks: z
    .strictObject({ min: between(SETTING_BOUNDS.freeLaunchWeeks).optional(), max: between(SETTING_BOUNDS.freeLaunchWeeks).optional() })
    .optional()
    .describe('Weeks out a free launch is placed; min <= max'),
  free_launches_per_week: between(SETTING_BOUNDS.freeLaunchesPerWeek).optional(),
  billboard_minimum_cents: between(SETTING_BOUNDS.billboardMinimumCents).optional(),
  seller_country: country.optional().describe('ISO code; EU business buyers elsewhere in the EU are reverse charged'),
  order_lifetime_hours: between(SETTING_BOUNDS.orderLifetimeHours).optional(),
  rate_limits: boundedParts(SETTING_BOUNDS.rateLimits),
  vote_check: boundedParts(SETTING_BOUNDS.voteCheck),
  network_limits: boundedParts(SETTING_BOUNDS.networkLimits),
  email_domains: z
    .strictObject({ blocked: EMAIL_DOMAIN_LIST.optional(), allowed: EMAIL_DOMAIN_LIST.optional() })
    .optional()
    .describe('Each list given replaces the stored one'),
});
export type SettingsChanges = z.output<typeof settingsChanges>;

/** The lock that serialises changes of the settings (two admins at once each see the other's change). */
const SETTINGS_LOCK = 'site settings';

/**
 * Applies a subset of the settings in one transaction with its audit entry (settings.update, before and after of
 * the keys that changed; nothing is written when nothing changes). Checks what a schema cannot: a real time zone,
 * and free_launch_weeks min <= max once merged with the stored values. Every instance reads the change within
 * SETTINGS_CACHE_SECONDS.
 */
export async function updateSiteSettings(
  db: Database,
  change: { actor: Actor; changes: SettingsChanges; now: Date },
): Promise<{ settings: SiteSettings; changed: string[] }> {
  const { changes } = change;
  const errors: ProblemFieldError[] = [];
  if (changes.time_zone !== undefined && !isTimeZone(changes.time_zone))
    errors.push({ path: '/time_zone', message: `Unknown time zone "${changes.time_zone}": give an IANA name such as Europe/Berlin` });
  if (errors.length > 0) throw new ValidationError(errors);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SETTINGS_LOCK]);
    const current = await loadSiteSettings(tx);
    const next: SiteSettings = {
      ...current,
      ...dropUndefined({
        ...changes,
        free_launch_weeks: undefined,
        rate_limits: undefined,
        vote_check: undefined,
        network_limits: undefined,
        email_domains: undefined,
      }),
      free_launch_weeks: { ...current.free_launch_weeks, ...dropUndefined(changes.free_launch_weeks ?? {}) },
      rate_limits: { ...current.rate_limits, ...dropUndefined(changes.rate_limits ?? {}) },
      vote_check: { ...current.vote_check, ...dropUndefined(changes.vote_check ?? {}) },
      network_limits: { ...current.network_limits, ...dropUndefined(changes.network_limits ?? {}) },
      email_domains: { ...current.email_domains, ...dropUndefined(changes.email_domains ?? {}) },
    };
    if (next.free_launch_weeks.min > next.free_launch_weeks.max) {
      const path = changes.free_launch_weeks?.min !== undefined ? '/free_launch_weeks/min' : '/free_launch_weeks/max';
      throw new ValidationError([
        {
          path,
          message: `free_launch_weeks min (${next.free_launch_weeks.min}) must not exceed max (${next.free_launch_weeks.max})`,
        },
      ]);
    }
    const changed = (Object.keys(next) as (keyof SiteSettings)[]).filter(
      (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
    );
    if (changed.length === 0) return { settings: current, changed };
    for (const key of changed)
      await tx.query(
        'INSERT INTO site_settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
        [key, JSON.stringify(next[key])],
      );
    const pick = (settings: SiteSettings) => Object.fromEntries(changed.map((key) => [key, settings[key] as JsonValue]));
    await recordAudit(tx, {
      actor: change.actor,
      action: 'settings.update',
      target: { type: 'settings', id: 'site' },
      before: pick(current),
      after: pick(next),
      at: change.now,
    });
    return { settings: next, changed };
  });
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
