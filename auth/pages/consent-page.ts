import type Router from '@koa/router';
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { html } from '../../src/text/html.js';
import { ADMIN_SCOPE, SCOPE_NAMES, SCOPES, type Scope } from '../../src/accounts/caller.js';
import { grantMissing, splitByRole } from '../staff-scopes.js';
import { csrfFor, currentAccount, type PageEnv } from './env.js';
import { OAUTH_ROUTES } from '../oauth-server.js';
import { protectedResources } from '../../src/web/paths.js';
import { renderCardPage } from '../../src/web/layout.js';
import { errorBox, hiddenCsrf } from './form-parts.js';
import { signInPath } from './require-sign-in.js';

/**
 * The authorization server's interaction: /oauth/authorize sends the browser to /interaction/:uid.
 * A browser that is not signed in goes to /signin and comes back; a signed-in person sees which app
 * asks, where it will send them back to and each scope in plain words, and allows or denies.
 */
export function consentRoutes(router: Router, env: PageEnv, provider: Provider): void {
  router.get('/interaction/:uid', async (ctx) => {
    const details = await interaction(ctx, provider);
    if (!details) return;
    const account = await currentAccount(ctx, env);
    if (!account) return ctx.redirect(signInPath(ctx.path));
    if (!account.emailVerified) return verifyFirstPage(ctx, account.email);
    if (details.session && !ctx.cookies.get('_session')) return restartAuthorization(ctx, details);
    if (details.prompt.name === 'login' || details.session?.accountId !== account.id) {
      return finish(ctx, provider, { login: { accountId: account.id } }, false);
    }
    if (details.prompt.name !== 'consent') return unsupportedPrompt(ctx, details.prompt.name);
    if (onlyStaffScopesAsked(details, account.role)) return refuseStaffScopes(ctx, provider);
    await consentPage(ctx, env, provider, details, account);
  });

  router.post('/interaction/:uid/confirm', async (ctx) => {
    const details = await interaction(ctx, provider);
    if (!details) return;
    const account = await currentAccount(ctx, env);
    if (!account?.emailVerified || details.session?.accountId !== account.id || details.prompt.name !== 'consent') {
      return ctx.redirect(`/interaction/${details.uid}`);
    }
    if (onlyStaffScopesAsked(details, account.role)) return refuseStaffScopes(ctx, provider);
    const grantId = await saveGrant(provider, details, account);
    await finish(ctx, provider, { consent: { grantId } }, true);
  });

  router.post('/interaction/:uid/deny', async (ctx) => {
    const details = await interaction(ctx, provider);
    if (!details) return;
    await finish(ctx, provider, { error: 'access_denied', error_description: 'The person did not allow access.' }, false);
  });
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The resources the request still needs granted, each with the scopes it asks for there. */
const missingResourceScopes = (details: Details) => (details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;

/** The scopes the request asks for: in its parameters, and those still to be granted for its resources. */
function askedScopes(details: Details): Set<string> {
  const asked = new Set(String(details.params.scope ?? '').split(' '));
  for (const scopes of Object.values(missingResourceScopes(details))) for (const scope of scopes) asked.add(scope);
  return asked;
}

/**
 * Whether every service scope the request asks for is one this account cannot be given (staff only): then there is
 * nothing to grant. When it also asks for others, those are granted and the staff-only ones are not (RFC 6749 §3.3;
 * see auth/staff-scopes.ts).
 */
function onlyStaffScopesAsked(details: Details, role: string | null): boolean {
  const { allowed, refused } = splitByRole(serviceScopesAsked(details), role);
  return refused.length > 0 && allowed.length === 0;
}

/** The service's scopes (not openid, offline_access or unknown ones) the request asks for, in the order of SCOPES. */
const serviceScopesAsked = (details: Details): Scope[] => SCOPE_NAMES.filter((scope) => askedScopes(details).has(scope));

/**
 * An app asked only for the site team's scope on an account without a staff role: refused (invalid_scope), the
 * person is not asked, and the app hears why. Nothing is granted.
 */
function refuseStaffScopes(ctx: Context, provider: Provider): Promise<void> {
  return finish(
    ctx,
    provider,
    {
      error: 'invalid_scope',
      error_description: `The scope ${ADMIN_SCOPE} is given only to staff accounts, and nothing else was asked for.`,
    },
    false,
  );
}

/** The pending interaction of this browser, or an explanatory page when it has expired or belongs elsewhere. */
async function interaction(ctx: Context, provider: Provider): Promise<Details | undefined> {
  try {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== ctx.params.uid) throw new errors.SessionNotFound('interaction mismatch');
    return details;
  } catch (error) {
    if (!(error instanceof errors.OIDCProviderError)) throw error;
    ctx.status = 400;
    renderCardPage(
      ctx,
      'This sign-in request has expired',
      html`<p class="error" role="alert">The request to connect an app is no longer open in this browser.</p><p>Go back to the app and connect again.</p>`,
    );
    return undefined;
  }
}

/**
 * The browser lost the authorization server's session this request was bound to (signed out in
 * between): the request starts again from its own parameters instead of failing at the end.
 */
function restartAuthorization(ctx: Context, details: Details): void {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(details.params)) {
    for (const item of [value].flat()) if (typeof item === 'string') query.append(name, item);
  }
  ctx.redirect(`${OAUTH_ROUTES.authorization}?${query}`);
}

async function finish(ctx: Context, provider: Provider, result: InteractionResults, merge: boolean): Promise<void> {
  ctx.respond = false;
  await provider.interactionFinished(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge });
}

/** Grants what the request still misses, but staff-only scopes to an account without a staff role (rejected instead). */
async function saveGrant(provider: Provider, details: Details, account: SignedIn): Promise<string> {
  const clientId = String(details.params.client_id);
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId: account.id, clientId });
  grantMissing(grant, details.prompt.details, account.role);
  return grant.save();
}

type SignedIn = { id: string; email: string; role: string | null };

async function consentPage(ctx: Context, env: PageEnv, provider: Provider, details: Details, account: SignedIn): Promise<void> {
  const { email } = account;
  const client = await provider.Client.find(String(details.params.client_id));
  if (!client) {
    ctx.status = 400;
    return renderCardPage(
      ctx,
      'Unknown app',
      errorBox('The app asking for access is not registered any more. Go back to it and connect again.'),
    );
  }
  const redirect = new URL(String(details.params.redirect_uri));
  const { allowed: scopes, refused } = splitByRole(serviceScopesAsked(details), account.role);
  const resources = Object.keys(missingResourceScopes(details));
  const clientName = typeof client.clientName === 'string' && client.clientName.trim() ? client.clientName.trim() : client.clientId;
  const csrf = csrfFor(ctx, env);
  const siteName = await env.siteName();

  renderCardPage(
    ctx,
    `Allow ${clientName} to use your account?`,
    html`<p><strong>${clientName}</strong> wants to use ${siteName} as <strong>${email}</strong>.</p>
<p class="muted">App identifier: <code>${client.clientId}</code></p>
<p>After you answer, you go back to <strong>${redirect.protocol === 'http:' || redirect.protocol === 'https:' ? redirect.host : redirect.protocol}</strong>.</p>
${scopes.length > 0 ? html`<p>It will be able to:</p><ul class="scopes">${scopes.map((scope) => html`<li>${SCOPES[scope as Scope]} <span class="muted">(${scope})</span></li>`)}</ul>` : html`<p>It asks for no access beyond knowing it is you.</p>`}
${refused.length > 0 ? notGranted(refused) : ''}
<p class="muted">It stays connected until you disconnect it under Connected apps on your <a href="/account">account page</a>.</p>
${resources.length > 0 ? html`<p class="muted">Access is for: ${resources.map(describeResource(env.publicUrl)).join(', ')}.</p>` : ''}
<form method="post" action="/interaction/${details.uid}/confirm" class="actions">${hiddenCsrf(csrf)}<button type="submit">Allow</button></form>
<form method="post" action="/interaction/${details.uid}/deny">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Deny</button></form>
<p class="muted">Not ${email}? <a href="${signInPath(`/interaction/${details.uid}`)}">Sign in as someone else</a>.</p>`,
    { formActions: [formActionSource(redirect)], signedInEmail: email },
  );
}

/** What the app asked for and will not get, in words: staff-only scopes asked on an account without a staff role. */
const notGranted = (refused: string[]) =>
  html`<div class="not-granted"><p>It also asked for this, which it will <strong>not</strong> get: only accounts with a staff role can allow it, and yours has none.</p>
<ul class="scopes">${refused.map((scope) => html`<li>${SCOPES[scope as Scope]} <span class="muted">(${scope}, staff only)</span></li>`)}</ul>
<p class="muted">If you allow, the app gets the rest and is told what was not granted.</p></div>`;

const describeResource = (publicUrl: string) => {
  const { mcp, api } = protectedResources(publicUrl);
  return (resource: string) => (resource === mcp ? 'the MCP server' : resource === api ? 'the REST API' : resource);
};

/** CSP source for where the consent form ends up after the server's redirects. */
function formActionSource(redirect: URL): string {
  return redirect.protocol === 'http:' || redirect.protocol === 'https:' ? redirect.origin : redirect.protocol;
}

function verifyFirstPage(ctx: Context, email: string): void {
  renderCardPage(
    ctx,
    'Confirm your e-mail address first',
    html`<p>Before an app can use your account, confirm <strong>${email}</strong> with the link we sent you.</p>
<p><a href="/account">Send the link again</a>, then come back to this page.</p>`,
    { signedInEmail: email },
  );
}

function unsupportedPrompt(ctx: Context, prompt: string): void {
  ctx.status = 400;
  renderCardPage(
    ctx,
    'This sign-in request cannot continue',
    errorBox(`The app asked for a step this service does not offer (${prompt}).`),
  );
}
