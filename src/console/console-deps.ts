import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import type { Registry } from '../registry/registry.js';
import type { Services } from '../services.js';
import type { PageKit } from '../web/page-kit.js';
import type { SiteEnv } from '../web/layout.js';
import { roleAllows, type StaffMember, type StaffRole } from '../staff/roles.js';
import { renderConsoleRefusal } from './layout.js';

/** What every page of the /admin console is built with. */
export interface ConsoleDeps {
  services: Services;
  kit: PageKit;
  /** The site settings as each instance keeps them. */
  settings: () => SiteSettings | Promise<SiteSettings>;
  /** The operations the console's forms call (each a staff tool: the same validation, role check and audit as REST and MCP). */
  registry: Registry;
}

/** One page view of the console: the signed-in staff member, their account, and the site's name. */
export interface StaffVisit {
  member: StaffMember;
  account: AccountRecord;
  env: SiteEnv;
  settings: SiteSettings;
}

/**
 * The staff member viewing this page, when their role (as it is now) allows `needed`. Otherwise the page is
 * answered here and undefined returned: anonymous visitors go to sign in (and come back), signed-in people without
 * the role get 403.
 */
export async function staffVisit(ctx: Context, deps: ConsoleDeps, needed?: StaffRole): Promise<StaffVisit | undefined> {
  const [settings, account] = await Promise.all([deps.settings(), deps.kit.account(ctx)]);
  const env = { publicUrl: deps.services.config.publicUrl, siteName: settings.site_name };
  if (!account) {
    ctx.status = 303;
    ctx.redirect(deps.kit.signInPath(ctx.method === 'GET' ? ctx.url : ctx.path));
    return undefined;
  }
  if (!account.role || (needed && !roleAllows(account.role, needed))) {
    renderConsoleRefusal(ctx, env, account, needed);
    return undefined;
  }
  return { member: { accountId: account.id, email: account.email, role: account.role }, account, env, settings };
}
