import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import type { ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { LISTING_STATUSES, type ListingStatus } from '../db/entities/listing.js';
import { pageNumber, pager } from '../web/layout.js';
import { findListingsToModerate, listingToModerate, type ModerationRow } from '../moderation/listing-lookup.js';
import type { ModerationAction } from '../moderation/listing-moderation.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsoleMissing, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { optional, postForm, selectField, textArea, textField } from './form-fields.js';

const PATH = '/admin/listings';
const PER_PAGE = 50;
const NOTICES: Record<ModerationAction, string> = {
  hide: 'The listing is hidden: it has left search, feeds, boards, the sitemap and its page, and its owners were mailed the reason.',
  unhide: 'The listing is shown again in its previous status; its owners were mailed.',
  feature: 'The listing is featured on the home page.',
  unfeature: 'The listing is no longer featured.',
};
const STATUS_CHOICES = [
  ['', 'any status'],
  ...LISTING_STATUSES.map((status) => [status, status] as const),
  ['featured', 'featured (live)'],
] as const;
const ACTION_LABELS: Record<ModerationAction, string> = {
  hide: 'Hide it (owners see the reason)',
  unhide: 'Show it again (back to its previous status)',
  feature: 'Feature it on the home page',
  unfeature: 'Stop featuring it',
};

/**
 * /admin/listings: find a listing by name or slug (any status; ?status=hidden lists the hidden ones), and on its
 * page hide, show, feature or unfeature it with a reason (moderate_listing). Moderators and admins.
 */
export function listingModerationPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (!visit) return;
    const q = optional(typeof ctx.query.q === 'string' ? ctx.query.q : undefined)?.slice(0, 200);
    const statusParam = typeof ctx.query.status === 'string' ? ctx.query.status : '';
    const status = (LISTING_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as ListingStatus) : undefined;
    const featured = statusParam === 'featured';
    const page = pageNumber(ctx.query.page);
    const { items, total } = await findListingsToModerate(deps.services.db, { text: q, status, featured }, { page, per_page: PER_PAGE });
    const query = { ...(q && { q }), ...((status || featured) && { status: statusParam }) };
    renderConsolePage(ctx, visit, {
      title: 'Listings',
      path: PATH,
      body: html`<form method="get" action="${PATH}" class="filters">
${textField('q', 'Name or slug', q, { maxLength: 200 })}
${selectField('status', 'Status', STATUS_CHOICES, status || featured ? statusParam : '')}
<button type="submit">Find</button></form>
<p class="muted">${total} listings. <a href="${PATH}?status=hidden">Hidden listings</a> · <a href="${PATH}?status=featured">Featured listings</a></p>
<table><caption class="sr">Listings found</caption><thead><tr><th scope="col">Listing</th><th scope="col">Status</th><th scope="col">Hidden because</th><th scope="col">Featured</th></tr></thead><tbody>
${items.map(
  (row) =>
    html`<tr><td><a href="${PATH}/${row.slug}">${row.name}</a><br><span class="muted">${row.slug}</span></td><td>${row.status}</td><td>${row.hidden_reason ?? ''}</td><td>${row.featured_at ? `since ${row.featured_at.slice(0, 10)}` : 'no'}</td></tr>`,
)}
</tbody></table>
${pager(PATH, page, PER_PAGE, total, query)}`,
    });
  });

  router.get(`${PATH}/:slug`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (visit) await renderListing(ctx, deps, visit, ctx.params.slug ?? '', {});
  });

  router.post(`${PATH}/:slug/moderation`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (!visit) return;
    const slug = ctx.params.slug ?? '';
    const form = deps.kit.form(ctx);
    const outcome = await runOperation(ctx, deps, visit, 'moderate_listing', {
      listing: slug,
      action: form.action ?? '',
      reason: form.reason ?? '',
    });
    if (outcome.ok) return seeOther(ctx, `${PATH}/${slug}`, form.action);
    const status = ctx.status;
    await renderListing(ctx, deps, visit, slug, { problem: outcome.problem, action: form.action, reason: form.reason });
    ctx.status = status;
  });
}

async function renderListing(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  slug: string,
  form: { problem?: ProblemError; action?: string; reason?: string },
): Promise<void> {
  const listing = SLUG_PATTERN.test(slug) ? await listingToModerate(deps.services.db, slug) : undefined;
  if (!listing) {
    renderConsoleMissing(ctx, visit, {
      title: 'No such listing',
      message: `No listing has the slug "${slug}".`,
      back: { path: PATH, label: 'Find a listing' },
    });
    return;
  }
  const actions = applicableActions(listing);
  renderConsolePage(ctx, visit, {
    title: `Listing: ${listing.name}`,
    path: `${PATH}/${listing.slug}`,
    notice: noticeOf(ctx, NOTICES),
    body: html`${details(listing)}
<h2>Moderate</h2>
${problemBox(form.problem)}
${
  actions.length
    ? postForm(
        `${PATH}/${listing.slug}/moderation`,
        deps.kit.csrfField(ctx),
        [
          selectField(
            'action',
            'Action',
            actions.map((action) => [action, ACTION_LABELS[action]] as const),
            form.action ?? actions[0],
          ),
          textArea('reason', 'Reason', form.reason, {
            required: true,
            rows: 3,
            hint: 'Required, at most 500 characters; recorded in the audit log. When hiding, the owners see it.',
          }),
        ],
        'Apply',
      )
    : html`<p class="muted">Nothing to do in this status (${listing.status}): a listing is featured once it is live.</p>`
}
<p><a href="${PATH}">Back to the listings</a> · <a href="/admin/reports">Reports</a></p>`,
  });
}

function details(listing: ModerationRow): SafeHtml {
  const isPublic = listing.status === 'live' || listing.status === 'scheduled';
  return html`<table><caption class="sr">The listing's state</caption><tbody>
<tr><th scope="row">Slug</th><td>${listing.slug}${isPublic ? html` · <a href="/listings/${listing.slug}">public page</a>` : ''}</td></tr>
<tr><th scope="row">Status</th><td>${listing.status}</td></tr>
${listing.status === 'hidden' ? html`<tr><th scope="row">Hidden because</th><td>${listing.hidden_reason ?? '(no reason recorded)'}</td></tr><tr><th scope="row">Hidden at</th><td>${listing.hidden_at ?? 'unknown'}</td></tr>` : ''}
<tr><th scope="row">Featured</th><td>${listing.featured_at ? `yes, since ${listing.featured_at}` : 'no'}</td></tr>
<tr><th scope="row">Launch week</th><td>${listing.launch_week ?? 'none'}</td></tr>
</tbody></table>`;
}

/** The actions that fit the listing's state (the operation refuses the others with 409). */
function applicableActions(listing: ModerationRow): ModerationAction[] {
  if (listing.status === 'hidden') return ['unhide'];
  const actions: ModerationAction[] = ['hide'];
  if (listing.featured_at) actions.push('unfeature');
  else if (listing.status === 'live') actions.push('feature');
  return actions;
}
