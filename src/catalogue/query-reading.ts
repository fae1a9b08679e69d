/**
 * How a search query is read: its words, their English stems (PostgreSQL's 'english' text search configuration,
 * Snowball), the stop words left out, and the typo corrections the dictionary offers (search_terms: the words of
 * the public listings as typed, with their document counts, trigram-indexed).
 *
 * A word matches a listing when the listing's search vector (migration 0033: 'english', with its category's words)
 * holds one of the word's alternatives: its stem ("tracking" and "tracks" both find "track"), the stems of its
 * corrections ("calender" finds "calendar"), and, for a word the dictionary does not know as typed, every stem it
 * begins ("noti" finds "notion"). A word the dictionary knows is not widened to the words it begins: "desk" does not
 * find "desktop".
 */
import type { Database } from '../db/database.js';
import type { TermDictionary } from './term-dictionary.js';
import type { WordAlternatives } from './word-index.js';
import { lexeme } from './query-escapes.js';

export interface QueryWord {
  /** As typed (lower case). */
  word: string;
  /** Its stems in the 'english' configuration. */
  stems: string[];
  /** The dictionary holds the word as typed. */
  known: boolean;
  /** The word names a country ("germany", "sweden"): see country_name_stems, migration 0033. */
  place: boolean;
  /** Dictionary words a typo away that are far more common (see corrections), with their stems. */
  corrections: { term: string; stems: string[] }[];
}

export interface QueryReading {
  /** The words searched for, in the query's order. */
  words: QueryWord[];
  /** Stop words ("for", "to", "the"): no listing is found by them, so they are left out. */
  ignored: string[];
}

/** Only the first words of a long query are corrected, each to at most this many dictionary words. */
const MAX_CORRECTED_WORDS = 8;
const CORRECTIONS_PER_WORD = 5;
/** Nearest dictionary words by trigram similarity that are checked for their edit distance. */
const CORRECTION_CANDIDATES = 20;
/** A correction must occur in this many times more listings than the words starting with the word as typed. */
const CORRECTION_ADVANTAGE = 10;
/** Shorter stems match only exactly: as prefixes they would match much of the catalogue. */
const MIN_PREFIX_LENGTH = 3;

/** The words of a query: runs of letters and digits (any script) after lower-casing, each once, in order. */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/**
 * Reads the query's words: each word's stems and whether the dictionary knows it, and for each word long enough to
 * correct, the dictionary words that are a typo away from it (see allowedTypos), that its prefix does not already
 * match, and that are far more common than the word as typed (counting the words it begins): a word that is in use as
 * typed is not "corrected" into different ones. With the dictionary in memory (term-dictionary.ts) only the words it
 * does not hold are read in PostgreSQL (their stems); without it, everything is read in one prepared statement.
 */
export async function readQuery(db: Database, words: string[], dictionary?: TermDictionary): Promise<QueryReading> {
  const places = await placeStems(db);
  const correctable = words.filter((w) => allowedTypos(w) > 0).slice(0, MAX_CORRECTED_WORDS);
  const rows = dictionary ? await readWithDictionary(db, dictionary, words, correctable) : await readInDatabase(db, words, correctable);
  const byWord = new Map<string, QueryWord>(words.map((word) => [word, { word, stems: [], known: false, place: false, corrections: [] }]));
  for (const row of rows) {
    const read = byWord.get(row.word);
    if (!read) continue;
    if (row.term === null) Object.assign(read, { stems: row.stems, known: row.known, place: row.stems.some((stem) => places.has(stem)) });
    else if (
      read.corrections.length < CORRECTIONS_PER_WORD &&
      row.stems.length > 0 &&
      editDistance(row.word, row.term) <= allowedTypos(row.word)
    )
      read.corrections.push({ term: row.term, stems: row.stems });
  }
  const read = [...byWord.values()];
  return {
    words: read.filter((w) => w.stems.length > 0 || w.corrections.length > 0),
    ignored: read.filter((w) => w.stems.length === 0 && w.corrections.length === 0).map((w) => w.word),
  };
}

/** A word as read (term null) or one of its correction candidates (term: the dictionary word), most similar first. */
type WordRow = {
  word: string;
  term: string | null;
  stems: string[];
  known: boolean;
};

async function readInDatabase(db: Database, words: string[], correctable: string[]): Promise<WordRow[]> {
  // `%` is pg_trgm's similarity operator (threshold pg_trgm.similarity_threshold, 0.3 by default); it lets
  // search_terms_trgm_idx find the candidates, which are then held to the edit distance allowed.
  // Words are letters and digits only (never % or _), so they are safe in a LIKE pattern.
  return db.query<WordRow>(
    `SELECT w.word, NULL::text AS term, ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', w.word))) AS stems,
            EXISTS (SELECT 1 FROM search_terms k WHERE k.term = w.word) AS known
     FROM unnest($1::text[]) AS w(word)
     UNION ALL
     SELECT w.word, t.term, t.stems, false
     FROM unnest($2::text[]) AS w(word)
     CROSS JOIN LATERAL (
       SELECT term, stems FROM search_terms
       WHERE term % w.word AND term NOT LIKE w.word || '%'
         AND documents > ${CORRECTION_ADVANTAGE} * (SELECT coalesce(sum(documents), 0) FROM search_terms typed WHERE typed.term LIKE w.word || '%')
       ORDER BY similarity(term, w.word) DESC, documents DESC, term
       LIMIT ${CORRECTION_CANDIDATES}
     ) t`,
    [words, correctable],
    { prepare: 'search_query_words' },
  );
}

/**
 * The same rows from the dictionary in memory: the words it holds and the correction candidates need no statement;
 * the words it does not hold are read in PostgreSQL (their stems, and whether the dictionary holds them after all: a
 * word added since the dictionary was read).
 */
async function readWithDictionary(db: Database, dictionary: TermDictionary, words: string[], correctable: string[]): Promise<WordRow[]> {
  const unheld = words.filter((word) => !dictionary.lookup(word));
  const typed =
    unheld.length === 0
      ? []
      : await db.query<WordRow>(
          `SELECT w.word, NULL::text AS term, ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', w.word))) AS stems,
                  EXISTS (SELECT 1 FROM search_terms k WHERE k.term = w.word) AS known
           FROM unnest($1::text[]) AS w(word)`,
          [unheld],
          { prepare: 'search_unheld_words' },
        );
  const rows: WordRow[] = words.flatMap((word) => {
    const held = dictionary.lookup(word);
    return held ? [{ word, term: null, stems: [...held.stems], known: true }] : typed.filter((row) => row.word === word);
  });
  for (const word of correctable) {
    const typedDocuments = dictionary.documentsStartingWith(word);
    for (const close of dictionary.similarTo(word, CORRECTION_ADVANTAGE * typedDocuments, CORRECTION_CANDIDATES))
      rows.push({ word, term: close.term, stems: [...close.stems], known: false });
  }
  return rows;
}

/**
 * The stems of the one-word country names (country_name_stems, migration 0033): fixed data, read once per database.
 * Evaluating the function in the statement cost 1.6 ms a search (it is folded again at every planning).
 */
const placeStemsOf = new WeakMap<Database, Promise<Set<string>>>();
function placeStems(db: Database): Promise<Set<string>> {
  let stems = placeStemsOf.get(db);
  if (!stems) {
    stems = db.one<{ stems: string[] }>('SELECT country_name_stems() AS stems').then((row) => new Set(row?.stems ?? []));
    stems.catch(() => placeStemsOf.delete(db));
    placeStemsOf.set(db, stems);
  }
  return stems;
}

/** The lexemes a word matches exactly, and the prefix it matches (only for a word the dictionary does not know). */
export function wordAlternatives(word: QueryWord): WordAlternatives {
  const exact = [...new Set([...word.stems, ...word.corrections.flatMap((c) => c.stems)])];
  const stem = word.stems[0];
  const prefix = !word.known && word.stems.length === 1 && stem.length >= MIN_PREFIX_LENGTH ? stem : undefined;
  return prefix === undefined ? { exact } : { exact, prefix };
}

/**
 * The tsquery text of one word, e.g. `('calend':* | 'calendar')`. Every lexeme is quoted and escaped here, so
 * neither the query nor a dictionary word can inject tsquery syntax; lexemes are already normalised (stems).
 */
export function wordQuery(word: QueryWord): string {
  const { exact, prefix } = wordAlternatives(word);
  const alternatives = [...(prefix === undefined ? [] : [`${lexeme(prefix)}:*`]), ...exact.filter((e) => e !== prefix).map(lexeme)];
  return `(${alternatives.join(' | ')})`;
}

/** Every word must match. */
export const allWordsQuery = (reading: QueryReading): string => reading.words.map(wordQuery).join(' & ');

/** Any word may match. */
export const anyWordQuery = (reading: QueryReading): string => reading.words.map(wordQuery).join(' | ');

/**
 * The query as the search read it, when a word was corrected: each word the dictionary does not know and has a
 * correction for is replaced by its first correction ("calender invoices" → "calendar invoices"); null otherwise.
 */
export function correctedQuery(words: string[], reading: QueryReading): string | null {
  const corrected = new Map(reading.words.filter((w) => !w.known && w.corrections.length > 0).map((w) => [w.word, w.corrections[0].term]));
  return corrected.size === 0 ? null : words.map((word) => corrected.get(word) ?? word).join(' ');
}

/** How many typos a word may have: none below 4 letters, 1 up to 7 letters, 2 from 8. */
function allowedTypos(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Edits (insert, delete, replace, swap two neighbours) that turn a into b: optimal string alignment distance. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
