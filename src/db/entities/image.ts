import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Listing } from './listing.js';

export const IMAGE_KINDS = ['logo', 'screenshot'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
const IMAGE_SOURCES = ['crawler', 'owner', 'demo'] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];

/** images: an image the service encoded (migration 0024), keyed by the SHA-256 of its bytes. */
export const Image = defineEntity({
  name: 'Image',
  tableName: 'images',
  properties: {
    sha256: p.text().primary().check(`sha256 ~ '^[0-9a-f]{64}$'`),
    contentType: p.enum(['image/webp', 'image/png'] as const),
    width: p.integer(),
    height: p.integer(),
    byteSize: p.integer(),
    bytes: p.blob().lazy(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type Image = InferEntity<typeof Image>;

/** listing_images: a listing's kept logo and screenshot, each in the size shown and a small one. */
export const ListingImage = defineEntity({
  name: 'ListingImage',
  tableName: 'listing_images',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_images_listing_id_fkey'),
    kind: p.enum(IMAGE_KINDS).primary(),
    image: () =>
      p
        .manyToOne(Image)
        .ref()
        .fieldName('image_sha256')
        .deleteRule('no action')
        .updateRule('no action')
        .foreignKeyName('listing_images_image_sha256_fkey')
        .index('listing_images_image_idx'),
    small: () =>
      p
        .manyToOne(Image)
        .ref()
        .fieldName('small_sha256')
        .deleteRule('no action')
        .updateRule('no action')
        .foreignKeyName('listing_images_small_sha256_fkey')
        .index('listing_images_small_idx'),
    source: p.enum(IMAGE_SOURCES),
    sourceUrl: p.text().nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['listing', 'kind'],
});
export type ListingImage = InferEntity<typeof ListingImage>;
