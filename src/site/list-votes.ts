import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { votedAmong } from '../community/votes.js';
import type { ListingSummary } from '../schema.js';
import type { RowVote } from '../web/layout.js';
import { html, type SafeHtml } from '../text/html.js';
import type { SiteDeps } from './visit.js';

/**
 * Voting from a list's rows, once the person's votes among the rows are known (`voted`, by listing id): each live
 * listing gets the listing page's own vote (or take-back) form, which comes back to the list (`return_to`, this
 * page's path and query) with the vote shown. For nobody signed in (`voted` undefined): nothing.
 */
function rowVotesOf(
  ctx: Context,
  site: SiteDeps,
  voted: ReadonlySet<number> | undefined,
  page: string,
): (listing: ListingSummary) => RowVote | undefined {
  if (!voted) return () => undefined;
  const csrf = site.kit.csrfField(ctx);
  // The page as it was asked for; a page drawn again in answer to a refused form comes back to its own address.
  const returnTo = (ctx.method === 'GET' && sameSitePath(ctx.url)) || page;
  return (listing) => (listing.status === 'live' ? { csrf, voted: voted.has(listing.id), returnTo } : undefined);
}

/** What a row of a list gets from rowButtons: the vote form (signed in) or the link to sign in and vote (signed out). */
export interface RowButton {
  vote?: RowVote;
  metric?: SafeHtml;
}

/**
 * A vote button on every live row of a list, for everybody. Signed in, the listing page's vote form, which has the
 * row's anchor (`{section}-{slug}`, so a listing shown in two sections of a page has two anchors) and comes back to
 * it. Signed out, a link to sign in that comes back to `page` at the row (`page#anchor`), where the vote form is then offered: nothing is cast by a
 * GET, and the link carries no token, so a page kept for people not signed in is the same for all of them (`page`
 * must be the kept page's own address, not the request's). Upcoming listings take no votes: their rows show the count.
 */
export async function rowButtons(
  ctx: Context,
  site: SiteDeps,
  account: AccountRecord | undefined,
  lists: ListingSummary[][],
  page: string,
): Promise<(listing: ListingSummary, section: string) => RowButton> {
  if (!account) return rowButtonsOf(ctx, site, undefined, page);
  const live = lists.flat().filter((l) => l.status === 'live');
  return rowButtonsOf(ctx, site, await votedAmong(site.services.db, [...new Set(live.map((l) => l.id))], account.id), page);
}

/** rowButtons once the person's votes among the rows are known (`voted`, by listing id), or for nobody signed in. */
export function rowButtonsOf(
  ctx: Context,
  site: SiteDeps,
  voted: ReadonlySet<number> | undefined,
  page: string,
): (listing: ListingSummary, section: string) => RowButton {
  const signedIn = rowVotesOf(ctx, site, voted, page);
  return (listing, section) => {
    if (listing.status !== 'live') return {};
    const anchor = rowAnchor(section, listing.slug);
    if (voted) {
      const vote = signedIn(listing);
      return vote ? { vote: { ...vote, anchor, returnTo: `${vote.returnTo}#${anchor}` } } : {};
    }
    return {
      metric: html`<a class="vote-in" id="${anchor}" href="${site.kit.signInPath(`${page}#${anchor}`)}"><span aria-hidden="true">▲ </span><span class="votes">${listing.votes}</span><span class="sr"> votes; sign in to vote for ${listing.name}</span></a>`,
    };
  };
}

/** The id of a listing's row in one section of a page. */
const rowAnchor = (section: string, slug: string) => `${section}-${slug}`;

const MAX_RETURN = 500;

/** A fragment kept on the way back: a row's or a section's id on the page. */
const FRAGMENT = /^#[A-Za-z0-9_-]{1,120}$/;

/**
 * A path of this site to come back to (path, query, and a fragment naming an element), or undefined for anything
 * else: another origin, a scheme-relative `//host`, backslashes, control characters, overlong values.
 */
export function sameSitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_RETURN) return undefined;
  if (value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  const base = 'http://site.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${FRAGMENT.test(url.hash) ? url.hash : ''}` : undefined;
  } catch {
    return undefined;
  }
}
