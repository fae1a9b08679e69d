import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import { createAccount, findAccountByEmail, isPlausibleEmail } from '../../src/accounts/accounts.js';
import { checkDisplayName } from '../../src/accounts/display-names.js';
import { DISPLAY_NAME_MAX } from '../../src/community/public-name.js';
import { canonicalEmail, normalizeEmail } from '../../src/text/email.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '../../src/accounts/passwords.js';
import { exactCounter, type RatePolicy } from '../../src/rate-limit/counter.js';
import { csrfFor, currentAccount, submittedForm, type PageEnv } from './env.js';
import { renderCardPage } from '../../src/web/layout.js';
import { hiddenCsrf } from './form-parts.js';
import { rememberSignupBrowser, sendVerificationLink } from './email-verification.js';
import { acceptedReturnPath, queryValue } from './request-values.js';
import { signInPath } from './require-sign-in.js';
import { tooManyAttempts } from './too-many-attempts.js';
import { isThrowawayEmail } from '../../src/accounts/disposable-email.js';
import { loadSiteSettings } from '../../src/catalogue/site-settings.js';
import { networkKeyOf } from '../../src/community/network.js';
import { hashedKeyPart } from '../../src/security/keyed-hash.js';

/** Valid sign-ups per client address (each one costs a password hash and a mail). */
const SIGNUPS_PER_IP: RatePolicy = { name: 'sign-ups-per-client', limit: 20, windowSeconds: 3600 };
/** Why a throwaway address is refused (src/accounts/disposable-email.ts decides which are). */
const THROWAWAY_PROBLEM = 'Use an address you keep: throwaway e-mail domains are not accepted.';
/** "Someone tried to sign up with your address" mails per mailbox; beyond it, silently none (the page stays the same). */
const TAKEN_ADDRESS_MAILS: RatePolicy = { name: 'taken-address-mails', limit: 5, windowSeconds: 3600 };

interface SignupForm {
  email: string;
  /** The public name as typed. */
  displayName: string;
  returnTo?: string;
  problems?: { email?: string; displayName?: string; password?: string };
  signedInEmail?: string;
}

/**
 * Sign up: an e-mail address, the public name shown with the person's reviews and comments (the account page's rule,
 * checkDisplayName: no name that poses as the site team, a nameless member or another account) and a password.
 * Whether the address is new or taken, the answer is the same "check your inbox" page, the browser is not signed in
 * and gets the same sign-up cookie (rememberSignupBrowser: opening the link in this browser signs it in); only the
 * mail differs (a confirmation link, or a note to the owner). An address is taken when an account has it or another
 * address of the same mailbox (ring+1@gmail.com, r.i.n.g@googlemail.com: canonicalEmail, src/text/email.ts); the note
 * then goes to that account's own address, as for its owner signing up again.
 */
export function signupRoutes(router: Router, env: PageEnv): void {
  router.get('/signup', async (ctx) => {
    const account = await currentAccount(ctx, env);
    signupForm(ctx, env, {
      email: '',
      displayName: '',
      returnTo: acceptedReturnPath(queryValue(ctx, 'return_to')),
      signedInEmail: account?.email,
    });
  });

  router.post('/signup', async (ctx) => {
    const form = submittedForm(ctx);
    const typed = form.email ?? '';
    const email = normalizeEmail(typed);
    const password = form.password ?? '';
    const typedName = form.display_name ?? '';
    const name = await checkDisplayName(env.db, typedName);
    const displayName = 'problem' in name ? undefined : name.name;
    const returnTo = acceptedReturnPath(form.return_to);
    const settings = await loadSiteSettings(env.db);
    const problems = {
      email: !isPlausibleEmail(email)
        ? 'Enter your e-mail address, such as name@example.com.'
        : isThrowawayEmail(email, settings.email_domains)
          ? THROWAWAY_PROBLEM
          : undefined,
      displayName: 'problem' in name ? name.problem : undefined,
      password: passwordProblem(password, email),
    };
    if (problems.email || problems.displayName || problems.password || displayName === undefined) {
      ctx.status = 400;
      return signupForm(ctx, env, { email: typed, displayName: typedName, returnTo, problems });
    }
    const now = env.now();
    const hit = await exactCounter(env.db).hit(`signup:ip:${await hashedKeyPart(env.db, ctx.ip)}`, SIGNUPS_PER_IP, now);
    if (!hit.allowed) return tooManyAttempts(ctx, hit.resetSeconds);
    const network = await networkKeyOf(env.db, ctx.ip);
    const perNetwork: RatePolicy = { name: 'sign-ups-per-network', limit: settings.network_limits.signups_per_hour, windowSeconds: 3600 };
    const networkHit = await exactCounter(env.db).hit(`signup:net:${network}`, perNetwork, now);
    if (!networkHit.allowed) return tooManyAttempts(ctx, networkHit.resetSeconds);

    // Both branches wait for the same work (the password hash and the insert); the mail of either
    // goes on after the answer, so the response time does not tell whether the address was taken.
    const account = await createAccount(env.db, { email, password, verified: false, now, network, displayName });
    rememberSignupBrowser(ctx, env, account?.id, now);
    const mail = account ? sendVerificationLink(env, account, returnTo, now) : noteToOwner(env, email, now);
    void mail.catch((error: unknown) => env.log.error({ request_id: ctx.state.requestId, err: error }, 'sign-up mail failed'));
    renderCardPage(
      ctx,
      'Check your inbox',
      html`<p class="notice" role="status">We sent a message to <strong>${email}</strong>.</p>
<p>Open the link in it to go on. Nothing there after a few minutes? Look in the spam folder, or <a href="/signup">start again</a> with the right address.</p>`,
    );
  });
}

function signupForm(ctx: Context, env: PageEnv, form: SignupForm): void {
  const problems = form.problems ?? {};
  renderCardPage(
    ctx,
    'Create an account',
    html`${problems.email || problems.displayName || problems.password ? html`<p class="error" role="alert">The account was not created: correct the fields marked below.</p>` : ''}
<form method="post" action="/signup" novalidate>${hiddenCsrf(csrfFor(ctx, env))}
${form.returnTo ? html`<input type="hidden" name="return_to" value="${form.returnTo}">` : ''}
<label for="email">E-mail address</label>
${problems.email ? html`<p class="error" id="email-problem">${problems.email}</p>` : ''}
<input type="email" id="email" name="email" value="${form.email}" autocomplete="email" required maxlength="254"${problems.email ? html` aria-invalid="true" aria-describedby="email-problem"` : ''}>
<label for="display_name">Public name</label>
${problems.displayName ? html`<p class="error" id="display_name-problem">${problems.displayName}</p>` : ''}
<input type="text" id="display_name" name="display_name" value="${form.displayName}" autocomplete="nickname" required maxlength="${DISPLAY_NAME_MAX}"${problems.displayName ? html` aria-invalid="true" aria-describedby="display_name-problem display_name-hint"` : html` aria-describedby="display_name-hint"`}>
<p class="muted" id="display_name-hint">Shown with your reviews and comments, never your e-mail address: your name or a nickname, up to ${DISPLAY_NAME_MAX} characters. You can change it later on your account page.</p>
<label for="password">Password</label>
${problems.password ? html`<p class="error" id="password-problem">${problems.password}</p>` : ''}
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="${MAX_PASSWORD_LENGTH}"${problems.password ? html` aria-invalid="true" aria-describedby="password-problem"` : html` aria-describedby="password-hint"`}>
<p class="muted" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a good one.</p>
<button type="submit">Create account</button>
</form>
<p class="muted">Already have an account? <a href="${signInPath(form.returnTo)}">Sign in</a>.</p>`,
    { signedInEmail: form.signedInEmail },
  );
}

/**
 * The "someone tried to sign up with your address" mail, to the address of the account that has the mailbox, at most
 * TAKEN_ADDRESS_MAILS per mailbox (aliases share the count, so they cannot flood it).
 */
async function noteToOwner(env: PageEnv, email: string, now: Date): Promise<void> {
  const key = `signup:taken:${await hashedKeyPart(env.db, canonicalEmail(email))}`;
  const hit = await exactCounter(env.db).hit(key, TAKEN_ADDRESS_MAILS, now);
  if (!hit.allowed) return;
  const owner = await findAccountByEmail(env.db, email);
  await sendAlreadyRegisteredMail(env, owner?.email ?? email);
}

async function sendAlreadyRegisteredMail(env: PageEnv, email: string): Promise<void> {
  const siteName = await env.siteName();
  await env.mailer.send({
    to: email,
    subject: `Someone tried to create an account on ${siteName} with your address`,
    text: [
      'Hello,',
      '',
      `Someone (perhaps you) tried to create an account on ${siteName} with ${email}.`,
      'There already is an account for this address, so nothing was created or changed.',
      '',
      `To sign in: ${env.publicUrl}/signin`,
      `Forgot your password? Choose a new one: ${env.publicUrl}/reset-password`,
      '',
      'If this was not you, you can ignore this message.',
    ].join('\n'),
  });
}
