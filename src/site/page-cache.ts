import type { ChangeNotifications } from '../caching/change-notifications.js';
import { TaggedCache } from '../caching/tagged-cache.js';
import { listingTag } from '../catalogue/listing-changes.js';
import type { ContentCoding, Effort } from '../web/content-encoding.js';

/**
 * Pages rendered for people who are not signed in, kept in this instance's memory and answered again while
 * nothing they show has changed. Whether a kept page is still true is the change notifications' to say (src/caching/
 * change-notifications.ts): they are heard at every write's commit, on every instance, and nothing is kept while they
 * are not heard. A page that shows chosen listings (a listing page: the listing and its alternatives) is kept tagged
 * with those listings, and a notification naming one of them drops it; a page that ranks all listings (the home page,
 * a week, a category) is true while no change at all was heard since it was read, and for `settleMs` after it was read
 * whatever changed (so while votes pour in it is rendered at most once per settling time, at most that far behind).
 * What no notification announces (comments, awards, commenters' names, a category's description) is bounded by the
 * service's clock instead: no copy is answered more than `maxAgeMs` after it was read. Bounded in bytes: of the pages
 * as rendered and the compressed copies made when they were kept (a copy made later, for another kind of client, a
 * fifth of a page, comes on top); the least recently used page goes first.
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
  /** 'any': the notifications' generation when the page was read. */
  generation: number;
}

/** How long a kept page is answered at most, whatever the notifications say: what none announce waits no longer. */
const KEPT_PAGE_MS = 60_000;

/**
 * A tag every page of chosen listings carries besides its listings': a change too large to name (or a notification
 * that may have gone unheard) drops them all, while a page of every listing stays for its settling time, as it does
 * after any change.
 */
const CHOSEN_LISTINGS = 'site-page:chosen-listings';

/** What a page counts against the bound: as rendered, and the compressed copies made when it was kept. */
const bytesOf = (entry: Entry) =>
  entry.page.body.length + Object.values(entry.page.coded ?? {}).reduce((sum, coded) => sum + coded.length, 0);

export class PageCache {
  private readonly entries: TaggedCache<Entry>;

  private readonly maxAgeMs = KEPT_PAGE_MS;

  /**
   * `settleMs` (config PAGE_SETTLE_SECONDS): a launch day's votes change some listing many times a second, and
   * rendering the home page for each change would make it the slowest page of the day.
   */
  constructor(
    private readonly notifications: ChangeNotifications,
    private readonly settleMs: number,
    maxBytes = 32 * 1024 * 1024,
  ) {
    const entries = new TaggedCache<Entry>({ maxBytes, bytesOf });
    // A change too large to name drops the pages of chosen listings only (a page of every listing has its generation).
    notifications.track({ invalidate: (tags) => entries.invalidate(tags), clear: () => entries.invalidate([CHOSEN_LISTINGS]) });
    this.entries = entries;
  }

  /**
   * Taken before a page's data is read: `set` keeps a listing's page only if none of its listings changed since, and
   * a page of every listing that changed since only for the settling time.
   */
  get generation(): number {
    return this.notifications.generation;
  }

  /** The kept page under `key`, if it is still true at `now` (the service's clock, in ms). */
  get(key: string, now: number): KeptPage | undefined {
    const entry = this.entries.peek(key);
    if (!entry) return undefined;
    if (!this.stillTrue(entry, now)) {
      if (!this.settledAt(entry, now)) this.entries.delete(key);
      return undefined;
    }
    this.entries.get(key); // most recently used
    return entry.page;
  }

  /**
   * Keeps `page`, read from data taken at `generation` at `now`, unless a change of what it shows was heard since
   * (for a page of every listing, unless there is no settling time) or notifications are not being heard (then
   * nothing could drop it when it turns false).
   */
  set(key: string, page: KeptPage, dependsOn: PageDependencies, generation: number, now: number): void {
    const entry: Entry = { page, readAt: now, dependsOn, generation };
    if (dependsOn === 'any') {
      if (!this.notifications.enabled) return;
      // Changed while it was read: true only for what is left of the settling time.
      if (generation !== this.notifications.generation && this.settleMs === 0) return;
      this.entries.set(key, entry, []);
    } else {
      this.notifications.keep(this.entries, key, entry, [...dependsOn.map(listingTag), CHOSEN_LISTINGS], generation);
    }
  }

  /**
   * The page under `key` that ranks every listing and has outlived its settling time: answered while another request
   * reads it again (at most the settling time and one reading behind), so that on a launch day the visitors who come
   * meanwhile do not all read it again at once. Never past the kept page age, never without a settling time, and never
   * a listing's page (a change of what it shows drops it at once).
   */
  settled(key: string, now: number): KeptPage | undefined {
    const entry = this.entries.peek(key);
    return entry && this.settledAt(entry, now) ? entry.page : undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  private stillTrue(entry: Entry, now: number): boolean {
    if (!this.notifications.enabled) return false;
    if (now < entry.readAt || now - entry.readAt >= this.maxAgeMs) return false;
    // A page of chosen listings is dropped by a change of one of them: while it is here, it is true.
    return entry.dependsOn !== 'any' || entry.generation === this.notifications.generation || now - entry.readAt < this.settleMs;
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
}
