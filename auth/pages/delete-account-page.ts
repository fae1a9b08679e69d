import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import { authenticate, type AccountRecord } from '../../src/accounts/accounts.js';
import { deleteAccount, deletionBlocker } from '../../src/accounts/account-deletion.js';
import { InvalidStateError } from '../../src/errors.js';
import { renderCardPage } from '../../src/web/layout.js';
import { endWebSession } from '../web-session.js';
import { csrfFor, submittedForm, type PageEnv } from './env.js';
import { errorBox, hiddenCsrf } from './form-parts.js';
import { requireSignedIn } from './require-sign-in.js';
import { countSigninAttempt } from './signin-limits.js';
import { tooManyAttempts } from './too-many-attempts.js';

const PAGE = '/account/delete';

/** What deleting does, rule by rule (the README states the same rules). */
const WHAT_HAPPENS = html`<ul>
<li>Your account goes, with every way into it: browser sessions, API keys, connected apps and their tokens, webhooks, claims.</li>
<li>Your votes, follows and reviews go; the boards, counts and community ratings change at once.</li>
<li>Your comments show as "deleted", without text or name; replies others wrote to them stay.</li>
<li>Listings you alone own are hidden from the site. Listings you own with others stay with them. Drafts you share with co-founders pass to them.</li>
<li>Paid orders are kept for 10 years, as tax law asks, without your account or e-mail address: only what an invoice needs (number, items, amounts, billing country, VAT number). Unpaid orders go.</li>
<li>Reports you made stay, without your name. The site team's audit log cannot be changed; entries in it stay.</li>
<li>This cannot be undone. Your address can sign up again later, as a new, empty account.</li>
</ul>
<p><a href="/account">Download your data</a> first if you want a copy.</p>`;

/**
 * GET /account/delete: what deleting the account does, and a form asking the password again. POST deletes it (CSRF
 * and Origin checked by formGuard): a wrong password is 422 with the form again, nothing deleted, and counts against
 * the sign-in limits like a failed sign-in; then the session cookie is cleared and a confirmation page shown.
 */
export function deleteAccountRoutes(router: Router, env: PageEnv): void {
  router.get(PAGE, async (ctx) => {
    const account = await requireSignedIn(ctx, env);
    if (!account) return;
    await deletionForm(ctx, env, account);
  });

  router.post(PAGE, async (ctx) => {
    const form = submittedForm(ctx);
    const account = await requireSignedIn(ctx, env);
    if (!account) return;
    const attempt = await countSigninAttempt(env.db, account.email, ctx.ip, env.now());
    if (attempt.refusedForSeconds !== undefined) return tooManyAttempts(ctx, attempt.refusedForSeconds, { signedInEmail: account.email });
    const confirmed = form.password ? await authenticate(env.db, account.email, form.password) : undefined;
    if (confirmed?.id !== account.id) {
      await attempt.failed();
      ctx.status = 422;
      return deletionForm(ctx, env, account, 'The password is wrong. Nothing was deleted.');
    }
    await attempt.succeeded();
    try {
      await deleteAccount(env.db, account.id, env.now());
    } catch (error) {
      if (!(error instanceof InvalidStateError)) throw error;
      ctx.status = 409;
      return deletionForm(ctx, env, account, error.message);
    }
    env.log.info({ event: 'account.deleted' }, 'an account was deleted by its holder');
    await endWebSession(ctx, env);
    renderCardPage(
      ctx,
      'Your account is deleted',
      html`<p class="notice" role="status">Your account ${account.email} is deleted, and you are signed out.</p>
<p>Paid orders are kept as invoices for 10 years, without your account or address. <a href="/">Back to the directory</a></p>`,
    );
  });
}

async function deletionForm(ctx: Context, env: PageEnv, account: AccountRecord, error?: string): Promise<void> {
  const blocker = await deletionBlocker(env.db, account.id, env.now());
  renderCardPage(
    ctx,
    'Delete your account',
    html`${errorBox(error === blocker ? undefined : error)}<p>Deleting the account <strong>${account.email}</strong> does this:</p>
${WHAT_HAPPENS}
${
  blocker
    ? html`<p class="error" role="alert">${blocker}</p>`
    : html`<form method="post" action="${PAGE}">${hiddenCsrf(csrfFor(ctx, env))}
<label for="password">Your password, to confirm</label>
<input type="password" id="password" name="password" autocomplete="current-password" required autofocus>
<button type="submit" class="danger">Delete my account</button>
</form>`
}
<p><a href="/account">Keep my account</a></p>`,
    { signedInEmail: account.email },
  );
}
