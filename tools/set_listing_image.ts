import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { recordId, webAddress } from '../src/schema.js';
import { ValidationError } from '../src/errors.js';
import { IMAGE_KINDS } from '../src/db/entities/image.js';
import { ImageRefused } from '../src/images/errors.js';
import { giveListingImageFromUrl } from '../src/listings/owner-images.js';
import { crawlerUserAgent } from '../src/crawler/crawl-site.js';

export default defineTool({
  name: 'set_listing_image',
  title: "Set a listing's logo or screenshot",
  toolset: 'listings',
  description:
    "Sets a listing's logo or first screenshot from an image URL (PNG, JPEG, WebP, GIF, AVIF or SVG; 5 MB and 25 million pixels at most), fetched, re-encoded and served instead of what the crawler found. 400 if private or not an image; 429 beyond 20 images an hour per account; 503 with Retry-After when too many images wait to be decoded.",
  http: { method: 'PUT', path: '/me/listings/{listing_id}/images/{kind}', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: false,
  errorStatuses: [404, 503],
  input: z.strictObject({
    listing_id: recordId('The listing id'),
    kind: z.enum(IMAGE_KINDS),
    url: webAddress('http or https', 2048),
  }),
  output: z.object({
    listing_id: z.number().int(),
    kind: z.enum(IMAGE_KINDS),
    image_url: z.string(),
    small_url: z.string().describe('64-pixel logo or thumbnail'),
    width: z.number().int(),
    height: z.number().int(),
    logo_url: z.string().nullable(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  async handler({ listing_id, kind, url }, { services, caller }) {
    const { config } = services;
    try {
      return await giveListingImageFromUrl(services.db, {
        accountId: caller.accountId,
        listingId: listing_id,
        kind,
        url,
        now: services.now(),
        publicUrl: config.publicUrl,
        fetch: { allowHosts: config.outboundAllowHosts, userAgent: crawlerUserAgent(config.publicUrl) },
      });
    } catch (error) {
      if (error instanceof ImageRefused) throw new ValidationError([{ path: '/url', message: error.message }], error.message);
      throw error;
    }
  },
});
