import { compressedPage } from '../web/content-encoding.js';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type { SiteDeps } from './visit.js';
import type { PageViews } from '../community/page-views.js';
import { homeRoutes } from './home-page.js';
import { listingPingRoutes, listingRoutes } from './listing-page.js';
import { searchRoutes } from './search-page.js';
import { browseRoutes } from './browse-pages.js';
import { peopleRoutes } from './people-pages.js';
import { feedRoutes } from './feeds.js';
import { checkoutRoutes } from './checkout-page.js';
import { inviteRoutes } from './invite-page.js';
import { claimConfirmRoutes } from './claim-confirm-page.js';
import { claimRoutes } from './claim-pages.js';
import { aboutRoutes } from './about-page.js';
import { submitRoutes } from './submit-pages.js';
import { launchRoutes } from './launch-pages.js';
import { listingEditRoutes } from './listing-edit-page.js';
import { listingNewsRoutes } from './listing-news-page.js';
import { listingImagesRoutes } from './listing-images-page.js';
import { listingStatsRoutes } from './listing-stats-page.js';
import { paidLaunchRoutes } from './paid-launch-page.js';
import { oneClickUnsubscribeRoutes, subscriptionRoutes } from './subscription-pages.js';
import { PageCache } from './page-cache.js';
import { keptPages } from './kept-pages.js';

export interface Site {
  middleware: Middleware;
  /** The paths of the site's POST forms (each passes the page kit's form guard; the website link's ping is no form). */
  formRoutes: string[];
}

/**
 * The public site: server-rendered pages of the directory reading through the same catalogue functions as the
 * tools, and the pages of orders (checkout), co-founder invites and e-mail claims; with the sign-in pages' sessions,
 * CSRF and security headers; forms work without JavaScript.
 */
export function publicSite(site: SiteDeps, views: PageViews | undefined): Site {
  const router = new Router();
  const { kit } = site;
  // Pages for people not signed in, kept while the listing change notifications say they are true (page-cache.ts).
  const keep = keptPages(site, new PageCache(site.services.changes, site.services.config.pageSettleMs));
  router.use(kit.formGuard);
  // Every HTML page compressed as the client asks (kept pages come compressed already, once per page).
  router.use(compressedPage);
  homeRoutes(router, site, keep);
  listingRoutes(router, site, views, keep);
  searchRoutes(router, site);
  browseRoutes(router, site, keep);
  peopleRoutes(router, site);
  feedRoutes(router, site);
  checkoutRoutes(router, site);
  inviteRoutes(router, site);
  claimConfirmRoutes(router, site);
  claimRoutes(router, site);
  aboutRoutes(router, site);
  submitRoutes(router, site);
  launchRoutes(router, site);
  listingEditRoutes(router, site);
  listingNewsRoutes(router, site);
  listingImagesRoutes(router, site);
  listingStatsRoutes(router, site);
  paidLaunchRoutes(router, site);
  subscriptionRoutes(router, site);
  // The POSTs that are no forms, so outside the form guard: the ping of a listing's website link, which carries no
  // CSRF token, and the one-click unsubscribe (RFC 8058) that mail providers send from their servers, with no cookie,
  // token or Origin of ours (its signed link is its authority: subscription-pages.ts).
  const unguarded = new Router();
  listingPingRoutes(unguarded, site, views);
  oneClickUnsubscribeRoutes(unguarded, site);
  return {
    middleware: compose([unguarded.routes() as Middleware, router.routes() as Middleware]),
    formRoutes: router.stack.filter((layer) => layer.methods.includes('POST')).map((layer) => String(layer.path)),
  };
}
