import { dropOldest } from './drop-oldest.js';

export interface TaggedCacheBounds<V> {
  /** How many entries it holds at most. */
  maxEntries?: number;
  /** How many bytes its entries count at most (`bytesOf`, taken when an entry is kept); a larger entry is not kept. */
  maxBytes?: number;
  /** What an entry counts against `maxBytes`. */
  bytesOf?: (value: V) => number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  bytes: number;
}

/**
 * Values kept in memory under keys, each with the tags of what it shows; `invalidate` forgets every value tagged
 * with one of the tags it names. Bounded in entries and/or bytes: the least recently used entry goes first. It knows
 * nothing of where the tags come from: ./change-notifications.ts invalidates every cache it tracks when a change
 * notification is heard.
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private bytesKept = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly bytesOf: (value: V) => number;

  constructor(bounds: TaggedCacheBounds<V> = {}) {
    this.maxEntries = bounds.maxEntries ?? Number.POSITIVE_INFINITY;
    this.maxBytes = bounds.maxBytes ?? Number.POSITIVE_INFINITY;
    this.bytesOf = bounds.bytesOf ?? (() => 0);
  }

  /** The value under `key`, which becomes the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** The value under `key`, leaving it where it is in the order of use. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /**
   * Keeps `value` under `key` instead of what was there (which goes in any case), tagged with `tags`; then drops the
   * least recently used entries until the bounds hold. Says whether it was kept: not when it alone counts more than
   * the bytes bound.
   */
  set(key: string, value: V, tags: readonly string[]): boolean {
    this.delete(key);
    const bytes = this.bytesOf(value);
    if (bytes > this.maxBytes) return false;
    this.entries.set(key, { value, tags, bytes });
    this.bytesKept += bytes;
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.keysByTag.set(tag, keys);
    }
    dropOldest(
      this.entries,
      (oldest) => this.delete(oldest),
      () => this.entries.size <= this.maxEntries && this.bytesKept <= this.maxBytes,
    );
    return true;
  }

  /** Forgets every value tagged with one of `tags`. */
  invalidate(tags: readonly string[]): void {
    for (const tag of tags) for (const key of this.keysByTag.get(tag) ?? []) this.delete(key);
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
    this.bytesKept = 0;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytesKept -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries count against the bytes bound. */
  get bytes(): number {
    return this.bytesKept;
  }
}
