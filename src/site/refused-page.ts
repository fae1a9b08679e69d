import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { ProblemError } from '../errors.js';
import { html } from '../text/html.js';
import { renderSitePage, type SiteEnv } from '../web/layout.js';

/** A person's action on a listing page that the rules refused: the problem's words and fields, and the way back. */
export function refused(ctx: Context, env: SiteEnv, account: AccountRecord, error: ProblemError): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  const slug = ctx.params.slug ?? '';
  renderSitePage(ctx, env, {
    title: 'Not done',
    description: error.detail ?? error.title,
    path: ctx.path,
    account,
    noindex: true,
    body: html`<div class="error" role="alert"><p>${error.detail ?? error.title}</p>${error.errors?.length ? html`<ul>${error.errors.map((e) => html`<li>${e.path ? html`<code>${e.path.slice(1)}</code>: ` : ''}${e.message}</li>`)}</ul>` : ''}</div><p><a href="/listings/${slug}">Back to the listing</a>${error.code === 'vote_refused' ? html` · <a href="/account">Your account</a>` : ''}</p>`,
  });
}
