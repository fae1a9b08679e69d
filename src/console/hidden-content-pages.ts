/**
 * /admin/reports/hidden: the reviews and comments moderators have hidden, most recently first, each with a form to
 * restore it with a reason (moderate_review or moderate_comment, action restore). Moderators and admins.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import type { ProblemError } from '../errors.js';
import { pageNumber, pager } from '../web/layout.js';
import type { ContentKind } from '../moderation/content-moderation.js';
import { type HiddenContentRow, listHiddenContent } from '../moderation/hidden-content.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';

const PATH = '/admin/reports/hidden';
const PER_PAGE = 20;
const NOTICES = { restored: 'Restored: it shows on its listing page again (a genuine review counts in the rating again).' };

interface RestoreForm {
  problem?: ProblemError;
  /** `<kind>-<id>` of the form that was sent. */
  key?: string;
  reason?: string;
}

export function hiddenContentPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (visit) await render(ctx, deps, visit, {});
  });

  for (const kind of ['review', 'comment'] as const) {
    router.post(`${PATH}/${kind}s/:id/restore`, async (ctx) => {
      const visit = await staffVisit(ctx, deps, 'moderator');
      if (!visit) return;
      const id = ctx.params.id ?? '';
      const form = deps.kit.form(ctx);
      const outcome = await runOperation(ctx, deps, visit, `moderate_${kind}`, {
        [`${kind}_id`]: /^\d{1,10}$/.test(id) ? Number(id) : id,
        action: 'restore',
        reason: form.reason ?? '',
      });
      if (outcome.ok) return seeOther(ctx, PATH, 'restored');
      const status = ctx.status;
      await render(ctx, deps, visit, { problem: outcome.problem, key: `${kind}-${id}`, reason: form.reason });
      ctx.status = status;
    });
  }
}

async function render(ctx: Context, deps: ConsoleDeps, visit: StaffVisit, form: RestoreForm): Promise<void> {
  const page = pageNumber(ctx.query.page);
  const { items, total } = await listHiddenContent(deps.services.db, { page, per_page: PER_PAGE });
  const csrf = deps.kit.csrfField(ctx);
  renderConsolePage(ctx, visit, {
    title: 'Hidden reviews and comments',
    path: PATH,
    notice: noticeOf(ctx, NOTICES),
    body: html`${problemBox(form.problem)}
<p class="muted">${total} hidden, most recently hidden first. <a href="/admin/reports">Back to the reports</a></p>
${items.length ? items.map((row) => hiddenEntry(row, csrf, form)) : html`<p>Nothing is hidden.</p>`}
${pager(PATH, page, PER_PAGE, total, {})}`,
  });
}

function hiddenEntry(row: HiddenContentRow, csrf: SafeHtml, form: RestoreForm): SafeHtml {
  const key = `${row.kind}-${row.id}`;
  const reasonId = `reason-${key}`;
  return html`<section class="panel" aria-labelledby="${key}"><h2 id="${key}">${capitalised(row.kind)} ${row.id} on ${row.listing_name}</h2>
<p><a href="/admin/listings/${row.listing_slug}">${row.listing_slug}</a> · by ${row.author ?? 'a deleted account'} · hidden ${row.hidden_at}: ${row.hidden_reason ?? '(no reason recorded)'}</p>
<blockquote>${row.excerpt || html`<span class="muted">(no text)</span>`}</blockquote>
<form method="post" action="${PATH}/${row.kind}s/${row.id}/restore">${csrf}<p><label for="${reasonId}">Reason (required)</label><br><textarea id="${reasonId}" name="reason" rows="2" cols="60" required maxlength="500">${form.key === key ? (form.reason ?? '') : ''}</textarea></p><button type="submit">Restore the ${row.kind}</button></form>
</section>`;
}

const capitalised = (kind: ContentKind) => (kind === 'review' ? 'Review' : 'Comment');
