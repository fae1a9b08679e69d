import type Router from '@koa/router';
import type { Context } from 'koa';
import type { DraftView } from '../drafting/draft-view.js';
import type { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage, webUrl } from '../web/layout.js';
import { notFoundPage } from './not-found.js';
import { runAsPerson } from './person-operation.js';
import { type SiteDeps, signedInVisit, type Visit } from './visit.js';

/** How the page names a field's state (draft-view.ts's states). */
const STATE_WORDS: Record<string, string> = {
  pending: 'Pending',
  ai: 'Drafted from your site',
  not_found: 'Not found on your site',
  edited: 'Edited',
  manual: 'Typed in',
  override: 'Locked',
  deleted: 'Removed',
};

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
    const outcome = await runAsPerson(ctx, site, seen.account, 'get_draft', { id: ctx.params.id, view: 'full' });
    if (!outcome.ok) return notFoundPage(ctx, seen.env, seen.account, 'You have no draft at this address.');
    draftPage(ctx, seen, outcome.result as unknown as DraftView);
  });
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
    own
      ? 'It is your listing: change it from your account.'
      : 'If it is yours, take the listing over by proving you control its domain (claim_listing, from an assistant or the API).'
  }</p><p><a href="/listings/${slug}">See its page</a></p></div>`;
}

/** A draft: its progress while the site is read, then each field with its state and the site's supporting words. */
function draftPage(ctx: Context, seen: Visit, draft: DraftView): void {
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
${statusNote(draft)}
${working ? '' : fieldsList(draft)}
<p><a href="/account">Your account</a> · <a href="/submit">Submit another product</a></p>`,
  });
}

function statusNote(draft: DraftView): SafeHtml {
  if (draft.status === 'failed')
    return html`<p class="error" role="alert">${draft.failure_reason ?? 'The site could not be read.'} <a href="/submit">Submit it again</a>.</p>`;
  if (IN_PROGRESS.has(draft.status))
    return html`<p class="notice" role="status">The directory is ${draft.status === 'crawling' ? 'reading your site' : 'drafting your listing'}. This page refreshes itself every few seconds; you can also leave and come back from your account.</p>`;
  const needed = draft.needed_to_save;
  return html`<p class="notice" role="status">Drafted: ${draft.completeness}% of the profile has a value.${
    needed.length === 0 ? ' Nothing stands in the way of saving.' : ''
  }</p>${
    needed.length > 0
      ? html`<h2>Still needed to save</h2><ul>${needed.map((n) => html`<li><code>${n.path.slice(1)}</code>: ${n.message}</li>`)}</ul>`
      : ''
  }`;
}

function fieldsList(draft: DraftView): SafeHtml {
  const items = Object.entries(draft.fields).map(([field, view]) => {
    if (!view) return '';
    const value = Array.isArray(view.value) ? view.value.join(', ') : (view.value ?? '');
    const quotes = view.evidence ?? [];
    return html`<div id="field-${field}"><dt><strong>${field.replaceAll('_', ' ')}</strong> <span class="muted">· ${STATE_WORDS[view.state] ?? view.state}</span></dt><dd style="margin:0 0 1rem;overflow-wrap:anywhere">${
      value || html`<span class="muted">—</span>`
    }${
      quotes.length > 0
        ? html`<details><summary>What your site says (${quotes.length})</summary>${quotes.map(
            (q) =>
              html`<blockquote>${q.quote}<br><a class="muted" href="${webUrl(q.url) ?? '#'}" rel="nofollow noopener">${q.url}</a></blockquote>`,
          )}</details>`
        : ''
    }</dd></div>`;
  });
  return html`<h2>The drafted profile</h2><dl>${items}</dl>`;
}
