import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { slug } from '../src/schema.js';
import { unknownListing } from '../src/catalogue/close-slugs.js';
import { findBadgeListing, type BadgeListing } from '../src/catalogue/badges.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { describeBadge } from '../src/badges/embed.js';
import { listAwards } from '../src/catalogue/awards.js';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '../src/badges/variants.js';

const badge = z.object({
  shape: z.enum(BADGE_SHAPES),
  mode: z.enum(BADGE_MODES),
  size: z.enum(BADGE_SIZES),
  width: z.number().int().describe('Displayed width in CSS pixels'),
  height: z.number().int().describe('Displayed height in CSS pixels'),
  svg_url: z.string().describe('The badge image (SVG), served by this site'),
  embed_html: z
    .string()
    .describe("HTML to paste into the product's homepage: the image linking to the listing's page (and to its award proofs)"),
  markdown: z.string().describe('The same badge for Markdown pages such as a README'),
});

export default defineTool({
  name: 'get_badges',
  title: "Get a listing's badges",
  toolset: 'directory',
  description:
    "A listing's embeddable badge in the shape, mode and size asked (`variants` names the others): HTML for the product's homepage (an image linking to its page here), Markdown and the SVG address. A free listing (choose_free_listing) is scheduled for a week and goes live that week once its badge is found on its homepage. Live, upcoming and badge-awaiting listings; other slugs 404.",
  http: { method: 'GET', path: '/listings/{slug}/badges', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({
    slug: slug('listing'),
    shape: z.enum(BADGE_SHAPES).default('standard'),
    mode: z.enum(BADGE_MODES).default('auto').describe("auto follows the viewer's colour scheme"),
    size: z.enum(BADGE_SIZES).default('m'),
  }),
  output: z.object({
    listing: z.object({
      slug: z.string(),
      name: z.string(),
      status: z.string().describe('awaiting_badge (free listing waiting for its badge), scheduled or live'),
      profile_url: z.string().describe("The listing's page on this site; badges link here"),
    }),
    badge: badge.describe('The badge asked for'),
    variants: z
      .object({ shapes: z.array(z.enum(BADGE_SHAPES)), modes: z.array(z.enum(BADGE_MODES)), sizes: z.array(z.enum(BADGE_SIZES)) })
      .describe('Every shape, mode and size there is: call again with any of them for that badge'),
    awards: z
      .array(z.object({ title: z.string(), week: z.string(), proof_url: z.string() }))
      .describe(
        "The listing's awards, each with its signed proof's address (list_awards include_proof gives the JWT), also linked from embed_html",
      ),
    note: z.string(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug, shape, mode, size }, { services }) {
    const { db, config } = services;
    const [listing, settings, won] = await Promise.all([
      findBadgeListing(db, slug),
      loadSiteSettings(db),
      listAwards(db, { listing: slug }, { page: 1, per_page: 20 }, config.publicUrl, undefined),
    ]);
    if (!listing) throw await unknownListing(db, slug);
    const awards = won.items.map((award) => ({ title: award.title, week: award.week, proof_url: award.proof_url }));
    const profileUrl = `${config.publicUrl}/listings/${listing.slug}`;
    const target = {
      listingSlug: listing.slug,
      listingName: listing.name,
      profileUrl,
      siteName: settings.site_name,
      publicUrl: config.publicUrl,
      awards,
    };
    return {
      listing: { slug: listing.slug, name: listing.name, status: listing.status, profile_url: profileUrl },
      badge: describeBadge(target, { shape, mode, size }),
      variants: { shapes: [...BADGE_SHAPES], modes: [...BADGE_MODES], sizes: [...BADGE_SIZES] },
      awards,
      note: badgeNote(listing, profileUrl),
    };
  },
});

function badgeNote(listing: BadgeListing, profileUrl: string): string {
  const rule = `A free listing is scheduled for a launch week and goes live that week once one of these badges is found on its homepage, linking to ${profileUrl}.`;
  if (listing.status === 'awaiting_badge') {
    return `${listing.name} is waiting for its badge: put embed_html on the homepage (${listing.url}). ${rule}`;
  }
  return rule;
}
