/** The demo directory's logos: a monogram per listing, processed and stored like any kept image. */
import type { Statements } from '../../db/database.js';
import { insertRows } from '../bulk.js';
import { processImage, type EncodedImage, type ProcessedImage } from '../../images/process.js';
import { imagePath } from '../../images/image-store.js';
import type { ListingRow } from './types.js';
import { monogramSvg } from './monogram.js';

export interface DemoLogo {
  listingId: number;
  image: ProcessedImage;
}

/** Draws every listing's monogram (before the seeding transaction: it is the slow part) and sets its logo_url. */
export async function drawDemoLogos(listings: ListingRow[]): Promise<DemoLogo[]> {
  const logos: DemoLogo[] = [];
  for (const listing of listings) {
    const image = await processImage(Buffer.from(monogramSvg(listing.name, listing.slug)), 'logo', { background: true });
    listing.logo_url = imagePath(image.main);
    logos.push({ listingId: listing.id, image });
  }
  return logos;
}

/** Stores images the demo drew (each once; one already kept stays as it is). */
export async function insertDemoImages(tx: Statements, images: Iterable<EncodedImage>): Promise<void> {
  const unique = new Map([...images].map((image) => [image.sha256, image]));
  await tx.query(
    `INSERT INTO images (sha256, content_type, width, height, byte_size, bytes)
     SELECT sha256, content_type, width, height, byte_size, decode(bytes, 'base64')
     FROM jsonb_to_recordset($1::jsonb) AS x(sha256 text, content_type text, width int, height int, byte_size int, bytes text)
     ON CONFLICT (sha256) DO NOTHING`,
    [
      JSON.stringify(
        [...unique.values()].map((image) => ({
          sha256: image.sha256,
          content_type: image.contentType,
          width: image.width,
          height: image.height,
          byte_size: image.bytes.length,
          bytes: image.bytes.toString('base64'),
        })),
      ),
    ],
  );
}

/** Stores the monograms and links them to their listings (after the listings are inserted). */
export async function insertDemoLogos(tx: Statements, logos: readonly DemoLogo[], now: Date): Promise<void> {
  await insertDemoImages(
    tx,
    logos.flatMap(({ image }) => [image.main, image.small]),
  );
  await insertRows(
    tx,
    'listing_images',
    [
      ['listing_id', 'int'],
      ['kind', 'text'],
      ['image_sha256', 'text'],
      ['small_sha256', 'text'],
      ['source', 'text'],
      ['updated_at', 'timestamptz'],
    ],
    logos.map(({ listingId, image }) => ({
      listing_id: listingId,
      kind: 'logo',
      image_sha256: image.main.sha256,
      small_sha256: image.small.sha256,
      source: 'demo',
      updated_at: now.toISOString(),
    })),
  );
}
