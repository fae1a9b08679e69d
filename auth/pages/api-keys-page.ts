import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import type { AccountRecord } from '../../src/accounts/accounts.js';
import {
  createApiKey,
  listApiKeys,
  MAX_API_KEY_NAME_LENGTH,
  revokeApiKey,
  StaffOnlyScopeError,
  type ApiKeyRecord,
} from '../../src/accounts/api-keys.js';
import { DEFAULT_SCOPES, isScope, refusedScopes, SCOPE_NAMES, SCOPES } from '../../src/accounts/caller.js';
import { formValues } from '../../src/web/form-body.js';
import { csrfFor, submittedForm, type PageEnv } from './env.js';
import { renderCardPage } from '../../src/web/layout.js';
import { errorBox, hiddenCsrf, resendLinkForm, when } from './form-parts.js';
import { requireSignedIn } from './require-sign-in.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = '/account/api-keys';

interface Draft {
  name: string;
  scopes: readonly string[];
}

interface KeysPage {
  draft?: Draft;
  error?: string;
  /** Shown once, right after it was made. */
  created?: { key: string; record: ApiKeyRecord };
}

/** The account's API keys: list them, make one (shown once), revoke one. */
export function apiKeysRoutes(router: Router, env: PageEnv): void {
  router.get(PAGE, async (ctx) => {
    const account = await requireSignedIn(ctx, env);
    if (!account) return;
    await keysPage(ctx, env, account, {});
  });

  router.post(PAGE, async (ctx) => {
    const form = submittedForm(ctx);
    const account = await requireSignedIn(ctx, env, PAGE);
    if (!account) return;
    if (!account.emailVerified) return confirmFirst(ctx, env, account);
    const typedName = form.name ?? '';
    const name = typedName.trim();
    const chosen = new Set(formValues(ctx, 'scopes'));
    const scopes = SCOPE_NAMES.filter((scope) => chosen.has(scope));
    const error =
      name === ''
        ? 'Give the key a name, so you can tell it apart later.'
        : [...name].length > MAX_API_KEY_NAME_LENGTH
          ? `Use at most ${MAX_API_KEY_NAME_LENGTH} characters for the name.`
          : chosen.size === 0
            ? 'Choose at least one thing the key may do.'
            : scopes.length !== chosen.size
              ? 'Choose only from the permissions listed.'
              : undefined;
    if (error) {
      ctx.status = 400;
      return keysPage(ctx, env, account, { draft: { name: typedName, scopes }, error });
    }
    const created = await createApiKey(env.db, { accountId: account.id, name, scopes, now: env.now() }).catch((error: unknown) => {
      if (error instanceof StaffOnlyScopeError) return error;
      throw error;
    });
    if (created instanceof StaffOnlyScopeError) {
      ctx.status = 403;
      return keysPage(ctx, env, account, { draft: { name: typedName, scopes }, error: created.message });
    }
    ctx.status = 201;
    await keysPage(ctx, env, account, { created });
  });

  router.post(`${PAGE}/:id/revoke`, async (ctx) => {
    const account = await requireSignedIn(ctx, env, PAGE);
    if (!account) return;
    const id = String(ctx.params.id);
    const known = UUID.test(id);
    const revoked = known && (await revokeApiKey(env.db, account.id, id, env.now()));
    // Revoking one's own key twice is fine; anything else is not this account's key.
    if (!revoked && !(known && (await listApiKeys(env.db, account.id)).some((key) => key.id === id))) {
      ctx.status = 404;
      return renderCardPage(
        ctx,
        'No such API key',
        html`<p class="error" role="alert">Your account has no API key with that identifier. Nothing was revoked.</p><p><a href="${PAGE}">Back to your API keys</a></p>`,
        { signedInEmail: account.email },
      );
    }
    ctx.status = 303;
    ctx.redirect(PAGE);
  });
}

async function keysPage(ctx: Context, env: PageEnv, account: AccountRecord, page: KeysPage): Promise<void> {
  const keys = await listApiKeys(env.db, account.id);
  const csrf = csrfFor(ctx, env);
  const draft = page.draft ?? { name: '', scopes: DEFAULT_SCOPES };
  renderCardPage(
    ctx,
    'API keys',
    html`${page.created ? newKey(page.created) : ''}
<p>An API key lets a script or tool use the REST API and the MCP server as you, with the permissions you give it. Send it as <code>Authorization: Bearer &lt;key&gt;</code>.</p>
<h2>Your keys</h2>
${keys.length === 0 ? html`<p class="muted">You have no API keys yet.</p>` : keyList(keys, csrf)}
<h2 id="create">Create a key</h2>
${
  account.emailVerified
    ? html`${errorBox(page.error)}
<form method="post" action="${PAGE}">${hiddenCsrf(csrf)}
<label for="name">Name</label>
<input type="text" id="name" name="name" value="${draft.name}" required maxlength="${MAX_API_KEY_NAME_LENGTH}" placeholder="Deploy script" aria-describedby="name-hint">
<p class="muted" id="name-hint">Something to recognise the key by, at most ${MAX_API_KEY_NAME_LENGTH} characters.</p>
<fieldset><legend>What the key may do</legend>
${SCOPE_NAMES.filter((scope) => refusedScopes([scope], account.role).length === 0).map(
  (scope) =>
    html`<label><input type="checkbox" name="scopes" value="${scope}"${draft.scopes.includes(scope) ? html` checked` : ''}> ${SCOPES[scope]} <span class="muted">(${scope})</span></label>`,
)}
</fieldset>
<button type="submit">Create key</button>
</form>`
    : html`<p class="error">Confirm your e-mail address before you create API keys: open the link we mailed to <strong>${account.email}</strong>.</p>
${resendLinkForm(csrf)}`
}`,
    { wide: true, signedInEmail: account.email },
  );
}

function newKey(created: { key: string; record: ApiKeyRecord }) {
  return html`<section class="notice" role="status"><p><strong>Your new key “${created.record.name}”</strong>. Copy it now: it will not be shown again, we keep only a fingerprint of it.</p>
<p class="key" id="new-api-key">${created.key}</p></section>`;
}

/**
 * The keys as a list of cards, one a key: its name, prefix and permissions, when it was made and last used, and its
 * Revoke button beside them (below them on a phone), never off the screen.
 */
function keyList(keys: ApiKeyRecord[], csrf: string) {
  return html`<ul class="cards keys">
${keys.map(
  (key) => html`<li class="card"><div class="body"><span class="name">${key.name}</span> <code>${key.prefix}…</code>
<div class="muted">May: ${key.scopes.map((scope, i) => html`${i > 0 ? ', ' : ''}<span title="${isScope(scope) ? SCOPES[scope] : ''}">${scope}</span>`)}</div>
<div class="muted">Created ${when(key.createdAt)} · last used ${key.lastUsedAt ? when(key.lastUsedAt) : 'never'}</div></div>
${
  key.revokedAt
    ? html`<p class="muted revoked">Revoked ${when(key.revokedAt)}</p>`
    : html`<form method="post" action="${PAGE}/${key.id}/revoke">${hiddenCsrf(csrf)}<button type="submit" class="danger" aria-label="Revoke ${key.name}">Revoke</button></form>`
}</li>`,
)}
</ul>`;
}

function confirmFirst(ctx: Context, env: PageEnv, account: AccountRecord): void {
  ctx.status = 403;
  renderCardPage(
    ctx,
    'Confirm your e-mail first',
    html`<p class="error" role="alert">Confirm your e-mail address before you create API keys. No key was created.</p>
<p>Open the link we mailed to <strong>${account.email}</strong>, or have a new one sent:</p>
${resendLinkForm(csrfFor(ctx, env))}`,
    { signedInEmail: account.email },
  );
}
