import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import {
  ACCOUNT_TOKEN_LIFETIME_SECONDS,
  accountTokenIsUsable,
  changePassword,
  findAccount,
  findAccountByEmail,
  isPlausibleEmail,
  issueAccountToken,
  markEmailVerified,
  redeemAccountToken,
  type AccountRecord,
} from '../../src/accounts/accounts.js';
import { canonicalEmail, normalizeEmail } from '../../src/text/email.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '../../src/accounts/passwords.js';
import { exactCounter, type RatePolicy } from '../../src/rate-limit/counter.js';
import { hashedKeyPart } from '../../src/security/keyed-hash.js';
import { csrfFor, submittedForm, type PageEnv } from './env.js';
import { renderCardPage } from '../../src/web/layout.js';
import { errorBox, hiddenCsrf, noticeBox } from './form-parts.js';
import { queryValue } from './request-values.js';

/** Reset mails per mailbox; beyond it, silently none (the answer stays the same). */
const RESET_MAILS_PER_EMAIL: RatePolicy = { name: 'reset-mails', limit: 5, windowSeconds: 3600 };

const RESET_REQUESTED_NOTICE = 'If an account exists for that address, we sent a link to choose a new password.';

/**
 * Forgotten password: ask for a link (neither the answer nor its timing tells whether the address
 * has an account), open it, choose a new password. Choosing one ends every session, disconnects
 * every app, uses up the account's other mailed links, and confirms the address.
 */
export function passwordResetRoutes(router: Router, env: PageEnv): void {
  router.get('/reset-password', (ctx) => requestForm(ctx, env, { email: '' }));

  router.post('/reset-password', async (ctx) => {
    const form = submittedForm(ctx);
    const typed = form.email ?? '';
    const email = normalizeEmail(typed);
    if (!isPlausibleEmail(email)) {
      ctx.status = 400;
      return requestForm(ctx, env, { email: typed, error: 'Enter the e-mail address of your account, such as name@example.com.' });
    }
    const now = env.now();
    // Counted per mailbox: its aliases (ring+1@gmail.com) reach the same account, and share the limit.
    const hit = await exactCounter(env.db).hit(
      `reset:email:${await hashedKeyPart(env.db, canonicalEmail(email))}`,
      RESET_MAILS_PER_EMAIL,
      now,
    );
    // The answer waits for the count only, the same for every address: looking the address up,
    // making the link and mailing it go on after it, so the response time does not tell whether
    // an account exists.
    if (hit.allowed) {
      void sendResetLinkIfKnown(env, email, now).catch((error: unknown) =>
        env.log.error({ request_id: ctx.state.requestId, err: error }, 'password reset mail failed'),
      );
    }
    renderCardPage(
      ctx,
      'Check your inbox',
      html`${noticeBox(RESET_REQUESTED_NOTICE)}
<p>The link works once, for one hour. Nothing there after a few minutes? Look in the spam folder, and check that <strong>${email}</strong> is the address you signed up with.</p>
<p><a href="/signin">Back to sign in</a></p>`,
    );
  });

  router.get('/reset-password/choose', async (ctx) => {
    const token = queryValue(ctx, 'token');
    if (!token || !(await accountTokenIsUsable(env.db, token, 'reset_password', env.now()))) return linkNoLongerValid(ctx);
    chooseForm(ctx, env, token);
  });

  router.post('/reset-password/choose', async (ctx) => {
    const form = submittedForm(ctx);
    const accountId = form.token ? await redeemAccountToken(env.db, form.token, 'reset_password', env.now()) : undefined;
    const account = accountId ? await findAccount(env.db, accountId) : undefined;
    if (!account) return linkNoLongerValid(ctx);
    const password = form.password ?? '';
    const problem = passwordProblem(password, account.email);
    if (problem) {
      // The password can only be checked against the address once the token is redeemed; the
      // person proved they hold a good link, so the form comes back with a fresh one.
      const fresh = await issueAccountToken(env.db, account.id, 'reset_password', env.now());
      ctx.status = 400;
      return chooseForm(ctx, env, fresh, problem);
    }
    await changePassword(env.db, account.id, password);
    await markEmailVerified(env.db, account.id, env.now());
    renderCardPage(
      ctx,
      'Password changed',
      html`${noticeBox('Your new password is saved. Every browser that was signed in to your account has been signed out, every app you had connected has been disconnected, and older links we mailed you no longer work.')}
<p>Your API keys still work: check them on the <a href="/account/api-keys">API keys page</a> after you sign in, and revoke any you do not recognise.</p>
<p><a href="/signin">Sign in</a> with your new password.</p>`,
    );
  });
}

async function sendResetLinkIfKnown(env: PageEnv, email: string, now: Date): Promise<void> {
  const account = await findAccountByEmail(env.db, email);
  if (account) await sendResetLink(env, account, now);
}

async function sendResetLink(env: PageEnv, account: AccountRecord, now: Date): Promise<void> {
  const token = await issueAccountToken(env.db, account.id, 'reset_password', now);
  const minutes = ACCOUNT_TOKEN_LIFETIME_SECONDS.reset_password / 60;
  const siteName = await env.siteName();
  await env.mailer.send({
    to: account.email,
    subject: `Choose a new password for ${siteName}`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked to choose a new password for the ${siteName} account ${account.email}.`,
      'Open this link to choose it:',
      '',
      `${env.publicUrl}/reset-password/choose?${new URLSearchParams({ token })}`,
      '',
      `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
    ].join('\n'),
  });
}

function requestForm(ctx: Context, env: PageEnv, form: { email: string; error?: string }): void {
  renderCardPage(
    ctx,
    'Forgot your password?',
    html`${errorBox(form.error)}<p>Enter the address of your account and we will mail you a link to choose a new password.</p>
<form method="post" action="/reset-password" novalidate>${hiddenCsrf(csrfFor(ctx, env))}
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" value="${form.email}" autocomplete="username" required maxlength="254">
<button type="submit">Send the link</button>
</form>
<p class="muted"><a href="/signin">Back to sign in</a></p>`,
  );
}

function chooseForm(ctx: Context, env: PageEnv, token: string, problem?: string): void {
  renderCardPage(
    ctx,
    'Choose a new password',
    html`<form method="post" action="/reset-password/choose">${hiddenCsrf(csrfFor(ctx, env))}
<input type="hidden" name="token" value="${token}">
<label for="password">New password</label>
${problem ? html`<p class="error" id="password-problem" role="alert">${problem}</p>` : ''}
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="${MAX_PASSWORD_LENGTH}"${problem ? html` aria-invalid="true" aria-describedby="password-problem"` : ''}>
<p class="muted">At least ${MIN_PASSWORD_LENGTH} characters. Saving it signs you out everywhere.</p>
<button type="submit">Save the new password</button>
</form>`,
  );
}

function linkNoLongerValid(ctx: Context): void {
  ctx.status = 400;
  renderCardPage(
    ctx,
    'This link is no longer valid',
    html`<p class="error" role="alert">This password link is no longer valid: it was already used, it has expired (links work for one hour), or it was copied incompletely.</p>
<p><a href="/reset-password">Ask for a new link</a>.</p>`,
  );
}
