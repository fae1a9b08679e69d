import type Router from '@koa/router';
import { html } from '../text/html.js';
import { dashboardCounts } from '../staff/dashboard.js';
import { staffVisit, type ConsoleDeps } from './console-deps.js';
import { renderConsolePage } from './layout.js';

/** /admin: what needs the site team today. */
export function dashboardPage(router: Router, deps: ConsoleDeps): void {
  router.get('/admin', async (ctx) => {
    const visit = await staffVisit(ctx, deps);
    if (!visit) return;
    const counts = await dashboardCounts(deps.services.db, deps.services.now(), visit.settings.time_zone);
    const row = (label: string, value: number, link?: string) =>
      html`<tr><th scope="row">${link ? html`<a href="${link}">${label}</a>` : label}</th><td>${value}</td></tr>`;
    renderConsolePage(ctx, visit, {
      title: 'Console',
      path: '/admin',
      body: html`<h2>Today (${visit.settings.time_zone})</h2>
<table><caption class="sr">What needs the site team</caption><tbody>
${row('Sign-ups today', counts.signups_today)}
${row('Submissions today', counts.submissions_today)}
${row('Launches this week', counts.launches_this_week, '/weeks/this')}
${row('Pending orders', counts.pending_orders, visit.member.role === 'admin' ? '/admin/orders?status=pending' : undefined)}
${row('Open reports', counts.open_reports, visit.member.role !== 'editor' ? '/admin/reports' : undefined)}
${row('Failed recurring job runs (7 days)', counts.failed_job_runs)}
${row('Failed queue jobs (7 days)', counts.failed_queue_jobs)}
${row('Disabled webhooks', counts.disabled_webhooks)}
</tbody></table>
<p class="muted">Recurring jobs on the server: <code>npm run admin -- jobs</code>.</p>`,
    });
  });
}
