import type Router from '@koa/router';
import { html } from '../../src/text/html.js';
import { listConnectedApps, revokeConnectedApp, type ConnectedApp } from '../../src/accounts/connected-apps.js';
import { csrfFor, type PageEnv } from './env.js';
import { hiddenCsrf, renderPage, resendLinkForm, when } from './layout.js';
import { requireSignedIn } from './require-sign-in.js';

const PAGE = '/account';

/**
 * GET /account: the address and whether it is confirmed, the apps connected to the account (each
 * with a Revoke button), the way to API keys, and signing out. POST /account/apps/:grantId/revoke
 * disconnects one app.
 */
export function accountRoutes(router: Router, env: PageEnv): void {
  router.get(PAGE, async (ctx) => {
    const account = await requireSignedIn(ctx, env);
    if (!account) return;
    const csrf = csrfFor(ctx, env);
    const apps = await listConnectedApps(env.db, account.id);
    renderPage(
      ctx,
      'Your account',
      html`<p>E-mail address: <strong>${account.email}</strong></p>
${
  account.emailVerified
    ? html`<p class="notice" role="status">Your e-mail address is confirmed.</p>`
    : html`<p class="error">Your e-mail address is not confirmed yet. Open the link we mailed you; until then you cannot create API keys or connect apps.</p>
${resendLinkForm(csrf)}`
}
<h2 id="apps">Connected apps</h2>
${
  apps.length === 0
    ? html`<p class="muted">No apps are connected to your account.</p>`
    : html`<p>These apps may act for your account with the permissions you allowed. Revoking one ends its access at once; it must ask you again to come back.</p>
${appTable(apps, csrf)}`
}
<h2>API keys</h2>
<p>Scripts and tools use API keys to act for your account. <a href="/account/api-keys">Manage your API keys</a></p>
<h2>Sign out</h2>
<form method="post" action="/signout">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Sign out</button></form>`,
      { signedInEmail: account.email },
    );
  });

  router.post(`${PAGE}/apps/:grantId/revoke`, async (ctx) => {
    const account = await requireSignedIn(ctx, env, PAGE);
    if (!account) return;
    const grantId = String(ctx.params.grantId);
    if (!(await revokeConnectedApp(env.db, account.id, grantId))) {
      ctx.status = 404;
      return renderPage(
        ctx,
        'No such connected app',
        html`<p class="error" role="alert">No app is connected to your account under that identifier. Nothing was revoked.</p><p><a href="${PAGE}">Back to your account</a></p>`,
        { signedInEmail: account.email },
      );
    }
    ctx.status = 303;
    ctx.redirect(PAGE);
  });
}

function appTable(apps: ConnectedApp[], csrf: string) {
  return html`<table><thead><tr><th>App</th><th>Connected</th><th></th></tr></thead><tbody>
${apps.map((app) => {
  const label = app.clientName ?? app.clientId;
  return html`<tr><td>${app.clientName ? html`<span title="${app.clientId}">${app.clientName}</span>` : html`<code>${app.clientId}</code>`}</td>
<td>${app.grantedAt ? when(app.grantedAt) : ''}</td>
<td><form method="post" action="${PAGE}/apps/${encodeURIComponent(app.grantId)}/revoke">${hiddenCsrf(csrf)}<button type="submit" class="danger" aria-label="Revoke ${label}">Revoke</button></form></td></tr>`;
})}
</tbody></table>`;
}
