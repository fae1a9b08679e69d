import type Router from '@koa/router';
import { html } from '../../src/web/html.js';
import { csrfFor, type PageEnv } from './env.js';
import { hiddenCsrf, renderPage } from './layout.js';
import { requireSignedIn } from './require-sign-in.js';

/** GET /account: the address and whether it is confirmed, the way to API keys, and signing out. */
export function accountRoutes(router: Router, env: PageEnv): void {
  router.get('/account', async (ctx) => {
    const account = await requireSignedIn(ctx, env);
    if (!account) return;
    const csrf = csrfFor(ctx, env);
    renderPage(
      ctx,
      'Your account',
      html`<p>E-mail address: <strong>${account.email}</strong></p>
${account.emailVerified
  ? html`<p class="notice" role="status">Your e-mail address is confirmed.</p>`
  : html`<p class="error">Your e-mail address is not confirmed yet. Open the link we mailed you; until then you cannot create API keys or connect apps.</p>
<form method="post" action="/verify-email/resend">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Send the link again</button></form>`}
<h2>API keys</h2>
<p>Scripts and tools use API keys to act for your account. <a href="/account/api-keys">Manage your API keys</a></p>
<h2>Sign out</h2>
<form method="post" action="/signout">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Sign out</button></form>`,
      { signedInEmail: account.email },
    );
  });
}
