import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { html } from '../text/html.js';
import { renderSitePage, type SiteEnv } from '../web/layout.js';

/** The site's 404 page: what was not found, and where to look instead. */
export function notFoundPage(ctx: Context, env: SiteEnv, account: AccountRecord | undefined, message: string): void {
  ctx.status = 404;
  renderSitePage(ctx, env, {
    title: 'Not found',
    description: message,
    path: ctx.path,
    account,
    noindex: true,
    body: html`<p class="error" role="alert">${message}</p><p><a href="/">The home page</a> · <a href="/search">Search</a></p>`,
  });
  ctx.status = 404;
}
