/**
 * Badge impressions: how many visitors saw a listing's badge image, per day and referring site (the Referer's host
 * only, never the page's address; '' when the request named none). A visitor is the keyed hash of the day and the
 * network that page views use (visitorKey), and counts once per listing, referring site and day (badge_viewers keeps
 * the keys for a day, across instances and restarts), so made-up Referers or browsers from one network add one each
 * at most, and bursts from one network are not counted (BurstWindow). Like page views, each instance counts in
 * memory and writes in one batch every few seconds, so the counts are exact across instances and no request waits
 * for a write. Bots are not counted.
 */
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { BurstWindow, type Client, isBot, visitorKey } from './page-views.js';
import { todayIn } from '../catalogue/weeks.js';

/** Most (listing, day, site, visitor) impressions one batch holds; more are left for the next. */
const MAX_BATCH = 5000;

/** Most impressions an instance keeps waiting; beyond it new ones are not counted. */
const MAX_PENDING = 100_000;

/** The longest host name there is (badge_impressions.referrer_host). */
const MAX_HOST = 253;

interface Impression {
  day: string;
  slug: string;
  host: string;
  visitor: string;
}

/**
 * The referring site of a request: the lower-case host of its Referer (no scheme, port, path or query), or ''
 * when there is none, it cannot be read, or it is not a web page's address.
 */
export function referrerHost(referer: string | undefined): string {
  if (!referer) return '';
  try {
    const url = new URL(referer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    const host = url.hostname.toLowerCase();
    return host.length <= MAX_HOST ? host : '';
  } catch {
    return '';
  }
}

export class BadgeImpressions {
  private pending = new Map<string, Impression>();
  private readonly bursts = new BurstWindow();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** The site's day of the current minute (a day always starts on a whole minute): not worked out on every request. */
  private today = { zone: '', minute: Number.NaN, day: '' };

  constructor(
    private readonly db: Database,
    /** The page views' visitor key secret: a visitor is the same on a listing's page and on its badge. */
    private readonly secret: string,
    private readonly log: Logger,
    private readonly intervalMs = 5000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Notes one badge image served for the listing `slug` to `client` at `now`, on the site's calendar day in `timeZone`. */
  record(slug: string, client: Client & { referer: string | undefined }, now: Date, timeZone: string): void {
    if (isBot(client.userAgent)) return;
    const day = this.dayOf(now, timeZone);
    const visitor = visitorKey(this.secret, day, client.address);
    if (!this.bursts.allows(visitor, now)) return;
    const host = referrerHost(client.referer);
    const key = `${day}|${slug}|${host}|${visitor}`;
    if (!this.pending.has(key) && this.pending.size < MAX_PENDING) this.pending.set(key, { day, slug, host, visitor });
  }

  private dayOf(now: Date, timeZone: string): string {
    const minute = Math.floor(now.getTime() / 60_000);
    if (this.today.minute !== minute || this.today.zone !== timeZone) this.today = { zone: timeZone, minute, day: todayIn(now, timeZone) };
    return this.today.day;
  }

  /** Adds what was counted since the last batch (tests call it to count at once). */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((error: unknown) => this.log.warn({ err: error }, 'counting badge impressions failed'));
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.entries()].slice(0, MAX_BATCH);
    for (const [key] of batch) this.pending.delete(key);
    const rows = batch.map(([, seen]) => seen);
    try {
      // Rows in one order on every instance, so that two batches at once wait for each other rather than deadlock.
      await this.db.query(
        `WITH fresh AS (
           INSERT INTO badge_viewers (day, listing_id, referrer_host, visitor)
           SELECT s.day, l.id, s.host, s.visitor FROM unnest($1::date[], $2::text[], $3::text[], $4::text[]) AS s(day, slug, host, visitor)
           JOIN listings l ON l.slug = s.slug ORDER BY l.id, s.day, s.host, s.visitor
           ON CONFLICT DO NOTHING RETURNING day, listing_id, referrer_host
         )
         INSERT INTO badge_impressions (listing_id, day, referrer_host, impressions)
         SELECT listing_id, day, referrer_host, count(*)::int FROM fresh
         GROUP BY listing_id, day, referrer_host ORDER BY listing_id, day, referrer_host
         ON CONFLICT (listing_id, day, referrer_host) DO UPDATE SET impressions = badge_impressions.impressions + EXCLUDED.impressions`,
        [rows.map((r) => r.day), rows.map((r) => r.slug), rows.map((r) => r.host), rows.map((r) => r.visitor)],
      );
    } catch (error) {
      // Nothing was added: the impressions wait for the next batch (a visitor's key makes a second try count once).
      for (const [key, seen] of batch) if (!this.pending.has(key)) this.pending.set(key, seen);
      throw error;
    }
  }
}
