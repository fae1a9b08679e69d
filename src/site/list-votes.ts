import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { votedAmong } from '../community/votes.js';
import type { ListingSummary } from '../schema.js';
import type { RowVote } from '../web/layout.js';
import type { SiteDeps } from './visit.js';

/**
 * Voting from a list's rows: for a signed-in person, each live listing of the list gets the listing page's own
 * vote (or take-back) form, which comes back to the list (`return_to`, this page's path and query) with the vote
 * shown. Signed out, or for a listing that takes no votes (upcoming), the row shows the count only.
 */
export async function rowVotes(
  ctx: Context,
  site: SiteDeps,
  account: AccountRecord | undefined,
  lists: ListingSummary[][],
): Promise<(listing: ListingSummary) => RowVote | undefined> {
  if (!account) return rowVotesOf(ctx, site, undefined);
  const live = lists.flat().filter((l) => l.status === 'live');
  return rowVotesOf(ctx, site, await votedAmong(site.services.db, [...new Set(live.map((l) => l.id))], account.id));
}

/**
 * rowVotes once the person's votes among the rows are known (`voted`, by listing id), or for nobody signed in
 * (`voted` undefined): the count only.
 */
export function rowVotesOf(
  ctx: Context,
  site: SiteDeps,
  voted: ReadonlySet<number> | undefined,
): (listing: ListingSummary) => RowVote | undefined {
  if (!voted) return () => undefined;
  const csrf = site.kit.csrfField(ctx);
  const returnTo = sameSitePath(ctx.url) ?? ctx.path;
  return (listing) => (listing.status === 'live' ? { csrf, voted: voted.has(listing.id), returnTo } : undefined);
}

const MAX_RETURN = 500;

/**
 * A path of this site to come back to (path and query, no fragment), or undefined for anything else: another
 * origin, a scheme-relative `//host`, backslashes, control characters, overlong values.
 */
export function sameSitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_RETURN) return undefined;
  if (value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  const base = 'http://site.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
