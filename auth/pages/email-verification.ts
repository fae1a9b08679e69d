import { createHmac, randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import {
  ACCOUNT_TOKEN_LIFETIME_SECONDS,
  accountTokenIsUsable,
  findAccount,
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
import { equalSecrets, randomToken } from '../../src/security/random.js';
import { readCookie, setCookie } from '../cookies.js';
import { startWebSession } from '../web-session.js';

/** A signed-in account may ask for a new link this often (each one is a mail to that address). */
const RESENDS_PER_ACCOUNT: RatePolicy = { name: 'verification-mails', limit: 5, windowSeconds: 3600 };

/** The cookie of the browser that signed up (rememberSignupBrowser); it lasts as long as the link. */
const SIGNUP_COOKIE = 'ld_signup';
const SIGNUP_COOKIE_SECONDS = ACCOUNT_TOKEN_LIFETIME_SECONDS.verify_email;

/** The server's seal on a sign-up cookie: the account it made, when, and the cookie's own random part. */
function signupSeal(env: PageEnv, accountId: string, issuedAt: number, nonce: string): string {
  return createHmac('sha256', env.csrf.key).update(`signup-browser:${accountId}:${issuedAt}:${nonce}`).digest('base64url');
}

/**
 * Marks this browser as the one that signed up for `accountId`, so that confirming the address here signs it in (the
 * person typed the password in this browser a moment ago). The cookie holds a time, a random part and a seal of them
 * with the account's id under the server's key: it names no account, and no one can make one for another account. A
 * taken address (no account made) gets a cookie of the same form sealed to no account, so the answers stay alike.
 * The cookie alone gives nothing: it counts only with the link's one-time token, in POST /verify-email.
 */
export function rememberSignupBrowser(ctx: Context, env: PageEnv, accountId: string | undefined, now: Date): void {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const nonce = randomToken(16);
  const seal = signupSeal(env, accountId ?? randomUUID(), issuedAt, nonce);
  setCookie(ctx, SIGNUP_COOKIE, `${issuedAt}.${nonce}.${seal}`, { secure: env.secure, maxAgeSeconds: SIGNUP_COOKIE_SECONDS });
}

/** Whether this browser signed up for `accountId` within the link's lifetime (its sign-up cookie is sealed to it). */
function signedUpHere(ctx: Context, env: PageEnv, accountId: string, now: Date): boolean {
  const [issued, nonce, seal, ...rest] = readCookie(ctx, SIGNUP_COOKIE, env.secure)?.split('.') ?? [];
  if (!issued || !nonce || !seal || rest.length > 0 || !/^\d+$/.test(issued)) return false;
  const issuedAt = Number(issued);
  const age = now.getTime() / 1000 - issuedAt;
  return age >= 0 && age <= SIGNUP_COOKIE_SECONDS && equalSecrets(seal, signupSeal(env, accountId, issuedAt, nonce));
}

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
  const siteName = await env.siteName();
  await env.mailer.send({
    to: account.email,
    subject: `Confirm your e-mail address for ${siteName}`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) created an account on ${siteName} with ${account.email}.`,
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
 * uses up the token and confirms. In the browser that signed up (its sign-up cookie) that also signs the person in;
 * in any other browser the page says the address is confirmed and offers to sign in, the address filled in: the link
 * alone (forwarded, leaked, opened by a scanner) never makes a session. POST /verify-email/resend (from the account
 * page) mails a new link.
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
<p class="muted">If you did not create an account on ${await env.siteName()} with this address, close this page: nothing happens.</p>
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
    const now = env.now();
    const accountId = form.token ? await redeemAccountToken(env.db, form.token, 'verify_email', now) : undefined;
    if (!accountId) return linkNoLongerValid(ctx);
    await markEmailVerified(env.db, accountId, now);
    const [signedIn, account] = await Promise.all([currentAccount(ctx, env), findAccount(env.db, accountId)]);
    if (!account) return linkNoLongerValid(ctx);
    if (signedIn?.id !== accountId && signedUpHere(ctx, env, accountId, now)) {
      await startWebSession(ctx, env, accountId);
      setCookie(ctx, SIGNUP_COOKIE, '', { secure: env.secure, maxAgeSeconds: 0 });
    } else if (signedIn?.id !== accountId) {
      return confirmedElsewhere(ctx, env, account.email, returnTo, signedIn?.email);
    }
    renderCardPage(
      ctx,
      'Address confirmed',
      html`<p class="notice" role="status">Thank you: <strong>${account.email}</strong> is confirmed. You are signed in.</p><p><a href="${returnTo ?? '/account'}">Continue</a></p>`,
      { signedInEmail: account.email },
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

/** The address is confirmed, in a browser that is not signed in as its account: a sign-in form with the address filled in. */
function confirmedElsewhere(ctx: Context, env: PageEnv, email: string, returnTo: string | undefined, signedInEmail?: string): void {
  renderCardPage(
    ctx,
    'Address confirmed',
    html`<p class="notice" role="status">Thank you: <strong>${email}</strong> is confirmed.</p>
<p>This browser is not signed in to that account: sign in to go on.</p>
<form method="post" action="/signin">${hiddenCsrf(csrfFor(ctx, env))}
${returnTo ? html`<input type="hidden" name="return_to" value="${returnTo}">` : ''}
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" value="${email}" autocomplete="username" required maxlength="254">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="muted"><a href="/reset-password">Forgot your password?</a></p>`,
    { signedInEmail },
  );
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
