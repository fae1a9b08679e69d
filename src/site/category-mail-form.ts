import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { findCategory } from '../catalogue/categories.js';
import { ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { hasAlert, setCategoryAlert } from '../subscriptions/alerts.js';
import { html, type SafeHtml } from '../text/html.js';
import { doneNotice } from './listing-section.js';
import { type SiteDeps, visit } from './visit.js';

/** What the category page's mail button just did, said beside it. */
const MAIL_NOTICES: Record<string, string> = {
  'mail-on': 'Following by mail: one mail a day with the new launches of this category, on the days it has any.',
  'mail-off': 'You no longer get the new launches of this category by mail.',
};

/** The mail button's row: the button, and what it just did beside it (a line of its own). */
export const MAIL_BOX_STYLE = `.mail-box{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.8rem 0}.mail-box form{margin:0}
.mail-box button.secondary{padding:.6rem 1rem;border-radius:8px;font-weight:600}
.mail-box .button-link{display:inline-block;padding:.6rem 1rem;border-radius:8px;border:1px solid var(--link);color:var(--link);background:var(--surface);font-weight:600;text-decoration:none}.mail-box .notice,.mail-box .error{flex:1 0 100%;margin:0}`;

/** A category page drawn again with a refusal beside its mail button (#mail). */
export type CategoryPageAgain = (ctx: Context, refused: ProblemError) => Promise<void>;

/**
 * POST /categories/{slug}/mail and .../unmail: the signed-in person starts or stops the daily mail of the category's
 * new launches and comes back to the button (#mail) with what happened beside it; signed out, to sign in and back.
 * An unconfirmed address is refused on the page (403), beside the button.
 */
export function categoryMailRoutes(router: Router, site: SiteDeps, again: CategoryPageAgain): void {
  const { services, kit } = site;
  for (const action of ['mail', 'unmail'] as const) {
    router.post(`/categories/:slug/${action}`, async (ctx) => {
      const slug = ctx.params.slug ?? '';
      const { account } = await visit(ctx, site);
      if (!account) return ctx.redirect(kit.signInPath(`/categories/${slug}#mail`));
      const category = SLUG_PATTERN.test(slug) ? await findCategory(services.db, slug, services.config.publicUrl) : undefined;
      if (!category) return ctx.redirect(`/categories/${slug}`);
      try {
        const subscriber = { accountId: account.id, email: account.email, emailVerified: account.emailVerified };
        await setCategoryAlert(services.db, subscriber, category.id, action === 'mail', services.now());
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        ctx.status = error.status;
        return again(ctx, error);
      }
      ctx.status = 303;
      ctx.redirect(`/categories/${category.slug}?done=${action === 'mail' ? 'mail-on' : 'mail-off'}#mail`);
    });
  }
}

/**
 * The category page's mail button (#mail), beside its Atom feed: "Get new launches by mail", or "Following by mail"
 * to stop it; signed out, a link to sign in that comes back here. What the button just did (or why it was refused)
 * is said beside it.
 */
export async function categoryMailBox(
  ctx: Context,
  site: SiteDeps,
  view: { account: AccountRecord | undefined; categoryId: number; slug: string; refused?: ProblemError },
): Promise<SafeHtml> {
  const { account, slug, refused } = view;
  let button: SafeHtml;
  if (account) {
    const following = await hasAlert(site.services.db, account.email, 'category', view.categoryId);
    button = html`<form method="post" action="/categories/${slug}/${following ? 'unmail' : 'mail'}#mail">${site.kit.csrfField(ctx)}<button type="submit" class="secondary"${following ? html` aria-pressed="true"` : ''}>${following ? html`<span aria-hidden="true">✓</span> Following by mail<span class="sr">; stop</span>` : 'Get new launches by mail'}</button></form>`;
  } else {
    button = html`<a class="button-link" href="${site.kit.signInPath(`/categories/${slug}#mail`)}">Get new launches by mail</a>`;
  }
  const done = typeof ctx.query.done === 'string' && ctx.method === 'GET' ? ctx.query.done : undefined;
  const problem = refused
    ? html`<p class="error" role="alert">${refused.detail ?? refused.title}${refused.code === 'alert_refused' ? html` <a href="/account">Your account</a>` : ''}</p>`
    : '';
  return html`<div class="act mail-box" id="mail">${button}${doneNotice(done, MAIL_NOTICES)}${problem}</div>`;
}
