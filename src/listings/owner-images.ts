/**
 * Images an owner gives a listing (set_listing_image, the upload form): they replace what the crawler found. Each
 * one, fetched or uploaded, counts against the account's budget of IMAGE_LIMIT before it is fetched or decoded.
 */
import type { Database } from '../db/database.js';
import type { ImageKind } from '../db/entities/image.js';
import { countOrRefuse } from '../rate-limit/count-or-refuse.js';
import type { RatePolicy } from '../rate-limit/counter.js';
import { ownedListingStatus } from './ownership.js';
import { fetchImage, type ImageFetchOptions } from '../images/fetch-image.js';
import { imagePath, keepListingImage, keptImageUrl } from '../images/image-store.js';
import { processImage } from '../images/process.js';

export interface GivenImage {
  listing_id: number;
  kind: ImageKind;
  /** The image as shown: a logo of 256 × 256, a screenshot at most 1280 wide. */
  image_url: string;
  /** The small size: a logo of 64 × 64, a screenshot's thumbnail at most 400 wide. */
  small_url: string;
  width: number;
  height: number;
  /** The listing's logo_url now. */
  logo_url: string | null;
}

interface GiveImage {
  accountId: string;
  listingId: number;
  kind: ImageKind;
  now: Date;
  publicUrl: string;
}

/**
 * Images an account may give in an hour, fetched or uploaded, kept or refused (issue 52, item 10: a large image takes
 * about a second and tens of MB to decode). Setting a logo and a screenshot, and a few tries of each, on several
 * listings fits well within it; beyond it the account is refused (429 with Retry-After) until the hour ends.
 */
const IMAGE_LIMIT: RatePolicy = { name: 'listing_images', limit: 20, windowSeconds: 3600 };

/** Counts one image of the account; 429 rate_limited beyond IMAGE_LIMIT. Keyed by the account's id, like the other per-account limits. */
function countImage(db: Database, give: GiveImage): Promise<void> {
  const detail = `At most ${IMAGE_LIMIT.limit} listing images an hour per account.`;
  return countOrRefuse(db, `listing_images:${give.accountId}`, IMAGE_LIMIT, give.now, detail);
}

/** Fetches the image at `url` (through the address guard) and keeps it for the caller's listing; 404 for a listing not theirs. */
export async function giveListingImageFromUrl(
  db: Database,
  give: GiveImage & { url: string; fetch: ImageFetchOptions },
): Promise<GivenImage> {
  await ownedListingStatus(db, give.accountId, give.listingId);
  await countImage(db, give);
  const bytes = await fetchImage(give.url, give.fetch);
  return keepGiven(db, give, bytes, give.url);
}

/** Keeps uploaded bytes for the caller's listing; 404 for a listing not theirs. */
export async function giveListingImage(db: Database, give: GiveImage & { bytes: Uint8Array }): Promise<GivenImage> {
  await ownedListingStatus(db, give.accountId, give.listingId);
  await countImage(db, give);
  return keepGiven(db, give, give.bytes, null);
}

async function keepGiven(db: Database, give: GiveImage, bytes: Uint8Array, sourceUrl: string | null): Promise<GivenImage> {
  const image = await processImage(bytes, give.kind);
  await keepListingImage(db, { listingId: give.listingId, kind: give.kind, image, source: 'owner', sourceUrl, now: give.now });
  const listing = await db.one<{ logo_url: string | null }>('SELECT logo_url FROM listings WHERE id = $1', [give.listingId]);
  return {
    listing_id: give.listingId,
    kind: give.kind,
    image_url: `${give.publicUrl}${imagePath(image.main)}`,
    small_url: `${give.publicUrl}${imagePath(image.small)}`,
    width: image.main.width,
    height: image.main.height,
    logo_url: keptImageUrl(listing?.logo_url ?? null, give.publicUrl),
  };
}

export interface OwnedListingImages {
  name: string;
  slug: string;
  /** The kept images' addresses (the size shown), or null. */
  logo: string | null;
  screenshot: string | null;
}

/** The caller's listing with its kept images; 404 for a listing not theirs. */
export async function ownedListingImages(
  db: Database,
  accountId: string,
  listingId: number,
  publicUrl: string,
): Promise<OwnedListingImages> {
  await ownedListingStatus(db, accountId, listingId);
  const rows = await db.query<{
    name: string;
    slug: string;
    kind: ImageKind | null;
    image_sha256: string | null;
    content_type: string | null;
  }>(
    `SELECT l.name, l.slug, li.kind, li.image_sha256, i.content_type
     FROM listings l LEFT JOIN listing_images li ON li.listing_id = l.id LEFT JOIN images i ON i.sha256 = li.image_sha256
     WHERE l.id = $1`,
    [listingId],
  );
  const url = (kind: ImageKind) => {
    const row = rows.find((r) => r.kind === kind);
    return row?.image_sha256 && row.content_type
      ? `${publicUrl}${imagePath({ sha256: row.image_sha256, contentType: row.content_type as 'image/webp' | 'image/png' })}`
      : null;
  };
  return { name: rows[0]!.name, slug: rows[0]!.slug, logo: url('logo'), screenshot: url('screenshot') };
}
