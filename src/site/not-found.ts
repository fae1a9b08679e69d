import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { html } from '../text/html.js';
import type { UnservedPage } from '../web/fallback.js';
import { renderSitePage, type SiteEnv } from '../web/layout.js';
import { type SiteDeps, visit } from './visit.js';

/**
 * Sections that have no page at their bare address, and where a visitor asking for one goes instead: /listings and
 * /weeks to this week's launches, /leaderboards to the community board.
 */
export const SECTION_PAGES: Readonly<Record<string, string>> = {
  '/listings': '/weeks/this',
  '/weeks': '/weeks/this',
  '/leaderboards': '/leaderboards/community-weekly',
};

/** Where to look instead: a search of the directory and the pages that list everything. */
const WAYS_ON = html`<form class="search-filters" method="get" action="/search" role="search"><p><label for="elsewhere-q">Search the directory</label><input id="elsewhere-q" type="search" name="q" placeholder="A product or a category"><button type="submit">Search</button></p></form>
<h2>Or browse</h2><ul><li><a href="/weeks/this">This week’s launches</a></li><li><a href="/categories">Categories</a></li><li><a href="/leaderboards/community-weekly">Leaderboards</a></li><li><a href="/">The home page</a></li></ul>`;

/** The site's 404 page: what was not found, and where to look instead. */
export function notFoundPage(ctx: Context, env: SiteEnv, account: AccountRecord | undefined, message: string): void {
  errorPage(ctx, env, account, { status: 404, title: 'Not found', message });
}

/**
 * The site's answer to an address nothing serves (src/web/fallback.ts): the 404 page, or for a method the address does
 * not take, the 405 page. Neither shows the address asked for.
 */
export function unservedPage(site: SiteDeps): UnservedPage {
  return async (ctx, status) => {
    const { env, account } = await visit(ctx, site);
    if (status === 404) {
      notFoundPage(ctx, env, account, 'There is no page at this address. The link may be mistyped, or the page may have moved.');
      return;
    }
    errorPage(ctx, env, account, {
      status,
      title: 'Not possible here',
      message: `This page cannot be used that way (${ctx.method}). Open it as a link instead.`,
    });
  };
}

function errorPage(
  ctx: Context,
  env: SiteEnv,
  account: AccountRecord | undefined,
  page: { status: number; title: string; message: string },
): void {
  renderSitePage(ctx, env, {
    title: page.title,
    description: page.message,
    path: ctx.path,
    account,
    noindex: true,
    body: html`<p class="error" role="alert">${page.message}</p>${WAYS_ON}`,
  });
  ctx.status = page.status;
}
