import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import {
  ACCOUNT_TOKEN_LIFETIME_SECONDS,
  accountTokenIsUsable,
  issueAccountToken,
  markEmailVerified,
  redeemAccountToken,
  type AccountRecord,
} from '../../src/accounts/accounts.js';
import { exactCounter, type RatePolicy } from '../../src/rate-limit/counter.js';
import { csrfFor, currentAccount, submittedForm, type PageEnv } from './env.js';
import { renderCardPage } from '../../src/web/layout.js';
import { hiddenCsrf, noticeBox } from './form-parts.js';
import { acceptedReturnPath, queryValue } from './request-values.js';
import { requireSignedIn, signInPath } from './require-sign-in.js';
import { tooManyAttempts } from './too-many-attempts.js';

/** A signed-in account may ask for a new link this often (each one is a mail to that address). */
const RESENDS_PER_ACCOUNT: RatePolicy = { name: 'verification-mails', limit: 5, windowSeconds: 3600 };

/** Mails a one-time link to /verify-email; `returnTo` (already checked) rides along to the sign-in page. */
export async function sendVerificationLink(
  env: PageEnv,
  account: Pick<AccountRecord, 'id' | 'email'>,
  returnTo?: string,
  now: Date = env.now(),
): Promise<void> {
  const token = await issueAccountToken(env.db, account.id, 'verify_email', now);
  const query = new URLSearchParams({ token });
  if (returnTo) query.set('return_to', returnTo);
  const hours = ACCOUNT_TOKEN_LIFETIME_SECONDS.verify_email / 3600;
  await env.mailer.send({
    to: account.email,
    subject: 'Confirm your e-mail address for the launch directory',
    text: [
      'Hello,',
      '',
      `Someone (we hope you) created a launch directory account with ${account.email}.`,
      'Open this link to confirm the address:',
      '',
      `${env.publicUrl}/verify-email?${query}`,
      '',
      `The link works once, for ${hours} hours. If you did not create the account, ignore this message.`,
    ].join('\n'),
  });
}

/**
 * GET /verify-email (the link in the mail) only asks "Confirm this address?": mail scanners open
 * every link, so opening it must not confirm anything. The button POSTs to /verify-email, which
 * uses up the token and confirms. POST /verify-email/resend (from the account page) mails a new link.
 */
export function emailVerificationRoutes(router: Router, env: PageEnv): void {
  router.get('/verify-email', async (ctx) => {
    const token = queryValue(ctx, 'token');
    const returnTo = acceptedReturnPath(queryValue(ctx, 'return_to'));
    const usable = token ? await accountTokenIsUsable(env.db, token, 'verify_email', env.now()) : undefined;
    if (!token || !usable) return linkNoLongerValid(ctx);
    const signedIn = await currentAccount(ctx, env);
    renderCardPage(
      ctx,
      'Confirm your e-mail address',
      html`<p>Confirm <strong>${usable.email}</strong>?</p>
<p class="muted">If you did not create a launch directory account with this address, close this page: nothing happens.</p>
<form method="post" action="/verify-email">${hiddenCsrf(csrfFor(ctx, env))}
<input type="hidden" name="token" value="${token}">
${returnTo ? html`<input type="hidden" name="return_to" value="${returnTo}">` : ''}
<button type="submit">Confirm the address</button>
</form>`,
      { signedInEmail: signedIn?.email },
    );
  });

  router.post('/verify-email', async (ctx) => {
    const form = submittedForm(ctx);
    const returnTo = acceptedReturnPath(form.return_to);
    const accountId = form.token ? await redeemAccountToken(env.db, form.token, 'verify_email', env.now()) : undefined;
    if (!accountId) return linkNoLongerValid(ctx);
    await markEmailVerified(env.db, accountId, env.now());
    const signedIn = await currentAccount(ctx, env);
    if (signedIn?.id === accountId) {
      return renderCardPage(
        ctx,
        'Address confirmed',
        html`<p class="notice" role="status">Thank you: <strong>${signedIn.email}</strong> is confirmed.</p><p><a href="${returnTo ?? '/account'}">Continue</a></p>`,
        { signedInEmail: signedIn.email },
      );
    }
    renderCardPage(
      ctx,
      'Address confirmed',
      html`<p class="notice" role="status">Thank you: your e-mail address is confirmed.</p><p><a href="${signInPath(returnTo)}">Sign in</a> to go on.</p>`,
      { signedInEmail: signedIn?.email },
    );
  });

  router.post('/verify-email/resend', async (ctx) => {
    const account = await requireSignedIn(ctx, env, '/account');
    if (!account) return;
    if (account.emailVerified) {
      return renderCardPage(
        ctx,
        'Address already confirmed',
        html`${noticeBox(`${account.email} is already confirmed; there is nothing more to do.`)}<p><a href="/account">Back to your account</a></p>`,
        { signedInEmail: account.email },
      );
    }
    const hit = await exactCounter(env.db).hit(`verify:account:${account.id}`, RESENDS_PER_ACCOUNT, env.now());
    if (!hit.allowed) {
      return tooManyAttempts(ctx, hit.resetSeconds, {
        hint: html`<p>The links we already sent still work: look for them in your inbox and spam folder.</p>`,
        signedInEmail: account.email,
      });
    }
    await sendVerificationLink(env, account);
    renderCardPage(
      ctx,
      'Check your inbox',
      html`${noticeBox(`We sent a new confirmation link to ${account.email}.`)}<p>Open the link in that message to confirm the address. Nothing there after a few minutes? Look in the spam folder.</p><p><a href="/account">Back to your account</a></p>`,
      { signedInEmail: account.email },
    );
  });
}

function linkNoLongerValid(ctx: Context): void {
  ctx.status = 400;
  renderCardPage(
    ctx,
    'This link is no longer valid',
    html`<p class="error" role="alert">This confirmation link is no longer valid: it was already used, it has expired, or it was copied incompletely.</p>
<p>If your address is not confirmed yet, <a href="${signInPath('/account')}">sign in</a> and choose <strong>Send the link again</strong> on your account page to get a new link.</p>`,
  );
}
