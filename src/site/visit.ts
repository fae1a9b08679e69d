import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import type { Services } from '../services.js';
import type { PageKit } from '../web/page-kit.js';
import type { SiteEnv } from './layout.js';

/** What every page of the site is built with. */
export interface SiteDeps {
  services: Services;
  kit: PageKit;
  /** The site settings as each instance keeps them (read again every few seconds, like the request quota's). */
  settings: () => SiteSettings | Promise<SiteSettings>;
}

export interface Visit {
  env: SiteEnv;
  settings: SiteSettings;
  account: AccountRecord | undefined;
}

/** The settings and the signed-in person (if any) of one page view, read once for the page. */
export async function visit(ctx: Context, site: SiteDeps): Promise<Visit> {
  const [settings, account] = await Promise.all([site.settings(), site.kit.account(ctx)]);
  return { env: { publicUrl: site.services.config.publicUrl, siteName: settings.site_name }, settings, account };
}
