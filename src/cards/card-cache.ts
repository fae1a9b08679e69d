/**
 * Rendered social cards, kept in this instance's memory, bounded in bytes (the least recently used go first).
 * A card is kept under the hash of everything it shows (./cards.ts cardKey), read from the database on every
 * request: a changed object has a new key, so a card that no longer matches its object is never served, even
 * while change notifications are lost (they are kept meanwhile). The listing change notifications
 * (src/caching/change-notifications.ts, heard in src/app.ts) drop the cards that show a changed listing at once, so
 * they do not wait for eviction.
 */
import type { ChangeNotifications } from '../caching/change-notifications.js';
import type { TaggedCache } from '../caching/tagged-cache.js';
import { listingTag } from '../catalogue/listing-changes.js';

export interface CachedCard {
  png: Buffer;
  /** The key it was rendered for; the answer's ETag. */
  key: string;
}

export class CardCache {
  private readonly cards: TaggedCache<CachedCard>;

  constructor(changes: ChangeNotifications, maxBytes = 32 * 1024 * 1024) {
    this.cards = changes.cache<CachedCard>({ maxBytes, bytesOf: (card) => card.png.length }, { keptWhileDeaf: true });
  }

  get(key: string): CachedCard | undefined {
    return this.cards.get(key);
  }

  /** Keeps a card that shows the listings `listingIds`. */
  set(card: CachedCard, listingIds: readonly number[]): void {
    this.cards.set(card.key, card, listingIds.map(listingTag));
  }

  get size(): number {
    return this.cards.size;
  }
}
