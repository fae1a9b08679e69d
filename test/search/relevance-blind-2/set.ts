/**
 * The second blind judged query set (README.md in this folder): the same format, evaluator and runner as the set the
 * search is tuned against (../relevance/) and the first blind set (../relevance-blind/), its own queries and floor.
 * Whoever tunes the search reads neither file; the bench and the test print its figures, never its queries.
 */
export const BLIND_2_QUERIES = new URL('./queries.json', import.meta.url);
export const BLIND_2_FIGURES = new URL('./figures.json', import.meta.url);
