import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import { authenticate } from '../../src/accounts/accounts.js';
import { normalizeEmail } from '../../src/text/email.js';
import { startWebSession } from '../web-session.js';
import { csrfFor, currentAccount, submittedForm, type PageEnv } from './env.js';
import { renderCardPage } from '../../src/web/layout.js';
import { errorBox, hiddenCsrf, noticeBox } from './form-parts.js';
import { acceptedReturnPath, queryValue } from './request-values.js';
import { tooManyAttempts } from './too-many-attempts.js';
import { countSigninAttempt } from './signin-limits.js';

interface SigninForm {
  email: string;
  returnTo?: string;
  error?: string;
  signedInEmail?: string;
}

/**
 * Sign in. An unknown address and a wrong password get the same 401 and message. The form is shown
 * to a signed-in browser too: signing in again switches account. Only failed attempts count towards its limits
 * (signin-limits.ts), per account and client address together, so no one else can lock a person out.
 */
export function signinRoutes(router: Router, env: PageEnv): void {
  router.get('/signin', async (ctx) => {
    const account = await currentAccount(ctx, env);
    signinForm(ctx, env, { email: '', returnTo: acceptedReturnPath(queryValue(ctx, 'return_to')), signedInEmail: account?.email });
  });

  router.post('/signin', async (ctx) => {
    const form = submittedForm(ctx);
    const email = normalizeEmail(form.email ?? '');
    const password = form.password ?? '';
    const returnTo = acceptedReturnPath(form.return_to);
    const attempt = await countSigninAttempt(env.db, email, ctx.ip, env.now());
    if (attempt.refusedForSeconds !== undefined) {
      return tooManyAttempts(ctx, attempt.refusedForSeconds, {
        hint: html`<p>Forgot your password? <a href="/reset-password">Choose a new one</a>.</p>`,
      });
    }
    const account = email && password ? await authenticate(env.db, email, password) : undefined;
    if (!account) {
      await attempt.failed();
      ctx.status = 401;
      const signedIn = await currentAccount(ctx, env);
      return signinForm(ctx, env, {
        email: form.email ?? '',
        returnTo,
        error: 'E-mail or password is wrong.',
        signedInEmail: signedIn?.email,
      });
    }
    await attempt.succeeded();
    await startWebSession(ctx, env, account.id);
    ctx.status = 303;
    ctx.redirect(returnTo ?? '/account');
  });
}

function signinForm(ctx: Context, env: PageEnv, form: SigninForm): void {
  const signupLink = form.returnTo ? `/signup?${new URLSearchParams({ return_to: form.returnTo })}` : '/signup';
  renderCardPage(
    ctx,
    'Sign in',
    html`${errorBox(form.error)}${form.signedInEmail && !form.error ? noticeBox(`You are signed in as ${form.signedInEmail}. Sign in below to switch to another account.`) : ''}
<form method="post" action="/signin">${hiddenCsrf(csrfFor(ctx, env))}
<input type="hidden" name="return_to" value="${form.returnTo ?? ''}">
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" value="${form.email}" autocomplete="username" required maxlength="254">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${form.email ? html` autofocus` : ''}>
<button type="submit">Sign in</button>
</form>
<p class="muted"><a href="/reset-password">Forgot your password?</a> · No account yet? <a href="${signupLink}">Create one</a>.</p>`,
    { signedInEmail: form.signedInEmail },
  );
}
