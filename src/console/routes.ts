import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ConsoleDeps } from './console-deps.js';
import { dashboardPage } from './dashboard-page.js';
import { staffPages } from './staff-pages.js';
import { auditLogPage } from './audit-log-page.js';
import { blogPages } from './blog-pages.js';
import { categoryPages } from './category-pages.js';
import { interviewQuestionPages } from './interview-question-pages.js';
import { listingModerationPages } from './listing-moderation-pages.js';
import { reportPages } from './report-pages.js';
import { votePages } from './vote-pages.js';
import { orderPages } from './order-pages.js';
import { settingsPages } from './settings-pages.js';

export interface AdminConsole {
  middleware: Middleware;
  /** The paths of the console's POST forms (each passes the page kit's form guard). */
  formRoutes: string[];
}

/**
 * /admin: the site team's console, server-rendered like the site (the site's sessions, CSRF and form guard; no
 * script). Each page checks the member's role as it is now; each form runs the staff operation of the same name
 * through the registry, so the console, REST and MCP share validation, role checks and audit entries.
 */
export function adminConsole(deps: ConsoleDeps): AdminConsole {
  const router = new Router();
  router.use(deps.kit.formGuard);
  dashboardPage(router, deps);
  staffPages(router, deps);
  auditLogPage(router, deps);
  blogPages(router, deps);
  categoryPages(router, deps);
  interviewQuestionPages(router, deps);
  listingModerationPages(router, deps);
  reportPages(router, deps);
  votePages(router, deps);
  orderPages(router, deps);
  settingsPages(router, deps);
  return {
    middleware: router.routes() as Middleware,
    formRoutes: router.stack.filter((layer) => layer.methods.includes('POST')).map((layer) => String(layer.path)),
  };
}
