import type Router from '@koa/router';
import type { Context } from 'koa';
import type { DraftView } from '../drafting/draft-view.js';
import type { ProblemError } from '../errors.js';
import { LIMITS } from '../drafting/profile-fields.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage, webUrl } from '../web/layout.js';
import { notFoundPage } from './not-found.js';
import { runAsPerson } from './person-operation.js';
import { draftChanges, draftForm, formValues } from './draft-form.js';
import { recordChanges, recordValues, rowProblem, typedRecords } from './draft-records-form.js';
import type { AccountRecord } from '../accounts/accounts.js';
import { type SiteDeps, signedInVisit, type Visit } from './visit.js';

/** The statuses in which the site is still being read or drafted: the page refreshes itself. */
const IN_PROGRESS = new Set(['crawling', 'drafting']);

/**
 * A founder's way in on the website: /submit takes the product's address and starts a draft (submit_listing, as
 * an assistant would), and the draft's page shows its progress and, once drafted, every field with its state and
 * the site's own words that support it. Both need a signed-in person; the draft page only its owners (404 to
 * anyone else, as get_draft answers).
 */
export function submitRoutes(router: Router, site: SiteDeps): void {
  const { kit } = site;

  router.get('/submit', async (ctx) => {
    const seen = await signedInVisit(ctx, site);
    if (!seen) return;
    submitPage(ctx, seen, site, '');
  });

  router.post('/submit', async (ctx) => {
    const form = kit.form(ctx);
    const seen = await signedInVisit(ctx, site, '/submit');
    if (!seen) return;
    const url = (form.url ?? '').trim();
    const outcome = await runAsPerson(ctx, site, seen.account, 'submit_listing', { url, view: 'brief' });
    if (!outcome.ok) return submitPage(ctx, seen, site, url, outcome.problem);
    ctx.status = 303;
    ctx.redirect(`/account/drafts/${String(outcome.result.id)}`);
  });

  router.get('/account/drafts/:id', async (ctx) => {
    const seen = await signedInVisit(ctx, site);
    if (!seen) return;
    const draft = await ownDraftView(ctx, site, seen);
    if (!draft) return;
    const done = typeof ctx.query.done === 'string' && Object.hasOwn(NOTICES, ctx.query.done) ? NOTICES[ctx.query.done] : undefined;
    draftPage(ctx, seen, site, draft, { values: shownValues(draft), notice: done });
  });

  // The edit form: what changed (update_draft's bounds and messages), with the per-field button pressed.
  router.post('/account/drafts/:id', async (ctx) => {
    const form = kit.form(ctx);
    const seen = await signedInVisit(ctx, site, ctx.path);
    if (!seen) return;
    const draft = await ownDraftView(ctx, site, seen);
    if (!draft) return;
    const records = recordChanges(draft, form);
    const changes = { ...draftChanges(draft, form), ...records.input };
    if (Object.keys(changes).length === 0) return seeDraft(ctx, draft.id, 'unchanged');
    const outcome = await runAsPerson(ctx, site, seen.account, 'update_draft', { id: draft.id, view: 'full', ...changes });
    if (outcome.ok) return seeDraft(ctx, draft.id, 'saved');
    // Refused: the page again with everything as typed and each message beside its field.
    const typed = Object.fromEntries(Object.entries(formValues(draft)).map(([field, value]) => [field, form[`f_${field}`] ?? value]));
    draftPage(ctx, seen, site, draft, {
      values: { ...typed, ...recordValues(draft), ...typedRecords(form) },
      problem: rowProblem(outcome.problem, records.rows),
    });
  });

  // Saving the draft as a listing (submit_draft), beside what it still needs.
  router.post('/account/drafts/:id/save', async (ctx) => {
    const seen = await signedInVisit(ctx, site, `/account/drafts/${ctx.params.id}`);
    if (!seen) return;
    const draft = await ownDraftView(ctx, site, seen);
    if (!draft) return;
    // A second tab's save of a draft already saved (update_draft carries later edits to its listing): that listing.
    if (draft.listing_id !== null) return seeDraft(ctx, draft.id, 'listing');
    const outcome = await runAsPerson(ctx, site, seen.account, 'submit_draft', { id: draft.id });
    if (outcome.ok) return seeDraft(ctx, draft.id, 'listing');
    // Refused because another tab saved it meanwhile (and its listing moved on): the listing, not an error.
    const now = await ownDraftView(ctx, site, seen);
    if (!now) return;
    if (now.listing_id !== null) return seeDraft(ctx, draft.id, 'listing');
    ctx.status = outcome.problem.status;
    draftPage(ctx, seen, site, now, { values: shownValues(now), saveProblem: outcome.problem });
  });

  // Inviting a co-founder to own the draft and its listing (invite_cofounder), the refusal beside the address.
  router.post('/account/drafts/:id/invite', async (ctx) => {
    const form = kit.form(ctx);
    const seen = await signedInVisit(ctx, site, `/account/drafts/${ctx.params.id}`);
    if (!seen) return;
    const draft = await ownDraftView(ctx, site, seen);
    if (!draft) return;
    const email = (form.email ?? '').trim();
    const outcome = await runAsPerson(ctx, site, seen.account, 'invite_cofounder', { id: draft.id, email });
    if (outcome.ok) return seeDraft(ctx, draft.id, 'invited');
    draftPage(ctx, seen, site, draft, { values: shownValues(draft), invite: { email, problem: outcome.problem } });
  });
}

/** The page's own messages after a form did its work (named by key in the address: nothing from it is shown). */
const NOTICES: Record<string, string> = {
  saved: 'Your changes are saved.',
  unchanged: 'Nothing was changed.',
  listing: 'Saved as a listing. Its launch (free with a badge, or paid) is chosen next.',
  invited: 'The invite is on its way: the link in it works once, for the invited address only.',
};

/** What the edit form's boxes hold for a draft: its fields and its sub-records. */
const shownValues = (draft: DraftView) => ({ ...formValues(draft), ...recordValues(draft) });

function seeDraft(ctx: Context, id: string, notice: keyof typeof NOTICES): void {
  ctx.status = 303;
  ctx.redirect(`/account/drafts/${id}?done=${notice}`);
}

/** The signed-in person's draft named in the address (get_draft), or the 404 page (anyone else's, or none). */
async function ownDraftView(ctx: Context, site: SiteDeps, seen: Visit & { account: AccountRecord }): Promise<DraftView | undefined> {
  const outcome = await runAsPerson(ctx, site, seen.account, 'get_draft', { id: String(ctx.params.id), view: 'full' });
  if (outcome.ok) return outcome.result as unknown as DraftView;
  notFoundPage(ctx, seen.env, seen.account, 'You have no draft at this address.');
  return undefined;
}

/** The submit form, with what was typed and the refusal beside the field. */
function submitPage(ctx: Context, seen: Visit, site: SiteDeps, url: string, problem?: ProblemError): void {
  const fieldMessage = problem?.errors?.find((e) => e.path === '/url')?.message;
  const message = fieldMessage ?? (problem && problem.code !== 'already_listed' ? (problem.detail ?? problem.title) : undefined);
  const listed = problem?.code === 'already_listed' ? alreadyListed(problem) : '';
  renderSitePage(ctx, seen.env, {
    title: 'Submit a product',
    description: 'Launch a product on the directory: give its website, check the drafted profile, then choose a free or paid launch.',
    path: '/submit',
    account: seen.account,
    noindex: true,
    noStore: true,
    body: html`<p>Give your product's website. The directory reads it (respecting robots.txt) and drafts the listing from what the site says; you check every field before anything is published. Nothing is charged.</p>
${listed}
<form method="post" action="/submit" class="stack" novalidate>${site.kit.csrfField(ctx)}
<label for="submit-url">Website address</label>
<input id="submit-url" name="url" type="url" inputmode="url" autocomplete="url" required maxlength="2048" placeholder="https://example.com" value="${url}"${
      message ? html` aria-invalid="true" aria-describedby="submit-url-error"` : ''
    }>
${message ? html`<p id="submit-url-error" class="error" role="alert">${message}</p>` : ''}
<button type="submit">Draft my listing</button>
</form>
<p class="muted">One product, one listing: a site already listed can be claimed from its page. Your drafts are on <a href="/account">your account</a>.</p>`,
  });
}

/** The product already has a listing: its page, and how to take it over when it is someone else's. */
function alreadyListed(problem: ProblemError): SafeHtml {
  const slug = String(problem.members?.slug ?? '');
  const own = problem.members?.listing_id !== undefined;
  return html`<div class="notice" role="status"><p><strong>This product is already listed.</strong> ${
    own ? 'It is your listing: change it from your account.' : 'If it is yours, take the listing over by proving you control its domain.'
  }</p><p><a href="/listings/${slug}">See its page</a>${own ? '' : html` · <a href="/listings/${slug}/claim">Claim it</a>`}</p></div>`;
}

interface DraftPageState {
  /** What the form's boxes hold: the draft's values, or what was typed when a change was refused. */
  values: Record<string, string>;
  problem?: ProblemError;
  saveProblem?: ProblemError;
  /** A refused invite: the address typed and why. */
  invite?: { email: string; problem: ProblemError };
  notice?: string;
}

/** A draft: its progress while the site is read, then the edit form and, beside the save button, what saving needs. */
function draftPage(ctx: Context, seen: Visit, site: SiteDeps, draft: DraftView, state: DraftPageState): void {
  const working = IN_PROGRESS.has(draft.status);
  const name = typeof draft.fields.name?.value === 'string' && draft.fields.name.value ? draft.fields.name.value : draft.url;
  renderSitePage(ctx, seen.env, {
    title: working ? 'Reading your site…' : `Draft: ${name}`,
    description: 'Your draft listing.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    refreshSeconds: working ? (draft.poll_after_seconds ?? 3) : undefined,
    body: html`<p class="muted">Drafted from <a href="${webUrl(draft.url) ?? '#'}" rel="nofollow noopener">${draft.url}</a>.</p>
${state.notice ? html`<p class="notice" role="status">${state.notice}</p>` : ''}
${statusNote(draft)}
${working || draft.status === 'failed' ? '' : html`<h2>The drafted profile</h2>${draftForm(draft, site.kit.csrfField(ctx), state.values, state.problem)}${saveSection(ctx, site, draft, state.saveProblem)}${inviteSection(ctx, site, draft, state.invite)}`}
<p><a href="/account">Your account</a> · <a href="/submit">Submit another product</a></p>`,
  });
}

/** Saving as a listing, with what it still needs beside the button (or why it was refused). */
function saveSection(ctx: Context, site: SiteDeps, draft: DraftView, problem: ProblemError | undefined): SafeHtml {
  if (draft.listing_id !== null)
    return html`<h2 id="save">Saved as a listing</h2><p>Changes you save here update the listing until it is published. <a href="/account/listings/${String(draft.listing_id)}/launch">Launch it</a>.</p>`;
  const needed = draft.needed_to_save;
  return html`<h2 id="save">Save as a listing</h2>
${problem ? html`<div class="error" role="alert"><p>${problem.detail ?? problem.title}</p>${problem.errors?.length ? html`<ul>${problem.errors.map((e) => html`<li>${e.path.slice(1).replaceAll('/', ' ').replaceAll('_', ' ')}: ${e.message}</li>`)}</ul>` : ''}</div>` : ''}
${
  needed.length > 0
    ? html`<p>Still needed before it can be saved:</p><ul>${needed.map((n) => html`<li><a href="#f-${n.path.split('/').pop() ?? ''}">${(n.path.split('/').pop() ?? '').replaceAll('_', ' ')}</a>: ${n.message}</li>`)}</ul>`
    : html`<p>Nothing stands in the way: saving makes the listing (not yet published or launched).</p>`
}
<form method="post" action="/account/drafts/${draft.id}/save">${site.kit.csrfField(ctx)}<button type="submit"${needed.length > 0 ? ' disabled' : ''}>Save as a listing</button></form>`;
}

/** Co-founders: how many invites went out, and a form for one more (up to invite_cofounder's limit). */
function inviteSection(ctx: Context, site: SiteDeps, draft: DraftView, refused: DraftPageState['invite']): SafeHtml {
  const left = LIMITS.invites - draft.invites;
  const message = refused
    ? (refused.problem.errors?.find((e) => e.path === '/email')?.message ?? refused.problem.detail ?? refused.problem.title)
    : undefined;
  return html`<h2 id="invite">Invite co-founders</h2>
<p>An invited co-founder gets an e-mail with a link to become an owner of this draft and of its listing. ${
    draft.invites === 0
      ? 'No one is invited yet.'
      : `${String(draft.invites)} ${draft.invites === 1 ? 'invite has' : 'invites have'} been sent; ${String(Math.max(left, 0))} left.`
  }</p>
<form method="post" action="/account/drafts/${draft.id}/invite" novalidate>${site.kit.csrfField(ctx)}
<label for="invite-email" style="display:block">Co-founder's e-mail address</label>
<input id="invite-email" name="email" type="email" autocomplete="off" maxlength="254" value="${refused?.email ?? ''}"${
    message ? html` aria-invalid="true" aria-describedby="invite-email-error"` : ''
  }>
${message ? html`<p id="invite-email-error" class="error" role="alert">${message}</p>` : ''}
<p><button type="submit" class="secondary">Send the invite</button></p>
</form>`;
}

function statusNote(draft: DraftView): SafeHtml {
  if (draft.status === 'failed')
    return html`<p class="error" role="alert">${draft.failure_reason ?? 'The site could not be read.'} <a href="/submit">Submit it again</a>.</p>`;
  if (IN_PROGRESS.has(draft.status))
    return html`<p class="notice" role="status">The directory is ${draft.status === 'crawling' ? 'reading your site' : 'drafting your listing'}. This page refreshes itself every few seconds; you can also leave and come back from your account.</p>`;
  return html`<p class="muted">${String(draft.completeness)}% of the profile has a value. Check each field against your site, change what is wrong, then save it as a listing.</p>`;
}
