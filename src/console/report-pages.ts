import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import type { ProblemError } from '../errors.js';
import { pageNumber, pager } from '../web/layout.js';
import { REPORT_FILTERS, type ReportFilter, type ReportView } from '../moderation/reports.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { selectField } from './form-fields.js';
import { hiddenContentPages } from './hidden-content-pages.js';

const PATH = '/admin/reports';
const PER_PAGE = 20;
const NOTICES = {
  dismissed: 'The report is dismissed.',
  acted: 'The report is resolved: what was reported is hidden with your note as the reason (it was hidden already, or is now).',
};
/** What acting on a report hides, by its target's type. */
const ACT_HINTS: Record<ReportView['target']['type'], string> = {
  listing: 'Acting hides the listing with this note as the reason its owners see.',
  review: 'Acting hides the review (it leaves the rating) with this note as the reason.',
  comment: 'Acting hides the comment with this note as the reason.',
};
const FILTER_CHOICES = REPORT_FILTERS.map((status) => [status, status] as const);

/**
 * /admin/reports: the reports queue (list_reports) about listings, reviews and comments, each open one dismissed or
 * acted on with a note (resolve_report); /admin/reports/hidden: the hidden reviews and comments, to restore.
 */
export function reportPages(router: Router, deps: ConsoleDeps): void {
  hiddenContentPages(router, deps);

  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (visit) await render(ctx, deps, visit, {});
  });

  router.post(`${PATH}/:id/resolve`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (!visit) return;
    const id = ctx.params.id ?? '';
    const form = deps.kit.form(ctx);
    const outcome = await runOperation(ctx, deps, visit, 'resolve_report', {
      report_id: /^\d{1,10}$/.test(id) ? Number(id) : id,
      decision: form.decision ?? '',
      note: form.note ?? '',
    });
    if (outcome.ok) return seeOther(ctx, PATH, form.decision === 'act' ? 'acted' : 'dismissed');
    const status = ctx.status;
    await render(ctx, deps, visit, { problem: outcome.problem, reportId: id, note: form.note });
    ctx.status = status;
  });
}

async function render(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  form: { problem?: ProblemError; reportId?: string; note?: string },
): Promise<void> {
  const asked = typeof ctx.query.status === 'string' ? ctx.query.status : 'open';
  const status: ReportFilter = (REPORT_FILTERS as readonly string[]).includes(asked) ? (asked as ReportFilter) : 'open';
  const page = pageNumber(ctx.query.page);
  const listed = await runOperation(ctx, deps, visit, 'list_reports', { status, page, per_page: PER_PAGE });
  const items = listed.ok ? (listed.result.items as ReportView[]) : [];
  const total = listed.ok ? (listed.result.total as number) : 0;
  const csrf = deps.kit.csrfField(ctx);
  renderConsolePage(ctx, visit, {
    title: 'Reports',
    path: PATH,
    notice: noticeOf(ctx, NOTICES),
    body: html`<form method="get" action="${PATH}" class="filters">${selectField('status', 'Status', FILTER_CHOICES, status)}<button type="submit">Show</button></form>
${problemBox(form.problem)}${listed.ok ? '' : problemBox(listed.problem)}
<p class="muted">${total} ${status === 'all' ? '' : `${status} `}reports${status === 'open' ? ', oldest first' : ''}. <a href="${PATH}/hidden">Hidden reviews and comments</a></p>
${items.length ? items.map((report) => reportEntry(report, csrf, form)) : html`<p>No reports here.</p>`}
${pager(PATH, page, PER_PAGE, total, status === 'open' ? {} : { status })}`,
  });
}

function reportEntry(report: ReportView, csrf: SafeHtml, form: { reportId?: string; note?: string }): SafeHtml {
  const { target } = report;
  const noteId = `note-${report.id}`;
  return html`<section class="panel" aria-labelledby="report-${report.id}"><h2 id="report-${report.id}">Report ${report.id}: ${report.reason}${heading(target)}</h2>
<p>${target.listing ? html`<a href="/admin/listings/${target.listing.slug}">${target.listing.slug}</a> (${target.listing.status})` : html`${target.type} ${target.id} (gone)`} · reported ${report.created_at} by ${report.reporter ?? 'a deleted account'}</p>
${reportedText(target)}
${report.details ? html`<blockquote>${report.details}</blockquote>` : html`<p class="muted">No details.</p>`}
${
  report.resolution.status === 'open'
    ? html`<form method="post" action="${PATH}/${report.id}/resolve">${csrf}<p><label for="${noteId}">Note (required)</label><br><textarea id="${noteId}" name="note" rows="2" cols="60" required maxlength="500" aria-describedby="${noteId}-hint">${form.reportId === String(report.id) ? (form.note ?? '') : ''}</textarea><br><span class="muted" id="${noteId}-hint">${ACT_HINTS[target.type]}</span></p><button type="submit" name="decision" value="dismiss" class="secondary">Dismiss</button> <button type="submit" name="decision" value="act">Act: hide the ${target.type}</button></form>`
    : html`<p>${report.resolution.status} by ${report.resolution.by ?? 'someone'} at ${report.resolution.at ?? ''}: ${report.resolution.note ?? ''}</p>`
}
</section>`;
}

function heading(target: ReportView['target']): SafeHtml | string {
  if (!target.listing) return '';
  return target.type === 'listing' ? html` about ${target.listing.name}` : html` about a ${target.type} on ${target.listing.name}`;
}

/** A reported review's or comment's text and author, and whether it is hidden now (with the way to restore it). */
function reportedText(target: ReportView['target']): SafeHtml | string {
  if (target.type === 'listing') return '';
  if (target.excerpt === null) return html`<p class="muted">The ${target.type} is gone (deleted).</p>`;
  return html`<p>The ${target.type} by ${target.author ?? 'a deleted account'}${target.hidden ? html` (hidden now; <a href="${PATH}/hidden">restore it there</a>)` : ''}:</p>
<blockquote class="reported">${target.excerpt || html`<span class="muted">(no text)</span>`}</blockquote>`;
}
