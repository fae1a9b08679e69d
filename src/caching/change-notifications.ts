import { randomUUID } from 'node:crypto';
import { dropOldest } from './drop-oldest.js';
import { TaggedCache, type TaggedCacheBounds } from './tagged-cache.js';

const MARKER_PREFIX = 'caught-up:';

/** What a change notification invalidates: a cache (./tagged-cache.ts), or a user's own bookkeeping of one. */
export interface Invalidated {
  /** What is tagged with one of `tags` changed. */
  invalidate(tags: readonly string[]): void;
  /** Anything may have changed. */
  clear(): void;
}

interface Tracked {
  target: Invalidated;
  /** Kept while notifications are not heard (what it holds is true whatever changed, such as a card under its content's hash). */
  keptWhileDeaf: boolean;
}

/**
 * The one subscriber to the change notifications: the database sends one at the commit of every write that changes
 * what kept answers, pages and cards show (see src/catalogue/listing-changes.ts), and the composition root hands each
 * to `invalidate` (or `clear`, for a change too large to name), which invalidates every cache tracked here. Nothing
 * may be kept while notifications are not being received, so nothing outlives a change it could not hear of: those
 * caches are cleared when the notifications' connection is lost, and `keep` keeps nothing meanwhile.
 *
 * It also tells whether a value read from the database may predate a change heard while it was read (`generation`,
 * `changedSince`), and lets a writer wait until its own write's notification was heard (`catchUp`).
 */
export class ChangeNotifications {
  private readonly tracked: Tracked[] = [];
  private listening = false;
  /** Counts invalidations: a value read while one of its tags was invalidated may predate it, and is not kept. */
  private invalidations = 0;
  /** Each recently invalidated tag, with the count its latest invalidation made (oldest first). */
  private readonly invalidatedAt = new Map<string, number>();
  /** Values read before this count may predate a forgotten invalidation (or a clear): none is kept. */
  private unknownBefore = 0;
  private sendMarker?: (marker: string) => Promise<void>;
  private readonly markersAwaited = new Map<string, () => void>();
  private markersSent = 0;
  private readonly instance = randomUUID().slice(0, 8);

  /** `trackedTags`: how many recently invalidated tags are remembered for values still being read. */
  constructor(private readonly trackedTags = 10_000) {}

  /** A new cache, invalidated by every notification (and cleared while none are heard unless `keptWhileDeaf`). */
  cache<V>(bounds: TaggedCacheBounds<V>, options: { keptWhileDeaf?: boolean } = {}): TaggedCache<V> {
    return this.track(new TaggedCache<V>(bounds), options);
  }

  /** Invalidates `target` with every notification from now on (see `cache`). */
  track<T extends Invalidated>(target: T, options: { keptWhileDeaf?: boolean } = {}): T {
    this.tracked.push({ target, keptWhileDeaf: options.keptWhileDeaf ?? false });
    return target;
  }

  /** Whether values are kept: only while change notifications are being received. */
  get enabled(): boolean {
    return this.listening;
  }

  /** Notifications are being received (true), or their connection is lost (false: what relies on them goes). */
  setListening(listening: boolean): void {
    if (!listening) this.forget();
    this.listening = listening;
  }

  /** Taken before a value is read from the database; `keep` keeps it only if none of its tags changed since. */
  get generation(): number {
    return this.invalidations;
  }

  /**
   * Whether a value read at `generation` may predate a change of one of `tags`. Per tag: a launch day's votes
   * change some listing many times a second, and a value read meanwhile about others is still true.
   */
  changedSince(tags: readonly string[], generation: number): boolean {
    if (generation === this.invalidations) return false;
    if (generation < this.unknownBefore) return true;
    return tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > generation);
  }

  /**
   * Keeps in `cache` a value read at `generation`, tagged with `tags`, unless notifications are not being received or
   * one of its tags changed since; says whether it was kept.
   */
  keep<V>(cache: TaggedCache<V>, key: string, value: V, tags: readonly string[], generation: number): boolean {
    if (!this.listening || this.changedSince(tags, generation)) return false;
    return cache.set(key, value, tags);
  }

  /** A notification named `tags`: every tracked cache forgets what is tagged with one of them. */
  invalidate(tags: readonly string[]): void {
    this.invalidations += 1;
    for (const { target } of this.tracked) target.invalidate(tags);
    for (const tag of tags) {
      this.invalidatedAt.delete(tag);
      this.invalidatedAt.set(tag, this.invalidations);
    }
    dropOldest(this.invalidatedAt, this.forgetTag, () => this.invalidatedAt.size <= this.trackedTags);
  }

  /** A change too large to name: every tracked cache forgets everything. */
  clear(): void {
    this.distrustEarlierReads();
    for (const { target } of this.tracked) target.clear();
  }

  /**
   * How catchUp sends a marker on the change channel. PostgreSQL delivers a listener's notifications in
   * commit order, so once a marker sent after a commit is heard, that commit's own notification was too.
   */
  setMarkerSender(send: (marker: string) => Promise<void>): void {
    this.sendMarker = send;
  }

  /**
   * Read-your-writes: called after a write committed, resolves once its change notification has been
   * heard, so the writer's next read is not answered from before it. Past `timeoutMs` everything goes.
   */
  async catchUp(timeoutMs = 2_000): Promise<void> {
    if (!this.listening || !this.sendMarker) return;
    this.markersSent += 1;
    const marker = `${MARKER_PREFIX}${this.instance}:${this.markersSent}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.markersAwaited.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      const sent = await this.sendMarker(marker).then(
        () => true,
        () => false,
      );
      if (!sent || !(await heard)) this.forget();
    } finally {
      clearTimeout(timer);
      this.markersAwaited.delete(marker);
    }
  }

  /** Whether a notification's payload is a catch-up marker (any instance's), rather than a change. */
  heardMarker(payload: string): boolean {
    if (!payload.startsWith(MARKER_PREFIX)) return false;
    this.markersAwaited.get(payload)?.();
    return true;
  }

  /** A change may have gone unheard (a lost connection, a marker not heard): what relies on notifications goes. */
  private forget(): void {
    this.distrustEarlierReads();
    for (const { target, keptWhileDeaf } of this.tracked) if (!keptWhileDeaf) target.clear();
  }

  /** Values read before now may predate a change: none is kept. */
  private distrustEarlierReads(): void {
    this.invalidations += 1;
    this.unknownBefore = this.invalidations;
    this.invalidatedAt.clear();
  }

  /** A tag no longer tracked: values read before its invalidation may predate it, and are not kept. */
  private readonly forgetTag = (tag: string) => {
    this.unknownBefore = Math.max(this.unknownBefore, this.invalidatedAt.get(tag)!);
    this.invalidatedAt.delete(tag);
  };
}
