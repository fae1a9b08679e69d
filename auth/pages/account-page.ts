import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/text/html.js';
import { listConnectedApps, revokeConnectedApp, type ConnectedApp } from '../../src/accounts/connected-apps.js';
import { type AccountRecord, setDisplayName } from '../../src/accounts/accounts.js';
import { DISPLAY_NAME_MAX, publicName } from '../../src/community/public-name.js';
import { ValidationError } from '../../src/errors.js';
import { csrfFor, submittedForm, type PageEnv } from './env.js';
import { renderCardPage } from '../../src/web/layout.js';
import { hiddenCsrf, noticeBox, resendLinkForm, when } from './form-parts.js';
import { requireSignedIn } from './require-sign-in.js';
import { listOwnedListings, type OwnedListingItem } from '../../src/listings/owner-view.js';
import { exportAccount } from '../../src/accounts/account-export.js';
import { type DraftRecord, listOwnDrafts } from '../../src/drafting/draft-store.js';

/** Listings shown on the account page; list_my_listings pages through more. */
const LISTINGS_SHOWN = 50;

const PAGE = '/account';

/**
 * GET /account: the address and whether it is confirmed, the apps connected to the account (each
 * with a Revoke button), the way to API keys, and signing out. POST /account/apps/:grantId/revoke
 * disconnects one app. POST /account/display-name sets the public name shown with the person's reviews and comments.
 * The listings the account owns link to their images and statistics pages. POST /account/export downloads the
 * account's data (export_my_data) as a JSON file; the page links to /account/delete (delete-account-page.ts).
 */
export function accountRoutes(router: Router, env: PageEnv): void {
  router.get(PAGE, (ctx) => accountPage(ctx, env));

  // A POST (CSRF-checked by formGuard), so no other site can make the browser fetch the document.
  router.post(`${PAGE}/export`, async (ctx) => {
    const account = await requireSignedIn(ctx, env, PAGE);
    if (!account) return;
    const now = env.now();
    const document = await exportAccount(env.db, account.id, now);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="launch-directory-data-${now.toISOString().slice(0, 10)}.json"`);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(document, null, 2);
  });

  router.post(`${PAGE}/display-name`, async (ctx) => {
    const form = submittedForm(ctx);
    const account = await requireSignedIn(ctx, env, PAGE);
    if (!account) return;
    const typed = form.display_name ?? '';
    try {
      await setDisplayName(env.db, account.id, typed);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      // The account page again, the problem beside the field and what was typed kept.
      ctx.status = 400;
      return accountPage(ctx, env, { typed, problem: error.errors?.[0]?.message ?? error.message });
    }
    ctx.status = 303;
    ctx.redirect(`${PAGE}?done=display-name#public-name`);
  });

  router.post(`${PAGE}/apps/:grantId/revoke`, async (ctx) => {
    const account = await requireSignedIn(ctx, env, PAGE);
    if (!account) return;
    const grantId = String(ctx.params.grantId);
    if (!(await revokeConnectedApp(env.db, account.id, grantId))) {
      ctx.status = 404;
      return renderCardPage(
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

/** A public name that was refused: as typed, and why. */
interface RefusedName {
  typed: string;
  problem: string;
}

/**
 * The account page: its address, public name, drafts, listings, connected apps, API keys, data, and signing out.
 * `refused`: a public name just refused, shown in its field with the problem beside it.
 */
async function accountPage(ctx: Context, env: PageEnv, refused?: RefusedName): Promise<void> {
  const account = await requireSignedIn(ctx, env);
  if (!account) return;
  const csrf = csrfFor(ctx, env);
  const apps = await listConnectedApps(env.db, account.id);
  const [owned, drafts] = await Promise.all([
    listOwnedListings(env.db, account.id, { page: 1, per_page: LISTINGS_SHOWN }, env.publicUrl),
    listOwnDrafts(env.db, account.id, 1, LISTINGS_SHOWN),
  ]);
  renderCardPage(
    ctx,
    'Your account',
    html`<p>E-mail address: <strong>${account.email}</strong></p>
${
  account.emailVerified
    ? html`<p class="notice" role="status">Your e-mail address is confirmed.</p>`
    : html`<p class="error">Your e-mail address is not confirmed yet. Open the link we mailed you; until then you cannot create API keys or connect apps.</p>
${resendLinkForm(csrf)}`
}
${displayNameForm(account, csrf, ctx.query.done === 'display-name', refused)}
${draftsSection(drafts.items.filter((d) => d.status !== 'submitted'))}
${listingsSection(owned.items, owned.total)}
${appsSection(apps, csrf)}
<h2 id="mail">Mail from the site</h2>
<p>The digest of top launches, weekly or daily. <a href="/account/notifications">Your mail settings</a></p>
<h2>API keys</h2>
<p>Scripts and tools use API keys to act for your account. <a href="/account/api-keys">Manage your API keys</a></p>
${yourDataSection(csrf)}
<h2>Sign out</h2>
<form method="post" action="/signout">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Sign out</button></form>`,
    { signedInEmail: account.email },
  );
}

/** The apps connected to the account, each with its Revoke button. */
function appsSection(apps: ConnectedApp[], csrf: string) {
  return html`<h2 id="apps">Connected apps</h2>
${
  apps.length === 0
    ? html`<p class="muted">No apps are connected to your account.</p>`
    : html`<p>These apps may act for your account with the permissions you allowed. Revoking one ends its access at once; it must ask you again to come back.</p>
${appTable(apps, csrf)}`
}`;
}

/** Download the account's data (export_my_data as a file), and the way to delete the account. */
function yourDataSection(csrf: string) {
  return html`<h2 id="your-data">Your data</h2>
<p>Everything the service holds about your account, as one JSON file (no passwords, keys or secrets).</p>
<form method="post" action="${PAGE}/export">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Download my data</button></form>
<p><a href="${PAGE}/delete">Delete your account</a>: the page says what happens and asks for your password again.</p>`;
}

/** The form for the name shown with the person's reviews and comments; a refused name with its problem beside the field. */
function displayNameForm(account: AccountRecord, csrf: string, saved: boolean, refused?: RefusedName) {
  return html`<h2 id="public-name">Your public name</h2>
${noticeBox(saved ? 'Your public name is saved.' : undefined)}
${refused ? html`<p class="error" role="alert">Your public name was not saved: correct the field below.</p>` : ''}
<p>Your reviews and comments show this name${account.displayName ? '' : html`; until you choose one they show <strong>${publicName(account)}</strong>`}. It never shows your e-mail address.</p>
<form method="post" action="${PAGE}/display-name">${hiddenCsrf(csrf)}
<label for="display_name">Public name</label>
${refused ? html`<p class="error" id="display_name-problem">${refused.problem}</p>` : ''}
<input type="text" id="display_name" name="display_name" value="${refused ? refused.typed : (account.displayName ?? '')}" required maxlength="${DISPLAY_NAME_MAX}"${refused ? html` aria-invalid="true" aria-describedby="display_name-problem"` : ''}>
<button type="submit">Save the name</button>
</form>`;
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

/** The listings the account owns, each with its status and the ways to its images and statistics pages. */
function listingsSection(items: OwnedListingItem[], total: number) {
  if (items.length === 0) {
    return html`<h2 id="listings">Your listings</h2><p class="muted">You own no listing yet. <a href="/submit">Submit a product</a> from its website.</p>`;
  }
  const more =
    total > items.length ? html`<p class="muted">${total - items.length} more: list_my_listings pages through them all.</p>` : html``;
  return html`<h2 id="listings">Your listings</h2>
<table><caption class="muted">Listings you own</caption><thead><tr><th scope="col">Listing</th><th scope="col">Status</th><th scope="col">Pages</th></tr></thead><tbody>
${items.map(
  (item) =>
    html`<tr><th scope="row">${item.status === 'live' || item.status === 'scheduled' ? html`<a href="/listings/${item.slug}">${item.name}</a>` : item.name}</th><td>${listingStatusWords(item)}</td><td><a href="/account/listings/${item.listing_id}/launch">Launch and badge</a> · <a href="/account/listings/${item.listing_id}/edit">Edit</a> · <a href="/account/listings/${item.listing_id}/news">Updates and story</a> · <a href="/account/listings/${item.listing_id}/stats">Statistics</a> · <a href="/account/listings/${item.listing_id}/images">Logo and screenshot</a></td></tr>`,
)}
</tbody></table>${more}`;
}

/** A listing's status in words: what it means and, where the maker has something to do, what. */
function listingStatusWords(item: OwnedListingItem): string {
  const week = item.launch_week ? `the week of ${item.launch_week}` : 'a launch week';
  switch (item.status) {
    case 'live':
      return 'Live.';
    case 'scheduled':
      return `Scheduled: it goes live in ${week}.`;
    case 'awaiting_badge':
      return `Free launch, queued for ${week}: it goes live that week once the directory finds the badge on your homepage. Put the badge on your homepage now.`;
    case 'draft':
      return 'Saved, not launched: choose a free launch (with a badge) or a paid one.';
    case 'hidden':
      return 'Hidden by the site team: it is not shown in the directory.';
    default:
      return item.status;
  }
}

/** Drafts not yet saved as a listing, each linked to its page. */
function draftsSection(drafts: DraftRecord[]) {
  if (drafts.length === 0) return html``;
  const words: Record<string, string> = {
    crawling: 'Reading the site…',
    drafting: 'Drafting…',
    ready: 'Drafted: check it and save it as a listing.',
    failed: 'The site could not be read.',
  };
  return html`<h2 id="drafts">Your drafts</h2>
<table><caption class="muted">Drafts not yet saved as listings</caption><thead><tr><th scope="col">Site</th><th scope="col">Status</th></tr></thead><tbody>
${drafts.map((draft) => {
  const name = draft.fields.name?.value;
  return html`<tr><th scope="row"><a href="/account/drafts/${draft.id}">${typeof name === 'string' && name ? name : draft.url}</a></th><td>${words[draft.status] ?? draft.status}</td></tr>`;
})}
</tbody></table>`;
}
