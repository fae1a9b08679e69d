import type { ResultCache } from '../registry/result-cache.js';
import { listingTag } from '../catalogue/listing-changes.js';
import type { ContentCoding, Effort } from '../web/content-encoding.js';
import { dropOldest } from '../caching/drop-oldest.js';

/**
 * Pages rendered for people who are not signed in, kept in this instance's memory and answered again while
 * nothing they show has changed. Whether a kept page is still true is the answer cache's to say (src/registry/
 * result-cache.ts): it hears the listing change notifications every write sends at its commit, on every
 * instance, and forgets everything while they are not heard. A page that shows chosen listings (a listing
 * page: the listing and its alternatives) keeps a small token in it, tagged with those listings, and is true
 * while the token is there; a page that ranks all listings (the home page, a week, a category) is true while
 * no change at all was heard since it was read, and for `settleMs` after it was read whatever changed (so while
 * votes pour in it is rendered at most once per settling time, at most that far behind). What no notification
 * announces (comments, awards, commenters' names, a category's description) is bounded by the service's clock
 * instead: no copy is answered more than `maxAgeMs` after it was read. Bounded in bytes: of the pages as rendered
 * and the compressed copies made when they were kept (a copy made later, for another kind of client, a fifth of
 * a page, comes on top); the least recently used page goes first.
 */

/** What a kept page depends on: any listing change at all, or changes of these listings. */
export type PageDependencies = 'any' | readonly number[];

export interface KeptPage {
  body: Buffer;
  /** A strong validator: the body's hash, quoted. */
  etag: string;
  contentType: string;
  /** The page's own Content-Security-Policy (a listing page allows its link's ping). */
  policy: string;
  /** The listing whose page this is: a kept answer still counts a view of it. */
  viewed?: number;
  /** The body compressed, by coding: made when a client first asks for one (see kept-pages.ts). */
  coded?: Partial<Record<ContentCoding, Buffer>>;
  /** How hard `coded` was compressed: fast when the page was first read, tight once it was read again. */
  effort?: Effort;
}

interface Entry {
  page: KeptPage;
  readAt: number;
  dependsOn: PageDependencies;
  /** 'any': the answer cache's generation when the page was read. */
  generation: number;
  /** What it counts against the bound. */
  bytes: number;
  /** A listing page: the token kept in the answer cache under `sentinelKey(key)`. */
  token?: Record<string, unknown>;
}

/** The part of the answer cache a page's truth is read from. */
type Notifications = Pick<ResultCache, 'enabled' | 'generation' | 'get' | 'set'>;

/** How long a kept page is answered at most, whatever the notifications say: what none announce waits no longer. */
const KEPT_PAGE_MS = 60_000;

const sentinelKey = (key: string) => `site-page ${key}`;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  private readonly maxAgeMs = KEPT_PAGE_MS;

  /**
   * `settleMs` (config PAGE_SETTLE_SECONDS): a launch day's votes change some listing many times a second, and
   * rendering the home page for each change would make it the slowest page of the day.
   */
  constructor(
    private readonly notifications: Notifications,
    private readonly settleMs: number,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /**
   * Taken before a page's data is read: `set` keeps a listing's page only if none of its listings changed since, and
   * a page of every listing that changed since only for the settling time.
   */
  get generation(): number {
    return this.notifications.generation;
  }

  /** The kept page under `key`, if it is still true at `now` (the service's clock, in ms). */
  get(key: string, now: number): KeptPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.stillTrue(key, entry, now)) {
      if (!this.settledAt(entry, now)) this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return entry.page;
  }

  /**
   * Keeps `page`, read from data taken at `generation` at `now`, unless a change of what it shows was heard since
   * (for a page of every listing, unless there is no settling time) or notifications are not being heard (then
   * nothing could drop it when it turns false).
   */
  set(key: string, page: KeptPage, dependsOn: PageDependencies, generation: number, now: number): void {
    if (!this.notifications.enabled || page.body.length > this.maxBytes) return;
    const bytes = page.body.length + Object.values(page.coded ?? {}).reduce((sum, coded) => sum + coded.length, 0);
    const entry: Entry = { page, readAt: now, dependsOn, generation, bytes };
    if (dependsOn === 'any') {
      // Changed while it was read: true only for what is left of the settling time.
      if (generation !== this.notifications.generation && this.settleMs === 0) return;
    } else {
      entry.token = { page: key, readAt: now };
      if (!this.notifications.set(sentinelKey(key), entry.token, dependsOn.map(listingTag), generation)) return;
    }
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += bytes;
    dropOldest(
      this.entries,
      (oldest) => this.delete(oldest),
      () => this.bytes <= this.maxBytes,
    );
  }

  /**
   * The page under `key` that ranks every listing and has outlived its settling time: answered while another request
   * reads it again (at most the settling time and one reading behind), so that on a launch day the visitors who come
   * meanwhile do not all read it again at once. Never past the kept page age, never without a settling time, and never
   * a listing's page (a change of what it shows drops it at once).
   */
  settled(key: string, now: number): KeptPage | undefined {
    const entry = this.entries.get(key);
    return entry && this.settledAt(entry, now) ? entry.page : undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  private stillTrue(key: string, entry: Entry, now: number): boolean {
    if (!this.notifications.enabled) return false;
    if (now < entry.readAt || now - entry.readAt >= this.maxAgeMs) return false;
    if (entry.dependsOn === 'any') return entry.generation === this.notifications.generation || now - entry.readAt < this.settleMs;
    return this.notifications.get(sentinelKey(key)) === entry.token;
  }

  private settledAt(entry: Entry, now: number): boolean {
    return (
      this.notifications.enabled &&
      this.settleMs > 0 &&
      entry.dependsOn === 'any' &&
      now >= entry.readAt &&
      now - entry.readAt < this.maxAgeMs
    );
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
