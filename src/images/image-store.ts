/**
 * Where kept images live: in PostgreSQL (migration 0024), so every instance serves every image. An image is
 * addressed by the SHA-256 of its bytes (/images/{sha256}.webp); a listing refers to its logo and screenshot.
 */
import type { Database, Statements } from '../db/database.js';
import type { ImageKind, ImageSource } from '../db/entities/image.js';
import type { EncodedImage, ProcessedImage } from './process.js';

const EXTENSIONS = { 'image/webp': 'webp', 'image/png': 'png' } as const;

/** The path an image is served at, e.g. /images/3a…9f.webp. */
export const imagePath = (image: Pick<EncodedImage, 'sha256' | 'contentType'>): string =>
  `/images/${image.sha256}.${EXTENSIONS[image.contentType]}`;

/** A path imagePath gives; what listings.logo_url holds once a logo is kept, and listing_media.url for a kept image. */
const KEPT_PATH = /^\/images\/[0-9a-f]{64}\.(webp|png)$/;

/** The absolute address of a kept image's path, or null when `stored` is not such a path. */
const keptAddress = (stored: string | null, publicUrl: string): string | null =>
  stored && KEPT_PATH.test(stored) ? `${publicUrl}${stored}` : null;

/**
 * The logo_url a reader is given: the absolute address of the kept logo, or null. An address of another origin
 * (one the drafter read on the product's site and that was not kept) is not handed out: the site would hotlink it.
 */
export function keptImageUrl(stored: string | null, publicUrl: string): string | null {
  return keptAddress(stored, publicUrl);
}

/**
 * The url of a listing's media item as a reader is given it: a kept image (stored by its path) at its absolute
 * address; any other address (a video, an image elsewhere) as stored.
 */
export function mediaUrl(stored: string, publicUrl: string): string {
  return keptAddress(stored, publicUrl) ?? stored;
}

async function saveImage(tx: Statements, image: EncodedImage): Promise<void> {
  await tx.query(
    `INSERT INTO images (sha256, content_type, width, height, byte_size, bytes) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (sha256) DO NOTHING`,
    [image.sha256, image.contentType, image.width, image.height, image.bytes.length, image.bytes],
  );
}

export interface KeepImage {
  listingId: number;
  kind: ImageKind;
  image: ProcessedImage;
  source: ImageSource;
  sourceUrl: string | null;
  now: Date;
}

/**
 * Keeps a listing's logo or screenshot (replacing the one it had); a logo becomes the listing's logo_url. The
 * images it replaced are deleted once no listing refers to them.
 */
export async function keepListingImage(db: Database, keep: KeepImage): Promise<void> {
  const replaced = await db.transaction((tx) => keepListingImageIn(tx, keep));
  await deleteUnusedImages(db, replaced);
}

/** keepListingImage, in a transaction the caller holds; answers the hashes of the images it replaced. */
async function keepListingImageIn(tx: Statements, { listingId, kind, image, source, sourceUrl, now }: KeepImage): Promise<string[]> {
  const before = await tx.query<{ image_sha256: string; small_sha256: string }>(
    'SELECT image_sha256, small_sha256 FROM listing_images WHERE listing_id = $1 AND kind = $2 FOR UPDATE',
    [listingId, kind],
  );
  await saveImage(tx, image.main);
  await saveImage(tx, image.small);
  await tx.query(
    `INSERT INTO listing_images (listing_id, kind, image_sha256, small_sha256, source, source_url, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (listing_id, kind) DO UPDATE SET image_sha256 = EXCLUDED.image_sha256, small_sha256 = EXCLUDED.small_sha256,
       source = EXCLUDED.source, source_url = EXCLUDED.source_url, updated_at = EXCLUDED.updated_at`,
    [listingId, kind, image.main.sha256, image.small.sha256, source, sourceUrl, now.toISOString()],
  );
  if (kind === 'logo') await tx.query('UPDATE listings SET logo_url = $2 WHERE id = $1', [listingId, imagePath(image.main)]);
  const kept = new Set([image.main.sha256, image.small.sha256]);
  return before.flatMap((row) => [row.image_sha256, row.small_sha256]).filter((sha) => !kept.has(sha));
}

/**
 * Deletes the images among `hashes` that no listing refers to any more, as its logo, screenshot or media (after
 * the replacing transaction has committed). One that another listing takes up meanwhile stays: its reference blocks the delete (23503).
 */
async function deleteUnusedImages(db: Database, hashes: string[]): Promise<void> {
  if (hashes.length === 0) return;
  try {
    await db.query(
      `DELETE FROM images i WHERE i.sha256 = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM listing_images li WHERE li.image_sha256 = i.sha256 OR li.small_sha256 = i.sha256)
         AND NOT EXISTS (SELECT 1 FROM listing_media m WHERE m.url LIKE '/images/' || i.sha256 || '.%')`,
      [hashes],
    );
  } catch (error) {
    if ((error as { code?: string }).code !== '23503') throw error;
  }
}

/** Whether the listing has a kept image of this kind (the crawler does not replace what an owner gave). */
export async function keptImageSource(db: Database, listingId: number, kind: ImageKind): Promise<ImageSource | undefined> {
  const row = await db.one<{ source: ImageSource }>('SELECT source FROM listing_images WHERE listing_id = $1 AND kind = $2', [
    listingId,
    kind,
  ]);
  return row?.source;
}

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

/** The bytes of an image by its hash and type, or undefined. */
export async function loadImage(db: Database, sha256: string, contentType: string): Promise<StoredImage | undefined> {
  const row = await db.one<{ content_type: string; bytes: Uint8Array } & Record<string, unknown>>(
    'SELECT content_type, bytes FROM images WHERE sha256 = $1 AND content_type = $2',
    [sha256, contentType],
    { prepare: 'load_image' },
  );
  return row && { contentType: row.content_type, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) };
}
