/**
 * The key under which an account's vote or review is kept (votes.voter_key, reviews.reviewer_key): one of each per
 * account and listing. Voting, reviewing, the vote check, export and deletion all find a person's rows by it, so it is
 * made here alone.
 */
const PREFIX = 'account:';

export const accountKey = (accountId: string): string => `${PREFIX}${accountId}`;

/** The same key made in SQL from an expression that holds an account id. */
export const accountKeySql = (idExpression: string): string => `'${PREFIX}' || ${idExpression}`;

/** The account id in SQL of a key column (NULL when the key is not an account's, as the demo's anonymous voters). */
export const accountOfKeySql = (keyColumn: string): string =>
  `CASE WHEN ${keyColumn} ~ '^${PREFIX}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN substr(${keyColumn}, ${PREFIX.length + 1})::uuid END`;
