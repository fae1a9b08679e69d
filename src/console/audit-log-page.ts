import type Router from '@koa/router';
import { html } from '../text/html.js';
import { pager } from '../web/layout.js';
import type { AuditEntryView } from '../staff/audit-log.js';
import { staffVisit, type ConsoleDeps } from './console-deps.js';
import { problemBox, renderConsolePage } from './layout.js';
import { listedPage } from './listed-page.js';
import { textField } from './form-fields.js';

const PATH = '/admin/audit-log';
const PER_PAGE = 50;
const FILTERS = ['action', 'actor', 'target_type', 'target_id'] as const;

/** /admin/audit-log: every staff action, newest first, filtered like list_audit_log. Admins only. */
export function auditLogPage(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const {
      filters: query,
      page,
      items,
      total,
      problem,
    } = await listedPage<AuditEntryView>(ctx, deps, visit, 'list_audit_log', FILTERS, PER_PAGE);
    renderConsolePage(ctx, visit, {
      title: 'Audit log',
      path: PATH,
      body: html`<form method="get" action="${PATH}" class="filters">
${textField('action', 'Action', query.action, { hint: 'e.g. listing.hide, or listing. for every listing action' })}
${textField('actor', 'Actor', query.actor, { hint: "an e-mail address, or 'command line'" })}
${textField('target_type', 'Target type', query.target_type)}${textField('target_id', 'Target', query.target_id)}
<button type="submit">Filter</button></form>
${problemBox(problem)}
<p class="muted">${total} entries. Entries are never changed or removed.</p>
<table><caption class="sr">Staff actions, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">Actor</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Reason</th><th scope="col">Before → after</th></tr></thead><tbody>
${items.map(
  (entry) =>
    html`<tr><td>${entry.occurred_at}</td><td>${entry.actor}</td><td><code>${entry.action}</code></td><td>${entry.target_type} ${entry.target_id}</td><td>${entry.reason ?? ''}</td><td><code>${JSON.stringify(entry.before)}</code> → <code>${JSON.stringify(entry.after)}</code></td></tr>`,
)}
</tbody></table>
${pager(PATH, page, PER_PAGE, total, query)}`,
    });
  });
}
