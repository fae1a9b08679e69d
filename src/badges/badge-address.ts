/**
 * What a badge address of a listing is, defined once: the badge check (src/listings/badge-check.ts) accepts a
 * homepage's image when its address is one, and the badge route (src/web/badge-route.ts) serves, and counts, the
 * requests whose path is one. So a badge the check finds is a badge whose impressions are counted, and the other
 * way round.
 */
import { SLUG_PATTERN } from '../schema.js';
import { type BadgeVariant, parseVariantName } from './variants.js';

/** /badges/{listing slug}/{shape}-{mode}-{size}.svg, the addresses badgeSvgUrl hands out. */
const BADGE_IMAGE_PATH = /^\/badges\/([^/]+)\/([^/]+)\.svg$/;

/** The start of every badge image address of a listing, as get_my_listing's badge check names it. */
export const badgeImagePrefix = (publicUrl: string, slug: string) => `${publicUrl}/badges/${slug}/`;

/** Whether a path (of this service, without its query) has the form of a badge image address, known or not. */
export const looksLikeBadgePath = (path: string) => BADGE_IMAGE_PATH.test(path);

/**
 * The listing (by slug) and variant a path of this service names as a badge image, or undefined when it names
 * none: a well-formed slug and one of the variants on offer. Whether that listing has a badge is the database's
 * answer (findBadgeListing).
 */
export function parseBadgePath(path: string): { slug: string; variant: BadgeVariant } | undefined {
  const match = BADGE_IMAGE_PATH.exec(path);
  if (!match || !SLUG_PATTERN.test(match[1]!)) return undefined;
  const variant = parseVariantName(match[2]!);
  return variant && { slug: match[1]!, variant };
}

/**
 * Whether `address` (absolute; its query and fragment aside) is a badge image of the listing `slug` served by the
 * service at `publicUrl`: same origin, under the public address's path, and a path parseBadgePath names that listing by.
 */
export function isBadgeAddressOf(publicUrl: string, slug: string, address: URL): boolean {
  const base = new URL(publicUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (address.origin !== base.origin || !address.pathname.startsWith(`${basePath}/`)) return false;
  return parseBadgePath(address.pathname.slice(basePath.length))?.slug === slug;
}
