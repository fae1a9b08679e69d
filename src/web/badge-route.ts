import type { Middleware } from 'koa';
import type { Services } from '../services.js';
import { SLUG_PATTERN } from '../schema.js';
import { findBadgeListing } from '../catalogue/badges.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { renderBadgeSvg } from '../badges/svg.js';
import { parseVariantName } from '../badges/variants.js';

/** /badges/{listing slug}/{shape}-{mode}-{size}.svg, the addresses badgeSvgUrl hands out. */
const BADGE_IMAGE_PATH = /^\/badges\/([^/]+)\/([^/]+)\.svg$/;

/**
 * Serves the badge images that get_badges links to. The images are embedded on other sites, so they are
 * cacheable for an hour and carry a CSP that lets them run nothing and load nothing.
 */
export function badgeImages(services: Services): Middleware {
  return async (ctx, next) => {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? BADGE_IMAGE_PATH.exec(ctx.path) : null;
    if (!match) return next();
    const [, slug, name] = match;
    const variant = parseVariantName(name);
    const listing = variant && SLUG_PATTERN.test(slug) ? await findBadgeListing(services.db, slug) : undefined;
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!variant || !listing) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'No such badge.';
      return;
    }
    const { site_name } = await loadSiteSettings(services.db);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.type = 'image/svg+xml';
    ctx.body = renderBadgeSvg({ ...variant, listingName: listing.name, votes: listing.votes, siteName: site_name });
  };
}
