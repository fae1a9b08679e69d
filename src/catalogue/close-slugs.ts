/**
 * Close slugs for an unknown one: what a 404 of a listing suggests ("rocket-maple" → rocketmaple).
 *
 * Candidates come through the indexes search uses, never a scan of every listing: public listings whose name
 * (weight A of the search vector) has a word that begins with one of the asked slug's words or with the slug
 * with its hyphens left out, a word that the latter begins with ("quietharbor" finds Quiet Harbor), or a word of
 * the typo dictionary (search_terms, trigram-indexed) close to one of them; words so common that they would match
 * thousands of listings are left out. The candidates are ranked by the trigram similarity of their slug to the
 * asked one, hyphens ignored on both sides.
 */
import type { Database } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import { PUBLIC_STATUSES } from './listing-summary.js';
import { lexeme } from './query-escapes.js';

/** At most this many slugs are suggested. */
const MAX_SUGGESTIONS = 3;
/** Only the first words of a long slug are looked up. */
const MAX_WORDS = 8;
/** Dictionary words taken per looked-up word, the closest first. */
const TERMS_PER_WORD = 5;
/** Candidates ranked, the most voted first: a word common to many names cannot make the ranking costly. */
const CANDIDATES = 200;
/** The least trigram similarity (pg_trgm's default threshold) of a suggested slug to the asked one. */
const MIN_SIMILARITY = 0.3;
/** Shorter words match only whole words: as prefixes they would match much of the catalogue. */
const MIN_PREFIX_LENGTH = 3;
/** Name words that begin the slug without hyphens are looked for up to this length. */
const MAX_LEADING_WORD = 30;
/** The candidates' words together match at most this many listings (by the dictionary's counts). */
const MAX_MATCHES = 2000;

/** Up to three slugs of public (live or upcoming) listings close to `slug`, the closest first; none may be found. */
export async function closeSlugs(db: Database, slug: string): Promise<string[]> {
  const words = [...new Set(slug.toLowerCase().match(/[a-z0-9]+/g) ?? [])].slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  const joined = words.join('');
  const looked = [...new Set([joined, ...words])];
  const asked = [
    ...looked.map((word) => ({ word, prefix: word.length >= MIN_PREFIX_LENGTH, fuzzy: word.length >= MIN_PREFIX_LENGTH })),
    ...leadingWords(joined)
      .filter((word) => !looked.includes(word))
      .map((word) => ({ word, prefix: false, fuzzy: false })),
  ];
  const query = matchQuery(await alternatives(db, asked));
  if (!query) return [];
  const rows = await db.query<{ slug: string }>(
    `SELECT l.slug
     FROM (
       SELECT s.id FROM listing_search s
       WHERE s.search_vector @@ to_tsquery('english', $1) AND s.status = ANY($2::text[])
       ORDER BY s.votes_count DESC, s.id LIMIT ${CANDIDATES}
     ) c
     JOIN listings l ON l.id = c.id
     CROSS JOIN LATERAL (SELECT similarity(replace(l.slug, '-', ''), $3::text) AS closeness) m
     WHERE l.status = ANY($2::text[]) AND m.closeness >= ${MIN_SIMILARITY}
     ORDER BY m.closeness DESC, l.votes_count DESC, l.slug
     LIMIT ${MAX_SUGGESTIONS}`,
    [query, PUBLIC_STATUSES, joined],
    { prepare: 'close_slugs' },
  );
  return rows.map((row) => row.slug);
}

interface Alternative {
  word: string;
  /** Matches the name words it begins, not only itself. */
  prefix: boolean;
  /** Public listings with a word it matches, as the typo dictionary counts them (0 for words it does not know yet). */
  documents: number;
}

/**
 * The asked words with the dictionary words close to the fuzzy ones, each with how many listings it matches
 * (the dictionary's count, which a prefix sums over the words it begins).
 */
async function alternatives(db: Database, asked: { word: string; prefix: boolean; fuzzy: boolean }[]): Promise<Alternative[]> {
  // `%` is pg_trgm's similarity operator (threshold 0.3): search_terms_trgm_idx finds the close words. Asked words
  // are letters and digits only (never % or _), so they are safe in a LIKE pattern.
  return db.query<Alternative & Record<string, unknown>>(
    `WITH asked AS (SELECT * FROM unnest($1::text[], $2::boolean[], $3::boolean[]) AS a(word, prefix, fuzzy)),
       close AS (
         SELECT t.term AS word, false AS prefix FROM asked a
         CROSS JOIN LATERAL (
           SELECT term FROM search_terms WHERE term % a.word
           ORDER BY similarity(term, a.word) DESC, documents DESC, term LIMIT ${TERMS_PER_WORD}
         ) t
         WHERE a.fuzzy
       ),
       every AS (SELECT word, prefix FROM asked UNION SELECT word, prefix FROM close)
     SELECT e.word, e.prefix,
       (CASE WHEN e.prefix THEN (SELECT coalesce(sum(documents), 0) FROM search_terms WHERE term LIKE e.word || '%')
             ELSE coalesce((SELECT documents FROM search_terms WHERE term = e.word), 0) END)::int AS documents
     FROM every e`,
    [asked.map((a) => a.word), asked.map((a) => a.prefix), asked.map((a) => a.fuzzy)],
    { prepare: 'close_slug_words' },
  );
}

/**
 * The tsquery of the candidates: the alternatives matched against name words (weight A; stemmed by to_tsquery's
 * 'english' configuration, as the search vectors are, migration 0033), the rarest first, as many
 * as together match at most MAX_MATCHES listings; a common word ("app", "tool") would make every candidate's
 * ranking read thousands of rows and says little about which slug was meant. Undefined when none is left.
 */
function matchQuery(found: Alternative[]): string | undefined {
  let matches = 0;
  const kept: string[] = [];
  for (const { word, prefix, documents } of [...found].sort((a, b) => a.documents - b.documents || a.word.localeCompare(b.word))) {
    matches += documents;
    if (matches > MAX_MATCHES) break;
    kept.push(`${lexeme(word)}:${prefix ? '*' : ''}A`);
  }
  return kept.length > 0 ? kept.join(' | ') : undefined;
}

/** The 404 of an unknown listing slug: its `suggestions` (possibly none) are close slugs, named in the detail too. */
export async function unknownListing(db: Database, slug: string): Promise<NotFoundError> {
  const suggestions = await closeSlugs(db, slug);
  const hint = suggestions.length > 0 ? `Did you mean ${inWords(suggestions)}?` : undefined;
  return new NotFoundError('listing', slug, hint, { suggestions });
}

/** The words `joined` begins with (from 3 letters on, shorter than itself): a name word among them may be the slug's first. */
function leadingWords(joined: string): string[] {
  const ends = Math.min(joined.length - 1, MAX_LEADING_WORD);
  return Array.from({ length: Math.max(0, ends - MIN_PREFIX_LENGTH + 1) }, (_, i) => joined.slice(0, MIN_PREFIX_LENGTH + i));
}

/** "a", "a or b", "a, b or c". */
function inWords(items: string[]): string {
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
