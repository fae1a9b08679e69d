/**
 * Page views of listings without a database write per view: each instance keeps the (listing, visitor) pairs
 * of the day it saw, and writes them in one batch every few seconds. The database keeps each pair once a day
 * (listing_visitors), so a visitor counts once per day across every instance and restart; only new pairs add to
 * the day's listing_views and to listings.views_count (which feeds most_viewed). Visitors are a keyed hash of
 * address and browser, never the address itself; known bots are not counted.
 */
import { createHmac } from 'node:crypto';
import type { Database, Statements } from '../db/database.js';
import type { Logger } from '../logging/logger.js';

/** Crawlers, link previews and scripts, by their User-Agent. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|preview|curl\/|wget\/|python-requests|httpclient|go-http-client|axios\/|node-fetch|headlesschrome|lighthouse|pingdom|uptime/i;

/** Most pairs one batch holds; more in one interval are left for the next. */
const MAX_BATCH = 5000;

function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

export class PageViews {
  private pending = new Map<string, { day: string; listingId: number; visitor: string }>();
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

  /** Notes a view; `day` is the site's calendar day (YYYY-MM-DD). */
  record(listingId: number, client: { address: string; userAgent: string | undefined }, day: string): void {
    if (isBot(client.userAgent)) return;
    const visitor = createHmac('sha256', this.secret)
      .update(`${day}\n${client.address}\n${client.userAgent}`)
      .digest('base64url')
      .slice(0, 22);
    this.pending.set(`${day}|${listingId}|${visitor}`, { day, listingId, visitor });
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

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()].slice(0, MAX_BATCH);
    for (const seen of batch) this.pending.delete(`${seen.day}|${seen.listingId}|${seen.visitor}`);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `WITH seen AS (
           SELECT * FROM unnest($1::date[], $2::int[], $3::text[]) AS s(day, listing_id, visitor)
         ), fresh AS (
           INSERT INTO listing_visitors (day, listing_id, visitor)
           SELECT s.day, s.listing_id, s.visitor FROM seen s JOIN listings l ON l.id = s.listing_id
           ON CONFLICT DO NOTHING RETURNING day, listing_id
         ), counted AS (
           SELECT day, listing_id, count(*)::int AS n FROM fresh GROUP BY day, listing_id
         ), days AS (
           INSERT INTO listing_views (listing_id, day, views) SELECT listing_id, day, n FROM counted
           ON CONFLICT (listing_id, day) DO UPDATE SET views = listing_views.views + EXCLUDED.views
         )
         UPDATE listings l SET views_count = l.views_count + c.n
         FROM (SELECT listing_id, sum(n)::int AS n FROM counted GROUP BY listing_id) c WHERE l.id = c.listing_id`,
        [batch.map((s) => s.day), batch.map((s) => s.listingId), batch.map((s) => s.visitor)],
      );
      const [oldest] = batch.map((s) => s.day).sort(); // calendar dates sort as text
      await deleteVisitorsBefore(tx, oldest!);
    });
  }
}

/**
 * Forgets the visitors of days before the day before `day` (YYYY-MM-DD): a visit of those days can no longer
 * arrive, so nothing needs them to count a visitor once. Answers how many rows went.
 */
export async function deleteVisitorsBefore(db: Statements, day: string): Promise<number> {
  return (await db.query('DELETE FROM listing_visitors WHERE day < $1::date - 1 RETURNING 1', [day])).length;
}
