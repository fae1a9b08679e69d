import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import type { Services } from '../services.js';
import type { Registry } from '../registry/registry.js';
import type { PageKit } from '../web/page-kit.js';
import { setCardSiteName, type SiteEnv } from '../web/layout.js';

/** What every page of the site is built with. */
export interface SiteDeps {
  services: Services;
  kit: PageKit;
  /** The site settings as each instance keeps them (read again every few seconds, like the request quota's). */
  settings: () => SiteSettings | Promise<SiteSettings>;
  /** The operations, which the founders' forms run as the signed-in person (person-operation.ts). */
  registry: Registry;
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

/**
 * The visit of a page for a signed-in person only; without one, answers 303 to the sign-in page (which comes back
 * to `returnTo`, by default this page) and returns undefined: the handler stops.
 */
export async function signedInVisit(
  ctx: Context,
  site: SiteDeps,
  returnTo: string = ctx.path,
): Promise<(Visit & { account: AccountRecord }) | undefined> {
  const seen = await visit(ctx, site);
  if (seen.account) return { ...seen, account: seen.account };
  ctx.status = 303;
  ctx.redirect(site.kit.signInPath(returnTo));
  return undefined;
}

/**
 * The signed-in account of a page in the card look (renderCardPage: the owner's statistics and images pages), as
 * signedInVisit answers it, with the site's name told to the card's header; undefined when the handler stops.
 */
export async function signedInCardVisit(ctx: Context, site: SiteDeps, returnTo: string = ctx.path): Promise<AccountRecord | undefined> {
  const seen = await signedInVisit(ctx, site, returnTo);
  if (seen) setCardSiteName(ctx, seen.settings.site_name);
  return seen?.account;
}
