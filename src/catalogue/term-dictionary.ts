/**
 * The typo dictionary in memory: search_terms (the public listings' words as typed, with their document counts and
 * their stems in the 'english' configuration) read whole by each instance, and read again whenever it changes
 * (migration 0035 announces every statement that changed it on TERM_CHANGES_CHANNEL at its commit).
 *
 * It answers what query-reading.ts otherwise asks PostgreSQL at every search: whether a word is known as typed,
 * and the dictionary words a typo away from it. Candidates are found as pg_trgm's `%` operator finds them
 * (trigrams of each word padded with two spaces before and one after, similarity = shared / (all distinct of both),
 * at least pg_trgm's default threshold 0.3), so the answers are those of the statement it replaces; a tie in
 * similarity and documents is broken by code point order rather than the database's collation.
 */
import type { Database } from '../db/database.js';

/** The channel migration 0035's triggers notify when search_terms changed. */
export const TERM_CHANGES_CHANNEL = 'search_terms_changed';

/** pg_trgm.similarity_threshold's default: the `%` operator's threshold. */
const SIMILARITY_THRESHOLD = 0.3;
/** How long a search waits for a read of the dictionary under way before it asks PostgreSQL instead. */
const RELOAD_WAIT_MS = 250;

export interface DictionaryTerm {
  term: string;
  /** How many public listings hold the word. */
  documents: number;
  /** Its lexemes in the 'english' configuration (none for a stop word). */
  stems: readonly string[];
}

/** A word a typo away from the one asked, with pg_trgm's similarity of the two. */
export interface CloseTerm extends DictionaryTerm {
  similarity: number;
}

export class TermDictionary {
  /** The terms in code point order (prefix ranges are contiguous). */
  private readonly terms: DictionaryTerm[];
  private readonly position = new Map<string, number>();
  /** documentsBefore[i]: the documents of terms[0..i-1], for the documents of the terms a prefix begins. */
  private readonly documentsBefore: Float64Array;
  /** For each trigram, the positions of the terms that hold it; and how many distinct trigrams each term has. */
  private readonly postings = new Map<string, number[]>();
  private readonly trigramCounts: Uint16Array;

  constructor(terms: readonly DictionaryTerm[]) {
    this.terms = [...terms].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    this.documentsBefore = new Float64Array(this.terms.length + 1);
    this.trigramCounts = new Uint16Array(this.terms.length);
    for (const [i, entry] of this.terms.entries()) {
      this.position.set(entry.term, i);
      this.documentsBefore[i + 1] = this.documentsBefore[i] + entry.documents;
      const trigrams = trigramsOf(entry.term);
      this.trigramCounts[i] = Math.min(trigrams.size, 0xffff);
      for (const trigram of trigrams) {
        const list = this.postings.get(trigram);
        if (list) list.push(i);
        else this.postings.set(trigram, [i]);
      }
    }
  }

  get size(): number {
    return this.terms.length;
  }

  /** The word as the dictionary holds it, if it does. */
  lookup(word: string): DictionaryTerm | undefined {
    const at = this.position.get(word);
    return at === undefined ? undefined : this.terms[at];
  }

  /** The documents of every term that begins with `prefix` (the term itself included). */
  documentsStartingWith(prefix: string): number {
    const from = this.lowerBound(prefix);
    let to = from;
    // Terms that begin with the prefix are contiguous from its lower bound.
    while (to < this.terms.length && this.terms[to].term.startsWith(prefix)) to++;
    return this.documentsBefore[to] - this.documentsBefore[from];
  }

  /**
   * The terms at least SIMILARITY_THRESHOLD similar to `word` (pg_trgm) that do not begin with it and hold more than
   * `documentsAbove` documents, the most similar first (then the most common, then by code points), at most `limit`.
   */
  similarTo(word: string, documentsAbove: number, limit: number): CloseTerm[] {
    const trigrams = trigramsOf(word);
    const shared = new Map<number, number>();
    for (const trigram of trigrams) for (const at of this.postings.get(trigram) ?? []) shared.set(at, (shared.get(at) ?? 0) + 1);
    const close: CloseTerm[] = [];
    for (const [at, count] of shared) {
      const entry = this.terms[at];
      if (entry.documents <= documentsAbove || entry.term.startsWith(word)) continue;
      // pg_trgm computes in float4: the same rounding keeps the threshold and the order its own.
      const similarity = Math.fround(count / (trigrams.size + this.trigramCounts[at] - count));
      if (similarity >= SIMILARITY_THRESHOLD) close.push({ ...entry, similarity });
    }
    close.sort((a, b) => b.similarity - a.similarity || b.documents - a.documents || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return close.slice(0, limit);
  }

  private lowerBound(text: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.terms[middle].term < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * pg_trgm's trigrams of a text: each word (a run of letters and digits) padded with two spaces before and one after,
 * every three consecutive characters, each once.
 */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = Array.from(`  ${word} `);
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.add(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return trigrams;
}

export interface TermDictionaryLog {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * The dictionary kept current: read when notifications are first heard and again after each change announced.
 * `current()` gives it only when every change heard has been read (waiting briefly for a read under way), and
 * nothing while notifications are not heard: searches then read the dictionary in PostgreSQL, as without it.
 */
export class KeptTermDictionary {
  private dictionary: TermDictionary | undefined;
  private listening = false;
  private heard = 0;
  private readUpTo = 0;
  private reading: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log?: TermDictionaryLog,
  ) {}

  /** Notifications are heard (true: the dictionary is read again, changes may have been missed) or lost (false). */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (listening) this.changed();
  }

  /** The dictionary changed: it is read again. */
  changed(): void {
    if (this.closed) return;
    this.heard++;
    this.reading ??= this.readAll();
  }

  /** The dictionary with every change heard so far read, waiting at most `waitMs` for a read under way. */
  async current(waitMs = RELOAD_WAIT_MS): Promise<TermDictionary | undefined> {
    if (!this.listening) return undefined;
    const target = this.heard;
    if (this.readUpTo < target && this.reading) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.reading, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    }
    return this.listening && this.readUpTo >= target ? this.dictionary : undefined;
  }

  /** Resolves once the reads under way are done (tests, and a clean shutdown). */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  /** Reads the whole dictionary until a read covers every change heard. */
  private async readAll(): Promise<void> {
    try {
      while (!this.closed && this.readUpTo < this.heard) {
        const upTo = this.heard;
        const started = performance.now();
        const rows = await this.db.query<{ term: string; documents: number; stems: string[] }>(
          'SELECT term, documents, stems FROM search_terms',
        );
        const first = this.dictionary === undefined;
        this.dictionary = new TermDictionary(rows);
        this.readUpTo = upTo;
        if (first) this.log?.info({ terms: rows.length, load_ms: Math.round(performance.now() - started) }, 'typo dictionary read');
      }
    } catch (error) {
      this.dictionary = undefined;
      this.log?.error({ err: error }, 'the typo dictionary could not be read: searches read it in PostgreSQL');
    } finally {
      this.reading = undefined;
    }
  }
}
