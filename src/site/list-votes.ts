import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { votedAmong } from '../community/votes.js';
import type { ListingSummary } from '../schema.js';
import type { RowVote } from '../web/layout.js';
import { html, type SafeHtml } from '../text/html.js';
import type { SiteDeps } from './visit.js';

/**
 * Voting from a list's rows: for a signed-in person, each live listing of the list gets the listing page's own
 * vote (or take-back) form, which comes back to the list (`return_to`, this page's path and query) with the vote
 * shown. Signed out, or for a listing that takes no votes (upcoming), the row shows the count only.
 */
async function rowVotes(
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

/** What a row of a list gets from rowButtons: the vote form (signed in) or the link to sign in and vote (signed out). */
export interface RowButton {
  vote?: RowVote;
  metric?: SafeHtml;
}

/**
 * A vote button on every live row of a list, for everybody. Signed in, rowVotes' form, with the row's anchor
 * (`{section}-{slug}`, so a listing shown in two sections of a page has two anchors) as an empty element inside the
 * form (listingCard of src/web/layout.ts takes no row id yet). Signed out, a link to sign in
 * that comes back to `page` at the row (`page#anchor`), where the vote form is then offered: nothing is cast by a
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
  const signedIn = await rowVotes(ctx, site, account, lists);
  return (listing, section) => {
    if (listing.status !== 'live') return {};
    const anchor = rowAnchor(section, listing.slug);
    if (account) {
      const vote = signedIn(listing);
      return vote ? { vote: { ...vote, csrf: html`${vote.csrf}<span class="row-anchor" id="${anchor}"></span>` } } : {};
    }
    return {
      metric: html`<a class="vote-in" id="${anchor}" href="${site.kit.signInPath(`${page}#${anchor}`)}"><span aria-hidden="true">▲ </span><span class="votes">${listing.votes}</span><span class="sr"> votes; sign in to vote for ${listing.name}</span></a>`,
    };
  };
}

/** The id of a listing's row in one section of a page. */
const rowAnchor = (section: string, slug: string) => `${section}-${slug}`;

/**
 * The look of rowButtons' sign-in link (the vote button's), and of the row a sign-in came back to: a page using
 * rowButtons puts this in its body (the shared style sheet of src/web/layout.ts does not have it yet).
 */
export const ROW_BUTTON_STYLE = html`<style>.vote-in{display:inline-block;min-width:4.2rem;padding:.35rem .6rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);text-align:center;text-decoration:none;font-weight:700;font-variant-numeric:tabular-nums}
.vote-in .votes{min-width:0;text-align:center}.vote-in:hover{filter:brightness(1.15)}
.card:has(.row-anchor:target),.card:has(>.metric>.vote-in:target){outline:3px solid var(--focus);outline-offset:2px}
.card [id]{scroll-margin-top:6rem}
@media (max-width:30rem){.card:has(>.rank) .metric.text:has(>.vote-in){grid-column:auto;text-align:right}}</style>`;

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
