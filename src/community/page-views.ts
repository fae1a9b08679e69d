/**
 * Page views and website clicks of listings without a database write per request: each instance keeps what it
 * saw of the day, and writes it in one batch every few seconds, with additive increments, so the counts are exact
 * however many instances count at once.
 *
 * What counts is bounded, so that one network cannot inflate a listing's numbers (issue 52):
 * - A visitor is a keyed hash of the day and the network (networkOf: an IPv4 /24, an IPv6 /48), whatever its
 *   User-Agent says; the User-Agent only tells people from bots, which are not counted.
 * - listing_views.views: page views by people, at most one per visitor and listing per half hour
 *   (listing_visitors.viewed_at remembers the last one counted, across instances and restarts).
 * - listing_views.visitors: unique visitors of the day; only new (day, listing, visitor) rows add to the day's
 *   visitors and to listings.views_count, the public `views` (which feeds most_viewed).
 * - listing_views.clicks: visitors who followed the listing page's link to the product's website (the link's
 *   `ping`), once per visitor and day (listing_clickers), and only from a visitor the page was served to that day.
 * - Bursts: past BURST_PER_MINUTE counted requests from one network in a minute, an instance counts nothing more
 *   from it that minute (a scraper walking the site, a script replaying views).
 *
 * Visitors are never kept as addresses; the per-visitor keys are deleted after a day (deleteVisitorsBefore).
 */
import { createHmac } from 'node:crypto';
import type { Database, Statements } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { networkOf } from './network.js';

/** Crawlers, link previews and scripts, by their User-Agent. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|preview|curl\/|wget\/|python-requests|httpclient|go-http-client|axios\/|node-fetch|headlesschrome|lighthouse|pingdom|uptime|^node$|undici/i;

/** Most pairs one batch holds; more in one interval are left for the next. */
const MAX_BATCH = 5000;

/** Most distinct pairs an instance keeps waiting; beyond it new ones are not counted. */
const MAX_PENDING = 200_000;

/** A listing counts one page view per visitor in this long. */
const VIEW_EVERY_MS = 30 * 60_000;

/** Counted requests (views, clicks, badge images) one network may make in a minute before an instance stops counting it. */
const BURST_PER_MINUTE = 30;

/** Whether a request comes from a crawler, a link preview or a script (no User-Agent at all counts as one): those are not counted. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/** Who asked: the client's address and User-Agent, only ever kept as a keyed hash of the address's network. */
export interface Client {
  address: string;
  userAgent: string | undefined;
}

/** When a request was counted: the site's calendar day (YYYY-MM-DD) and the moment. */
export interface Moment {
  day: string;
  at: Date;
}

/** The visitor of `day` from `address`: a keyed hash of the day and the address's network, 22 characters. */
export function visitorKey(secret: string, day: string, address: string): string {
  return createHmac('sha256', secret)
    .update(`${day}\n${networkOf(address)}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The networks that sent more than BURST_PER_MINUTE counted requests in the current minute, per instance: a fixed
 * window, forgotten when the minute turns, holding at most `limit` networks (beyond it, new networks are not counted).
 */
export class BurstWindow {
  private minute = Number.NaN;
  private seen = new Map<string, number>();

  constructor(private readonly limit = MAX_PENDING) {}

  /** Whether a request from `visitor` at `at` may count (and counts it against the window). */
  allows(visitor: string, at: Date): boolean {
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.seen = new Map();
    }
    const count = this.seen.get(visitor) ?? 0;
    if (count === 0 && this.seen.size >= this.limit) return false;
    this.seen.set(visitor, count + 1);
    return count < BURST_PER_MINUTE;
  }
}

interface Seen {
  day: string;
  listingId: number;
  visitor: string;
  /** The first moment of the batch this visitor asked for the page (ms). */
  at: number;
  /** A click: the batches that found no page view of its visitor yet (another instance may not have written it). */
  waited?: number;
}

/** How many batches (5 s apart) a click waits for its visitor's page view to be written before it is dropped. */
const CLICK_WAITS = 12;

export class PageViews {
  private views = new Map<string, Seen>();
  private clicks = new Map<string, Seen>();
  private readonly bursts = new BurstWindow();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly log: Logger,
    private readonly intervalMs = 5000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Notes a page view served to `client` at `when`. */
  record(listingId: number, client: Client, when: Moment): void {
    this.note(this.views, listingId, client, when);
  }

  /**
   * Notes a visit to the listing's website from its page (the link's ping): counted once per visitor and day, and
   * only if that visitor was served the page that day.
   */
  recordClick(listingId: number, client: Client, when: Moment): void {
    this.note(this.clicks, listingId, client, when);
  }

  /** Writes what was seen since the last batch (tests call it to count at once). */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((error: unknown) => this.log.warn({ err: error }, 'counting page views failed'));
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private note(pending: Map<string, Seen>, listingId: number, client: Client, { day, at }: Moment): void {
    if (isBot(client.userAgent)) return;
    const visitor = visitorKey(this.secret, day, client.address);
    if (!this.bursts.allows(visitor, at)) return;
    const key = `${day}|${listingId}|${visitor}`;
    if (!pending.has(key) && pending.size < MAX_PENDING) pending.set(key, { day, listingId, visitor, at: at.getTime() });
  }

  private async write(): Promise<void> {
    const views = take(this.views);
    const clicks = take(this.clicks);
    if (views.length === 0 && clicks.length === 0) return;
    try {
      const unmatched = await this.db.transaction(async (tx) => {
        if (views.length) await writeViews(tx, views);
        const waiting = clicks.length ? await writeClicks(tx, clicks) : [];
        const [oldest] = [...views, ...clicks].map((s) => s.day).sort(); // calendar dates sort as text
        await deleteVisitorsBefore(tx, oldest!);
        return waiting;
      });
      // Clicks whose page view another instance has not written yet wait for the next batches, a minute at most.
      const again = unmatched
        .filter((click) => (click.waited ?? 0) < CLICK_WAITS)
        .map((click) => ({ ...click, waited: (click.waited ?? 0) + 1 }));
      putBack(this.clicks, again);
    } catch (error) {
      // Nothing of the batch was written: it waits for the next one (a visitor's key makes a second try count once).
      putBack(this.views, views);
      putBack(this.clicks, clicks);
      throw error;
    }
  }
}

const keyOf = (seen: Seen) => `${seen.day}|${seen.listingId}|${seen.visitor}`;

/** Takes up to MAX_BATCH of the waiting entries, in a fixed order (rows are locked in the same order on every instance). */
function take(pending: Map<string, Seen>): Seen[] {
  const batch = [...pending.values()].slice(0, MAX_BATCH);
  for (const seen of batch) pending.delete(keyOf(seen));
  return batch.sort((a, b) => a.listingId - b.listingId || a.day.localeCompare(b.day));
}

function putBack(pending: Map<string, Seen>, batch: Seen[]): void {
  for (const seen of batch) {
    const later = pending.get(keyOf(seen));
    if (later) {
      later.at = Math.min(later.at, seen.at);
      later.waited = Math.max(later.waited ?? 0, seen.waited ?? 0) || undefined;
    } else pending.set(keyOf(seen), seen);
  }
}

/**
 * Adds the batch's views and its new visitors of each day: a visitor's view counts if none of theirs was counted for
 * the listing in the last half hour (listing_visitors.viewed_at, moved on only when one counts); a visitor not yet
 * kept that day (inserted, xmax = 0) adds to the day's visitors and to views_count. The statement says first that it
 * changes listings' views alone (migration 0032): their change notifications then name them with their vote counts,
 * nothing for a listener to read again, however many listings the batch names.
 */
async function writeViews(tx: Statements, batch: Seen[]): Promise<void> {
  await tx.query(`SELECT set_config('launch.views_only', 'on', true)`);
  await tx.query(
    `WITH seen AS (
       SELECT s.* FROM unnest($1::date[], $2::int[], $3::text[], $4::timestamptz[]) AS s(day, listing_id, visitor, at)
       JOIN listings l ON l.id = s.listing_id
     ), counted_views AS (
       INSERT INTO listing_visitors AS v (day, listing_id, visitor, viewed_at)
       SELECT day, listing_id, visitor, at FROM seen ORDER BY listing_id, day, visitor
       ON CONFLICT (day, listing_id, visitor) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
         WHERE v.viewed_at IS NULL OR v.viewed_at <= EXCLUDED.viewed_at - make_interval(secs => $5)
       RETURNING day, listing_id, (xmax = 0) AS fresh
     ), counted AS (
       SELECT day, listing_id, count(*)::int AS views, (count(*) FILTER (WHERE fresh))::int AS visitors
       FROM counted_views GROUP BY day, listing_id
     ), days AS (
       INSERT INTO listing_views (listing_id, day, views, visitors)
       SELECT listing_id, day, views, visitors FROM counted ORDER BY listing_id, day
       ON CONFLICT (listing_id, day) DO UPDATE
         SET views = listing_views.views + EXCLUDED.views, visitors = listing_views.visitors + EXCLUDED.visitors
     )
     UPDATE listings l SET views_count = l.views_count + c.n
     FROM (SELECT listing_id, sum(visitors)::int AS n FROM counted GROUP BY listing_id HAVING sum(visitors) > 0) c
     WHERE l.id = c.listing_id`,
    [
      batch.map((s) => s.day),
      batch.map((s) => s.listingId),
      batch.map((s) => s.visitor),
      batch.map((s) => new Date(s.at).toISOString()),
      VIEW_EVERY_MS / 1000,
    ],
  );
}

/**
 * Adds the batch's new clickers of each day to the day's clicks: only visitors the page was served to that day count
 * (a listing_visitors row). Answers the clicks with no such row yet (the view may wait in another instance's batch).
 */
async function writeClicks(tx: Statements, batch: Seen[]): Promise<Seen[]> {
  const unmatched = await tx.query<{ n: number }>(
    `WITH seen AS (
       SELECT * FROM unnest($1::date[], $2::int[], $3::text[]) WITH ORDINALITY AS s(day, listing_id, visitor, n)
     ), matched AS (
       SELECT s.* FROM seen s JOIN listing_visitors v ON v.day = s.day AND v.listing_id = s.listing_id AND v.visitor = s.visitor
     ), fresh AS (
       INSERT INTO listing_clickers (day, listing_id, visitor)
       SELECT day, listing_id, visitor FROM matched ORDER BY listing_id, day, visitor
       ON CONFLICT DO NOTHING RETURNING day, listing_id
     ), counted AS (
       INSERT INTO listing_views (listing_id, day, clicks)
       SELECT listing_id, day, count(*)::int FROM fresh GROUP BY listing_id, day ORDER BY listing_id, day
       ON CONFLICT (listing_id, day) DO UPDATE SET clicks = listing_views.clicks + EXCLUDED.clicks
     )
     SELECT n::int AS n FROM seen s WHERE NOT EXISTS (SELECT 1 FROM matched m WHERE m.n = s.n)`,
    [batch.map((s) => s.day), batch.map((s) => s.listingId), batch.map((s) => s.visitor)],
  );
  return unmatched.map(({ n }) => batch[n - 1]!);
}

/** The id of the listing whose public page `slug` is (live or scheduled), or undefined: what a click is counted for. */
export async function findPublicListingId(db: Database, slug: string): Promise<number | undefined> {
  const row = await db.one<{ id: number }>('SELECT id FROM listings WHERE slug = $1 AND status = ANY($2::text[])', [slug, PUBLIC_STATUSES]);
  return row?.id;
}

/**
 * Forgets the visitors, clickers and badge viewers of days before the day before `day` (YYYY-MM-DD): a visit of those days can no
 * longer arrive, so nothing needs them to count a visitor once. Answers how many rows went.
 */
export async function deleteVisitorsBefore(db: Statements, day: string): Promise<number> {
  let deleted = 0;
  for (const table of ['listing_visitors', 'listing_clickers', 'badge_viewers'])
    deleted += (await db.query(`DELETE FROM ${table} WHERE day < $1::date - 1 RETURNING 1`, [day])).length;
  return deleted;
}
