/**
 * The site team's writer of the site settings (update_site_settings, the console): the bounds a change must keep, and
 * one transaction that writes the change with its audit entry. Reading the settings is catalogue/site-settings.ts.
 */
import { z } from 'zod';
import { country } from '../schema.js';
import type { Database } from '../db/database.js';
import type { JsonValue } from '../db/entities/json-types.js';
import { loadSiteSettings, type SiteSettings } from '../catalogue/site-settings.js';
import { type ProblemFieldError, ValidationError } from '../errors.js';
import { recordAudit, type Actor } from './audit-log.js';

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
