/**
 * Badge impressions: how often a listing's badge image was served, per day and referring site (the Referer's
 * host only, never the page's address; '' when the request named none). Like page views, each instance counts in
 * memory and adds its counts to badge_impressions in one batch every few seconds, so the counts are exact across
 * instances and no request waits for a write. Bots are not counted. Browsers keep a badge for an hour (its
 * Cache-Control), so a reader who sees the badge on several pages within the hour is counted once.
 */
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { isBot } from './page-views.js';
import { todayIn } from '../catalogue/weeks.js';

/** Most (listing, day, site) counts one batch holds; more are left for the next. */
const MAX_BATCH = 5000;

/** Most distinct counts an instance keeps waiting; beyond it (a flood of made-up Referers) new sites are not counted. */
const MAX_PENDING = 100_000;

/** The longest host name there is (badge_impressions.referrer_host). */
const MAX_HOST = 253;

interface Impressions {
  day: string;
  slug: string;
  host: string;
  count: number;
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
  private pending = new Map<string, Impressions>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** The site's day of the current minute (a day always starts on a whole minute): not worked out on every request. */
  private today = { zone: '', minute: Number.NaN, day: '' };

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly intervalMs = 5000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Notes one badge image served for the listing `slug` at `now`, on the site's calendar day in `timeZone`. */
  record(slug: string, request: { referer: string | undefined; userAgent: string | undefined }, now: Date, timeZone: string): void {
    if (isBot(request.userAgent)) return;
    const day = this.dayOf(now, timeZone);
    const host = referrerHost(request.referer);
    const key = `${day}|${slug}|${host}`;
    const seen = this.pending.get(key);
    if (seen) seen.count += 1;
    else if (this.pending.size < MAX_PENDING) this.pending.set(key, { day, slug, host, count: 1 });
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
    const rows = batch.map(([, counted]) => counted);
    try {
      // Rows in one order on every instance, so that two batches at once wait for each other rather than deadlock.
      await this.db.query(
        `INSERT INTO badge_impressions (listing_id, day, referrer_host, impressions)
         SELECT l.id, s.day, s.host, s.n FROM unnest($1::date[], $2::text[], $3::text[], $4::int[]) AS s(day, slug, host, n)
         JOIN listings l ON l.slug = s.slug ORDER BY l.id, s.day, s.host
         ON CONFLICT (listing_id, day, referrer_host) DO UPDATE SET impressions = badge_impressions.impressions + EXCLUDED.impressions`,
        [rows.map((r) => r.day), rows.map((r) => r.slug), rows.map((r) => r.host), rows.map((r) => r.count)],
      );
    } catch (error) {
      // Nothing was added: the counts wait for the next batch.
      for (const [key, counted] of batch) {
        const later = this.pending.get(key);
        if (later) later.count += counted.count;
        else this.pending.set(key, counted);
      }
      throw error;
    }
  }
}
