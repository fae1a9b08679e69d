import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage, type SiteEnv } from '../web/layout.js';
import { ROLE_DUTIES, roleAllows, type StaffMember, type StaffRole } from '../staff/roles.js';

/** The console's sections, each for the role that may use it (an admin sees every one). */
const SECTIONS: readonly { path: string; label: string; role: StaffRole }[] = [
  { path: '/admin/blog', label: 'Blog', role: 'editor' },
  { path: '/admin/categories', label: 'Categories', role: 'editor' },
  { path: '/admin/interview-questions', label: 'Interview questions', role: 'editor' },
  { path: '/admin/listings', label: 'Listings', role: 'moderator' },
  { path: '/admin/reports', label: 'Reports', role: 'moderator' },
  { path: '/admin/votes', label: 'Votes', role: 'moderator' },
  { path: '/admin/orders', label: 'Orders', role: 'admin' },
  { path: '/admin/settings', label: 'Settings', role: 'admin' },
  { path: '/admin/staff', label: 'Staff', role: 'admin' },
  { path: '/admin/audit-log', label: 'Audit log', role: 'admin' },
];

export interface ConsolePage {
  title: string;
  /** The page's own path (canonical; the console is never indexed). */
  path: string;
  body: SafeHtml;
  /** A message about what the last form did. */
  notice?: string;
}

/** A console page: the site's layout, never indexed, with the sections the member's role may open. */
export function renderConsolePage(
  ctx: Context,
  visit: { env: SiteEnv; account: AccountRecord; member: StaffMember },
  page: ConsolePage,
): void {
  const sections = SECTIONS.filter((section) => roleAllows(visit.member.role, section.role));
  renderSitePage(ctx, visit.env, {
    title: page.title,
    description: `The ${visit.env.siteName} console for the site team.`,
    path: page.path,
    account: visit.account,
    noindex: true,
    body: html`<nav aria-label="Console" class="console-nav"><a href="/admin"${page.path === '/admin' ? html` aria-current="page"` : ''}>Dashboard</a>${sections.map(
      (section) =>
        html` · <a href="${section.path}"${page.path.startsWith(section.path) ? html` aria-current="page"` : ''}>${section.label}</a>`,
    )}</nav>
<p class="muted">Signed in as ${visit.member.email}, ${visit.member.role}.</p>
${page.notice ? html`<p class="notice" role="status">${page.notice}</p>` : ''}${page.body}`,
  });
}

/** 404 in the console: `what` is unknown; the page links back to the section's list. */
export function renderConsoleMissing(
  ctx: Context,
  visit: { env: SiteEnv; account: AccountRecord; member: StaffMember },
  page: { title: string; message: string; back: { path: string; label: string } },
): void {
  ctx.status = 404;
  renderConsolePage(ctx, visit, {
    title: page.title,
    path: ctx.path,
    body: html`<p class="error" role="alert">${page.message}</p><p><a href="${page.back.path}">${page.back.label}</a></p>`,
  });
}

/** 403: signed in, but without a staff role, or without the one this page needs. */
export function renderConsoleRefusal(ctx: Context, env: SiteEnv, account: AccountRecord, needed: StaffRole | undefined): void {
  ctx.status = 403;
  renderSitePage(ctx, env, {
    title: 'Not for this account',
    description: 'The console is for the site team.',
    path: ctx.path,
    account,
    noindex: true,
    body: account.role
      ? html`<p class="error" role="alert">This page is for ${needed === 'admin' ? 'admins' : `${needed}s and admins`} (${ROLE_DUTIES[needed ?? 'admin']}); your role is ${account.role}.</p><p><a href="/admin">Back to the console</a></p>`
      : html`<p class="error" role="alert">The console is for the site team, and ${account.email} has no staff role. An admin gives roles.</p><p><a href="/">Back to the site</a></p>`,
  });
}

/** The problem a console form met, with every field it names. */
export function problemBox(problem: ProblemError | undefined): SafeHtml {
  if (!problem) return html``;
  return html`<div class="error" role="alert"><p>${problem.detail ?? problem.title}</p>${
    problem.errors?.length
      ? html`<ul>${problem.errors.map((e) => html`<li>${e.path ? html`<code>${e.path}</code>: ` : ''}${e.message}</li>`)}</ul>`
      : ''
  }</div>`;
}
