import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Services } from '../services.js';
import type { PageKit } from '../web/page-kit.js';
import type { PageViews } from '../community/page-views.js';
import { homeRoutes } from './home-page.js';
import { listingRoutes } from './listing-page.js';
import { searchRoutes } from './search-page.js';
import { browseRoutes } from './browse-pages.js';
import { peopleRoutes } from './people-pages.js';
import { feedRoutes } from './feeds.js';

export interface Site {
  middleware: Middleware;
  /** The paths of the site's POST forms (each passes the page kit's form guard). */
  formRoutes: string[];
}

/**
 * The public site: server-rendered pages of the directory reading through the same catalogue functions as the
 * tools, with the sign-in pages' sessions, CSRF and security headers; forms work without JavaScript.
 */
export function publicSite(services: Services, kit: PageKit, views: PageViews | undefined): Site {
  const router = new Router();
  router.use(kit.formGuard);
  homeRoutes(router, services, kit);
  listingRoutes(router, services, kit, views);
  searchRoutes(router, services, kit);
  browseRoutes(router, services, kit);
  peopleRoutes(router, services, kit);
  feedRoutes(router, services);
  return {
    middleware: router.routes() as Middleware,
    formRoutes: router.stack.filter((layer) => layer.methods.includes('POST')).map((layer) => String(layer.path)),
  };
}
