import type { Middleware } from 'koa';
import type { Services } from '../services.js';
import { findBadgeListing } from '../catalogue/badges.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { renderBadgeSvg } from '../badges/svg.js';
import { looksLikeBadgePath, parseBadgePath } from '../badges/badge-address.js';
import type { BadgeImpressions } from '../community/badge-impressions.js';

/**
 * Serves the badge images that get_badges links to, at the addresses src/badges/badge-address.ts defines (those the
 * badge check accepts). The images are embedded on other sites, so they are cacheable for an hour and carry a CSP
 * that lets them run nothing and load nothing. With `impressions`, each image served (GET) is counted for its
 * listing, referring site and visitor, in memory; the counts are written in batches.
 */
export function badgeImages(services: Services, impressions?: BadgeImpressions): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !looksLikeBadgePath(ctx.path)) return next();
    const named = parseBadgePath(ctx.path);
    const listing = named ? await findBadgeListing(services.db, named.slug) : undefined;
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!named || !listing) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'No such badge.';
      return;
    }
    const { site_name, time_zone } = await loadSiteSettings(services.db);
    if (impressions && ctx.method === 'GET')
      impressions.record(
        listing.slug,
        { address: ctx.ip, referer: ctx.get('referer') || undefined, userAgent: ctx.get('user-agent') || undefined },
        services.now(),
        time_zone,
      );
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.type = 'image/svg+xml';
    ctx.body = renderBadgeSvg({ ...named.variant, listingName: listing.name, votes: listing.votes, siteName: site_name });
  };
}
