/**
 * Page views and website clicks of listings without a database write per request: each instance keeps what it
 * saw of the day, and writes it in one batch every few seconds, with additive increments, so the counts are exact
 * however many instances count at once.
 *
 * - listing_views.views: every page view by a person (bots are not counted).
 * - listing_views.visitors: unique visitors of the day. The database keeps each (day, listing, visitor) once
 *   (listing_visitors), so a visitor counts once per day across every instance and restart; only new pairs add to
 *   the day's visitors and to listings.views_count (which feeds most_viewed).
 * - listing_views.clicks: visitors who followed the listing page's link to the product's website (the link's
 *   `ping`), once per visitor and day (listing_clickers).
 *
 * Visitors are a keyed hash of day, address and browser, never the address itself; the per-visitor keys are
 * deleted after a day (deleteVisitorsBefore).
 */
import { createHmac } from 'node:crypto';
import type { Database, Statements } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';

/** Crawlers, link previews and scripts, by their User-Agent. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|preview|curl\/|wget\/|python-requests|httpclient|go-http-client|axios\/|node-fetch|headlesschrome|lighthouse|pingdom|uptime|^node$|undici/i;

/** Most pairs one batch holds; more in one interval are left for the next. */
const MAX_BATCH = 5000;

/** Most distinct pairs an instance keeps waiting; beyond it (a flood of made-up browsers) new ones are not counted. */
const MAX_PENDING = 200_000;

/** Whether a request comes from a crawler, a link preview or a script (no User-Agent at all counts as one): those are not counted. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/** Who asked: the client's address and User-Agent, only ever kept as a keyed hash. */
export interface Client {
  address: string;
  userAgent: string | undefined;
}

interface Seen {
  day: string;
  listingId: number;
  visitor: string;
  /** Page views of this visitor in the batch (0 for a click). */
  views: number;
}

export class PageViews {
  private views = new Map<string, Seen>();
  private clicks = new Map<string, Seen>();
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

  /** Notes a page view; `day` is the site's calendar day (YYYY-MM-DD). */
  record(listingId: number, client: Client, day: string): void {
    if (isBot(client.userAgent)) return;
    const seen = this.note(this.views, listingId, client, day);
    if (seen) seen.views += 1;
  }

  /** Notes a visit to the listing's website from its page (the link's ping); counted once per visitor and day. */
  recordClick(listingId: number, client: Client, day: string): void {
    if (isBot(client.userAgent)) return;
    this.note(this.clicks, listingId, client, day);
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

  private note(pending: Map<string, Seen>, listingId: number, client: Client, day: string): Seen | undefined {
    const visitor = createHmac('sha256', this.secret)
      .update(`${day}\n${client.address}\n${client.userAgent}`)
      .digest('base64url')
      .slice(0, 22);
    const key = `${day}|${listingId}|${visitor}`;
    let seen = pending.get(key);
    if (!seen && pending.size < MAX_PENDING) {
      seen = { day, listingId, visitor, views: 0 };
      pending.set(key, seen);
    }
    return seen;
  }

  private async write(): Promise<void> {
    const views = take(this.views);
    const clicks = take(this.clicks);
    if (views.length === 0 && clicks.length === 0) return;
    try {
      await this.db.transaction(async (tx) => {
        if (views.length) await writeViews(tx, views);
        if (clicks.length) await writeClicks(tx, clicks);
        const [oldest] = [...views, ...clicks].map((s) => s.day).sort(); // calendar dates sort as text
        await deleteVisitorsBefore(tx, oldest!);
      });
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
    if (later) later.views += seen.views;
    else pending.set(keyOf(seen), seen);
  }
}

/**
 * Adds the batch's views and its new visitors of each day (a visitor already kept that day adds a view only). The
 * statement says first that it changes listings' views alone (migration 0032): their change notifications then
 * name them with their vote counts, nothing for a listener to read again, however many listings the batch names.
 */
async function writeViews(tx: Statements, batch: Seen[]): Promise<void> {
  await tx.query(`SELECT set_config('launch.views_only', 'on', true)`);
  await tx.query(
    `WITH seen AS (
       SELECT s.* FROM unnest($1::date[], $2::int[], $3::text[], $4::int[]) AS s(day, listing_id, visitor, views)
       JOIN listings l ON l.id = s.listing_id
     ), fresh AS (
       INSERT INTO listing_visitors (day, listing_id, visitor)
       SELECT day, listing_id, visitor FROM seen ORDER BY listing_id, day, visitor
       ON CONFLICT DO NOTHING RETURNING day, listing_id
     ), new_visitors AS (
       SELECT day, listing_id, count(*)::int AS n FROM fresh GROUP BY day, listing_id
     ), counted AS (
       SELECT s.day, s.listing_id, sum(s.views)::int AS views, coalesce(max(f.n), 0) AS visitors
       FROM seen s LEFT JOIN new_visitors f USING (day, listing_id) GROUP BY s.day, s.listing_id
     ), days AS (
       INSERT INTO listing_views (listing_id, day, views, visitors)
       SELECT listing_id, day, views, visitors FROM counted ORDER BY listing_id, day
       ON CONFLICT (listing_id, day) DO UPDATE
         SET views = listing_views.views + EXCLUDED.views, visitors = listing_views.visitors + EXCLUDED.visitors
     )
     UPDATE listings l SET views_count = l.views_count + c.n
     FROM (SELECT listing_id, sum(visitors)::int AS n FROM counted GROUP BY listing_id HAVING sum(visitors) > 0) c
     WHERE l.id = c.listing_id`,
    [batch.map((s) => s.day), batch.map((s) => s.listingId), batch.map((s) => s.visitor), batch.map((s) => s.views)],
  );
}

/** Adds the batch's new clickers of each day to the day's clicks. */
async function writeClicks(tx: Statements, batch: Seen[]): Promise<void> {
  await tx.query(
    `WITH fresh AS (
       INSERT INTO listing_clickers (day, listing_id, visitor)
       SELECT s.day, s.listing_id, s.visitor FROM unnest($1::date[], $2::int[], $3::text[]) AS s(day, listing_id, visitor)
       JOIN listings l ON l.id = s.listing_id ORDER BY s.listing_id, s.day, s.visitor
       ON CONFLICT DO NOTHING RETURNING day, listing_id
     )
     INSERT INTO listing_views (listing_id, day, clicks)
     SELECT listing_id, day, count(*)::int FROM fresh GROUP BY listing_id, day ORDER BY listing_id, day
     ON CONFLICT (listing_id, day) DO UPDATE SET clicks = listing_views.clicks + EXCLUDED.clicks`,
    [batch.map((s) => s.day), batch.map((s) => s.listingId), batch.map((s) => s.visitor)],
  );
}

/** The id of the listing whose public page `slug` is (live or scheduled), or undefined: what a click is counted for. */
export async function findPublicListingId(db: Database, slug: string): Promise<number | undefined> {
  const row = await db.one<{ id: number }>('SELECT id FROM listings WHERE slug = $1 AND status = ANY($2::text[])', [slug, PUBLIC_STATUSES]);
  return row?.id;
}

/**
 * Forgets the visitors and clickers of days before the day before `day` (YYYY-MM-DD): a visit of those days can no
 * longer arrive, so nothing needs them to count a visitor once. Answers how many rows went.
 */
export async function deleteVisitorsBefore(db: Statements, day: string): Promise<number> {
  const visitors = await db.query('DELETE FROM listing_visitors WHERE day < $1::date - 1 RETURNING 1', [day]);
  const clickers = await db.query('DELETE FROM listing_clickers WHERE day < $1::date - 1 RETURNING 1', [day]);
  return visitors.length + clickers.length;
}
