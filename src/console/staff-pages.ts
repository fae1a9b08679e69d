import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../text/html.js';
import type { ProblemError } from '../errors.js';
import { listStaff, ROLE_DUTIES, STAFF_ROLES } from '../staff/roles.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { postForm, selectField, textField } from './form-fields.js';

const PATH = '/admin/staff';
const NOTICES = { changed: 'The role was changed; it applies at once to every key and token of the account.' };
const ROLE_CHOICES = [
  ...STAFF_ROLES.map((role) => [role, `${role}: ${ROLE_DUTIES[role]}`] as const),
  ['none', 'none: no staff role'] as const,
];

/** /admin/staff: who is on the site team, and giving or taking roles (set_account_role). Admins only. */
export function staffPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (visit) await render(ctx, deps, visit, {});
  });

  router.post(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const form = deps.kit.form(ctx);
    const role = form.role === 'none' ? null : form.role;
    const outcome = await runOperation(ctx, deps, visit, 'set_account_role', { email: form.email?.trim() ?? '', role });
    if (outcome.ok) return seeOther(ctx, PATH, 'changed');
    await render(ctx, deps, visit, { problem: outcome.problem, email: form.email, role: form.role });
  });
}

async function render(ctx: Context, deps: ConsoleDeps, visit: StaffVisit, form: { problem?: ProblemError; email?: string; role?: string }) {
  const staff = await listStaff(deps.services.db);
  renderConsolePage(ctx, visit, {
    title: 'Staff',
    path: PATH,
    notice: noticeOf(ctx, NOTICES),
    body: html`<table><caption>The site team</caption><thead><tr><th scope="col">E-mail</th><th scope="col">Role</th></tr></thead><tbody>
${staff.map((member) => html`<tr><td>${member.email}</td><td>${member.role}</td></tr>`)}
</tbody></table>
<h2>Give or take a role</h2>
<p class="muted">The person signs up first. A change applies at once, to the console and to every API key and app token of the account.</p>
${problemBox(form.problem)}
${postForm(
  PATH,
  deps.kit.csrfField(ctx),
  [
    textField('email', 'E-mail address', form.email, { required: true, type: 'email', maxLength: 254 }),
    selectField('role', 'Role', ROLE_CHOICES, form.role ?? 'editor'),
  ],
  'Set role',
)}`,
  });
}
