import type { Statements } from '../db/database.js';

/** The listings whose words make up the search dictionary. */
const SOURCE = `SELECT listing_dictionary_vector(l) FROM listings l WHERE status IN ('live', 'scheduled')`;

/**
 * Rebuilds the `search_terms` dictionary (typo-tolerant search) from the words of live and scheduled
 * listings as typed (listing_dictionary_vector, migration 0033: not the stems of their search vectors): every distinct word of two characters or more with its document count.
 * One statement, so readers see either the old or the new dictionary. Returns the number of terms.
 */
export async function refreshSearchTerms(db: Statements): Promise<number> {
  const rows = await db.query<{ terms: number }>(
    `WITH fresh AS (SELECT word, ndoc FROM ts_stat($source$${SOURCE}$source$) WHERE length(word) >= 2),
          removed AS (DELETE FROM search_terms s WHERE NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.word = s.term) RETURNING 1),
          upserted AS (INSERT INTO search_terms (term, documents) SELECT word, ndoc FROM fresh
                       ON CONFLICT (term) DO UPDATE SET documents = EXCLUDED.documents
                       WHERE search_terms.documents IS DISTINCT FROM EXCLUDED.documents
                       RETURNING 1)
     SELECT (SELECT count(*) FROM fresh)::int AS terms, (SELECT count(*) FROM removed)::int AS removed, (SELECT count(*) FROM upserted)::int AS upserted`,
  );
  return rows[0]?.terms ?? 0;
}
