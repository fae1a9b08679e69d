import { randomUUID } from 'node:crypto';
import { dropOldest } from '../caching/drop-oldest.js';

const MARKER_PREFIX = 'caught-up:';

/**
 * Answers of public read operations (a tool's `cache`), kept in memory and reused for the same input
 * until a change notification names one of their tags: the database sends one at the commit of every
 * write that changes what the answer shows (see src/catalogue/listing-changes.ts). Nothing is kept while
 * notifications are not being received, so no answer outlives a change it could not hear of.
 * Bounded: the least recently used entry goes first.
 */
export class ResultCache {
  private readonly entries = new Map<string, { value: Record<string, unknown>; tags: readonly string[] }>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private listening = false;
  /** Counts invalidations: an answer read while one of its tags was invalidated may predate it, and is not kept. */
  private invalidations = 0;
  /** Each recently invalidated tag, with the count its latest invalidation made (oldest first). */
  private readonly invalidatedAt = new Map<string, number>();
  /** Answers read before this count may predate a forgotten invalidation (or a clear): none is kept. */
  private unknownBefore = 0;
  private sendMarker?: (marker: string) => Promise<void>;
  private readonly markersAwaited = new Map<string, () => void>();
  private markersSent = 0;
  private readonly instance = randomUUID().slice(0, 8);

  constructor(
    private readonly maxEntries = 5_000,
    /** How many recently invalidated tags are remembered for answers still being read. */
    private readonly trackedTags = 10_000,
  ) {}

  /** Whether answers are kept: only while change notifications are being received. */
  get enabled(): boolean {
    return this.listening;
  }

  /** Notifications are being received (true), or their connection is lost (false: everything goes). */
  setListening(listening: boolean): void {
    if (!listening) this.clear();
    this.listening = listening;
  }

  /** Taken before an answer is read from the database; `set` keeps it only if none of its tags changed since. */
  get generation(): number {
    return this.invalidations;
  }

  /**
   * Whether an answer read at `generation` may predate a change of one of `tags`. Per tag: a launch day's votes
   * change some listing many times a second, and an answer read meanwhile about others is still true.
   */
  changedSince(tags: readonly string[], generation: number): boolean {
    if (generation === this.invalidations) return false;
    if (generation < this.unknownBefore) return true;
    return tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > generation);
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
      if (!sent || !(await heard)) this.clear();
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

  get(key: string): Record<string, unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** Keeps an answer read at `generation` (unless one of its tags changed since); says whether it was kept. */
  set(key: string, value: Record<string, unknown>, tags: readonly string[], generation: number): boolean {
    if (!this.listening || this.changedSince(tags, generation)) return false;
    this.delete(key);
    this.entries.set(key, { value, tags });
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.keysByTag.set(tag, keys);
    }
    dropOldest(
      this.entries,
      (oldest) => this.delete(oldest),
      () => this.entries.size <= this.maxEntries,
    );
    return true;
  }

  /** Forgets every answer tagged with one of `tags`. */
  invalidate(tags: readonly string[]): void {
    this.invalidations += 1;
    for (const tag of tags) {
      for (const key of this.keysByTag.get(tag) ?? []) this.delete(key);
      this.invalidatedAt.delete(tag);
      this.invalidatedAt.set(tag, this.invalidations);
    }
    dropOldest(this.invalidatedAt, this.forgetTag, () => this.invalidatedAt.size <= this.trackedTags);
  }

  /** A tag no longer tracked: answers read before its invalidation may predate it, and are not kept. */
  private readonly forgetTag = (tag: string) => {
    this.unknownBefore = Math.max(this.unknownBefore, this.invalidatedAt.get(tag)!);
    this.invalidatedAt.delete(tag);
  };

  /** Forgets everything (a change too large to name, or a lost notification connection). */
  clear(): void {
    this.invalidations += 1;
    this.unknownBefore = this.invalidations;
    this.invalidatedAt.clear();
    this.entries.clear();
    this.keysByTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}

/** The same key for the same input, whatever the order its properties arrived in. */
export function cacheKey(toolName: string, input: unknown): string {
  return `${toolName} ${sortedJson(input)}`;
}

/** JSON with every object's properties in name order (as JSON.stringify: undefined members left out). */
function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  const members: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined && typeof member !== 'function') members.push(`${JSON.stringify(key)}:${sortedJson(member)}`);
  }
  return `{${members.join(',')}}`;
}
