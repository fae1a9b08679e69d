/**
 * Rendered social cards, kept in this instance's memory, bounded in bytes (the least recently used go first).
 * A card is kept under the hash of everything it shows (./cards.ts cardKey), read from the database on every
 * request: a changed object has a new key, so a card that no longer matches its object is never served, even
 * while change notifications are lost. The listing change notifications (the `listing_changed` channel, heard
 * in src/app.ts) drop the cards that show a changed listing at once, so they do not wait for eviction.
 */
import { dropOldest } from '../caching/drop-oldest.js';

export interface CachedCard {
  png: Buffer;
  /** The key it was rendered for; the answer's ETag. */
  key: string;
}

export class CardCache {
  private readonly entries = new Map<string, { card: CachedCard; listingIds: readonly number[] }>();
  private readonly keysByListing = new Map<number, Set<string>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): CachedCard | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return entry.card;
  }

  /** Keeps a card that shows the listings `listingIds`. */
  set(card: CachedCard, listingIds: readonly number[]): void {
    if (card.png.length > this.maxBytes) return;
    this.delete(card.key);
    this.entries.set(card.key, { card, listingIds });
    this.bytes += card.png.length;
    for (const id of listingIds) {
      const keys = this.keysByListing.get(id) ?? new Set<string>();
      keys.add(card.key);
      this.keysByListing.set(id, keys);
    }
    dropOldest(
      this.entries,
      (oldest) => this.delete(oldest),
      () => this.bytes <= this.maxBytes,
    );
  }

  /** Listings changed (a notification's ids, or 'all'): the cards that show them go. */
  changed(ids: readonly number[] | 'all'): void {
    if (ids === 'all') {
      this.entries.clear();
      this.keysByListing.clear();
      this.bytes = 0;
      return;
    }
    for (const id of ids) for (const key of this.keysByListing.get(id) ?? []) this.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.card.png.length;
    for (const id of entry.listingIds) {
      const keys = this.keysByListing.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByListing.delete(id);
    }
  }
}
