/**
 * An in-memory inverted index of the public listings' search words: for each lexeme of their search vectors
 * (listing_search.search_vector, 'simple' configuration), the listings that contain it, with each listing's
 * status and votes. It answers what the text index and the votes walk answer in PostgreSQL for a common word,
 * without reading thousands of rows: how many public listings match a query, and which are the most voted.
 *
 * Matching is that of the tsquery search.ts writes: every word of the query must match, a word matches any of
 * its alternatives, an alternative is a lexeme (exactly) or a prefix of lexemes (`'word':*`).
 *
 * Listings live in slots. A listing whose words change gets a new slot and its old one is left dead: postings
 * are only ever appended, and dead slots are skipped when read. `deadShare` tells when a rebuild pays off.
 */

/** A listing as indexed: its id, public status, votes and the lexemes of its search vector. */
export interface IndexedListing {
  id: number;
  status: IndexedStatus;
  votes: number;
  lexemes: readonly string[];
}

export type IndexedStatus = 'live' | 'scheduled';

/** One word of a query: lexemes it matches exactly, and a prefix of lexemes it matches (for words of 3+ letters). */
export interface WordAlternatives {
  exact: readonly string[];
  prefix?: string;
}

export interface IndexedMatches {
  /** How many listings of the status match. */
  total: number;
  /** The ids of the most voted matches (ties by id), at most the number asked for, in that order. */
  mostVoted: number[];
}

const DEAD = 0;
const STATUS_CODES: Record<IndexedStatus, number> = { live: 1, scheduled: 2 };
/** Postings of a lexeme move from a plain array to a typed one at this length (4 bytes a posting instead of 8). */
const TYPED_FROM = 64;

/** The slots of one lexeme, in the order they were added. */
class Postings {
  private small: number[] | undefined = [];
  private typed: Int32Array | undefined;
  length = 0;

  add(slot: number): void {
    if (this.small) {
      this.small.push(slot);
      this.length += 1;
      if (this.length < TYPED_FROM) return;
      this.typed = new Int32Array(this.length * 2);
      this.typed.set(this.small);
      this.small = undefined;
      return;
    }
    if (this.length === this.typed!.length) this.typed = grow(this.typed!, this.length * 2);
    this.typed![this.length++] = slot;
  }

  /** The slots, in their first `length` entries. */
  get slots(): ArrayLike<number> {
    return this.small ?? this.typed!;
  }
}

function grow(array: Int32Array, size: number): Int32Array {
  const bigger = new Int32Array(size);
  bigger.set(array.subarray(0, Math.min(array.length, size)));
  return bigger;
}

export class WordIndex {
  private readonly postings = new Map<string, Postings>();
  /** The lexemes in code-unit order, for prefix look-ups; rebuilt after lexemes were added. */
  private sortedLexemes: string[] | undefined;
  private readonly slotOf = new Map<number, number>();
  private listingIds = new Int32Array(1024);
  private votes = new Int32Array(1024);
  private statuses = new Uint8Array(1024);
  private fingerprints = new Int32Array(1024);
  private postingCounts = new Int32Array(1024);
  /** Stamps of the slots a query has matched so far (see match); `stamp` is the query's latest. */
  private stamps = new Int32Array(1024);
  private stamp = 0;
  private slots = 0;
  private allPostings = 0;
  private deadPostings = 0;

  /** Adds a listing, or brings it up to date (a listing not given a status is taken out). */
  put(listing: IndexedListing): void {
    const fingerprint = fingerprintOf(listing.lexemes);
    const slot = this.slotOf.get(listing.id);
    if (slot !== undefined && this.fingerprints[slot] === fingerprint) {
      this.votes[slot] = listing.votes;
      this.statuses[slot] = STATUS_CODES[listing.status];
      return;
    }
    if (slot !== undefined) this.kill(slot);
    this.add(listing, fingerprint);
  }

  /** A listing's new vote count, when nothing else of it changed (a listing not indexed stays out). */
  setVotes(listingId: number, votes: number): void {
    const slot = this.slotOf.get(listingId);
    if (slot !== undefined) this.votes[slot] = votes;
  }

  /** Takes a listing out (deleted, or no longer public). */
  remove(listingId: number): void {
    const slot = this.slotOf.get(listingId);
    if (slot === undefined) return;
    this.kill(slot);
    this.slotOf.delete(listingId);
  }

  /** How many listings are indexed. */
  get size(): number {
    return this.slotOf.size;
  }

  /** The share of postings that belong to dead slots (changed or removed listings). */
  get deadShare(): number {
    return this.allPostings === 0 ? 0 : this.deadPostings / this.allPostings;
  }

  /** The listings of `status` that match every word, counted, and the `reach` most voted of them. */
  match(words: readonly WordAlternatives[], status: IndexedStatus, reach: number): IndexedMatches {
    const lists = words.map((word) => this.postingsOf(word));
    if (lists.length === 0) return { total: 0, mostVoted: [] };
    // Start from the word with the fewest postings; each further word keeps the candidates it also matches.
    lists.sort((a, b) => count(a) - count(b));
    const code = STATUS_CODES[status];
    let stamp = this.nextStamp();
    const candidates: number[] = [];
    const { statuses, stamps } = this;
    for (const postings of lists[0]) {
      const slots = postings.slots;
      for (let i = 0; i < postings.length; i++) {
        const slot = slots[i];
        if (statuses[slot] === code && stamps[slot] !== stamp) {
          stamps[slot] = stamp;
          candidates.push(slot);
        }
      }
    }
    for (const list of lists.slice(1)) {
      const previous = stamp;
      stamp = this.nextStamp();
      for (const postings of list) {
        const slots = postings.slots;
        for (let i = 0; i < postings.length; i++) if (stamps[slots[i]] === previous) stamps[slots[i]] = stamp;
      }
    }
    const matched = lists.length === 1 ? candidates : candidates.filter((slot) => this.stamps[slot] === stamp);
    return { total: matched.length, mostVoted: this.mostVoted(matched, reach).map((slot) => this.listingIds[slot]) };
  }

  /** The `reach` slots with the most votes (ties: lower listing id first), in that order. */
  private mostVoted(slots: number[], reach: number): number[] {
    const { votes, listingIds } = this;
    const byVotes = (a: number, b: number) => votes[b] - votes[a] || listingIds[a] - listingIds[b];
    if (slots.length <= reach) return slots.sort(byVotes);
    if (reach <= 0) return [];
    // The votes of the reach-th most voted; then every slot above them, and the lowest ids of those at them.
    const threshold = kthLargest(valuesOf(slots, votes), reach);
    const above: number[] = [];
    let at: number[] = [];
    for (const slot of slots) {
      if (votes[slot] > threshold) above.push(slot);
      else if (votes[slot] === threshold) at.push(slot);
    }
    const wanted = reach - above.length;
    if (at.length > wanted) {
      const negatedIds = valuesOf(at, listingIds).map((id) => -id);
      const lastId = -kthLargest(negatedIds, wanted);
      at = at.filter((slot) => listingIds[slot] <= lastId);
    }
    return [...above.sort(byVotes), ...at.sort(byVotes)];
  }

  private postingsOf(word: WordAlternatives): Postings[] {
    const lexemes = new Set(word.exact);
    if (word.prefix !== undefined) for (const lexeme of this.withPrefix(word.prefix)) lexemes.add(lexeme);
    const lists: Postings[] = [];
    for (const lexeme of lexemes) {
      const postings = this.postings.get(lexeme);
      if (postings) lists.push(postings);
    }
    return lists;
  }

  private withPrefix(prefix: string): string[] {
    this.sortedLexemes ??= [...this.postings.keys()].sort(compareCodeUnits);
    const sorted = this.sortedLexemes;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < sorted.length && sorted[i].startsWith(prefix); i++) found.push(sorted[i]);
    return found;
  }

  private add(listing: IndexedListing, fingerprint: number): void {
    const slot = this.slots++;
    if (slot === this.listingIds.length) this.growSlots(slot * 2);
    this.slotOf.set(listing.id, slot);
    this.listingIds[slot] = listing.id;
    this.votes[slot] = listing.votes;
    this.statuses[slot] = STATUS_CODES[listing.status];
    this.fingerprints[slot] = fingerprint;
    const lexemes = new Set(listing.lexemes);
    this.postingCounts[slot] = lexemes.size;
    this.allPostings += lexemes.size;
    for (const lexeme of lexemes) {
      let postings = this.postings.get(lexeme);
      if (!postings) {
        postings = new Postings();
        this.postings.set(lexeme, postings);
        this.sortedLexemes = undefined;
      }
      postings.add(slot);
    }
  }

  private kill(slot: number): void {
    if (this.statuses[slot] === DEAD && this.fingerprints[slot] === 0) return;
    this.statuses[slot] = DEAD;
    this.fingerprints[slot] = 0;
    this.deadPostings += this.postingCounts[slot];
  }

  private growSlots(size: number): void {
    const widen = <T extends Int32Array | Uint8Array>(array: T): T => {
      const bigger = new (array.constructor as new (n: number) => T)(size);
      bigger.set(array);
      return bigger;
    };
    this.listingIds = widen(this.listingIds);
    this.votes = widen(this.votes);
    this.statuses = widen(this.statuses);
    this.fingerprints = widen(this.fingerprints);
    this.postingCounts = widen(this.postingCounts);
    this.stamps = widen(this.stamps);
  }

  private nextStamp(): number {
    if (this.stamp === 0x7fffffff) {
      this.stamps.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }
}

/** The values of `slots` in `column`, as a typed array to reorder. */
function valuesOf(slots: number[], column: Int32Array): Int32Array {
  const values = new Int32Array(slots.length);
  for (let i = 0; i < slots.length; i++) values[i] = column[slots[i]];
  return values;
}

const count = (lists: Postings[]) => lists.reduce((sum, postings) => sum + postings.length, 0);

const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A 32-bit hash of a listing's lexemes (FNV-1a), never 0 (the mark of a dead slot): unchanged words keep their slot. */
function fingerprintOf(lexemes: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const lexeme of lexemes) {
    for (let i = 0; i < lexeme.length; i++) hash = Math.imul(hash ^ lexeme.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x1f, 0x01000193);
  }
  return hash === 0 ? 1 : hash;
}

/** The k-th largest value (1-based) of `values`, which it reorders: quickselect. */
function kthLargest(values: Int32Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = k - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] > pivot) i++;
      while (values[j] < pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i] = values[j];
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else return values[target];
  }
  return values[target];
}
