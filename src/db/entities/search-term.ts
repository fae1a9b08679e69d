import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** search_terms: the dictionary of words in listings' searchable text, for typo-tolerant search. */
export const SearchTerm = defineEntity({
  name: 'SearchTerm',
  tableName: 'search_terms',
  properties: {
    term: p.text().primary(),
    /** How many listings contain the word. */
    documents: p.integer(),
    /** The word's stems in the 'english' configuration, set by a trigger (migration 0035). */
    stems: p.array().defaultRaw(`'{}'`),
  },
  indexes: [
    {
      name: 'search_terms_trgm_idx',
      expression: 'CREATE INDEX search_terms_trgm_idx ON search_terms USING gin(term gin_trgm_ops)',
    },
  ],
});
export type SearchTerm = InferEntity<typeof SearchTerm>;
