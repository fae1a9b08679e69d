import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { categoryRef, isoDate, isoDateTime, listingSummary, slug } from '../src/schema.js';
import { NotFoundError } from '../src/errors.js';
import { loadListingProfile } from '../src/catalogue/listing-profile.js';
import { MEDIA_KINDS } from '../src/db/entities/listing.js';

const text = z.string().nullable();

export default defineTool({
  name: 'get_listing',
  title: 'Get a listing',
  description:
    'The full public profile of one product by its slug: description, features, pricing, categories (primary first), ' +
    'founders, FAQs, socials, latest updates, community rating (genuine reviews only), Domain Rating with its 30-day ' +
    "trend (from a third-party SEO data provider), and links. not_found_on_website lists facts the product's own site " +
    'does not state; they are left blank on purpose, never guessed. Upcoming launches (status scheduled) are public too. ' +
    'The paid sections story, milestones and media are present only when unlocked for the listing; when locked the key is ' +
    'absent. Unknown or unpublished slugs give 404.',
  http: { method: 'GET', path: '/listings/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  cacheSeconds: 30,
  input: z.strictObject({ slug: slug('listing') }),
  output: listingSummary.extend({
    short_description: z.string(),
    description: z.string(),
    headline: text,
    summary: text,
    features: z.array(z.string()),
    usps: z.array(z.string()).describe('What sets the product apart'),
    keywords: z.array(z.string()),
    tags: z.array(z.string()),
    pricing: z.object({ model: text, summary: text }),
    categories: z.array(categoryRef.extend({ primary: z.boolean() })).describe('The primary category first, then the extra ones'),
    city: text,
    founded_year: z.number().int().nullable(),
    demo_video_url: text,
    founders: z.array(z.object({ slug: z.string(), name: z.string(), role: text, avatar_url: text, profile_url: z.string() })),
    faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
    socials: z.record(z.string(), z.string()).describe('Platform key (e.g. x, linkedin, github, website) to link'),
    latest_updates: z
      .array(z.object({ title: z.string(), body: z.string(), published_at: isoDateTime }))
      .describe('The 5 newest, newest first'),
    community_rating: z
      .object({ average: z.number().nullable().describe('1 to 5, one decimal; null without reviews'), count: z.number().int() })
      .describe('From genuine reviews only'),
    domain_rating: z
      .object({
        current: z.number().int().describe('0 to 100'),
        measured_on: isoDate,
        trend: z.number().int().nullable().describe('Change since the measurement about 30 days earlier; null without one'),
        history: z
          .array(z.object({ date: isoDate, rating: z.number().int() }))
          .describe('Measurements of the 90 days up to measured_on, oldest first'),
      })
      .nullable()
      .describe('Domain Rating from a third-party SEO data provider, refreshed daily; null when not measured'),
    not_found_on_website: z.array(z.string()).describe("Fields the product's own website does not state, left blank on purpose"),
    links: z.object({ website: z.string(), profile: z.string(), badges: z.string().describe('The get_badges address for this listing') }),
    story: z
      .object({
        title: text,
        story: text,
        why_started: text,
        problem: text,
        journey: text,
        challenges: text,
        achievements: text,
        lessons: text,
        whats_next: text,
        published_at: isoDateTime.nullable(),
      })
      .nullable()
      .optional()
      .describe('Founder story; present only when unlocked, null when unlocked but not written or not yet published'),
    milestones: z
      .array(z.object({ id: z.number().int(), date: isoDate, title: z.string(), description: text, url: text }))
      .optional()
      .describe('Newest first; present only when unlocked'),
    media: z
      .array(z.object({ kind: z.enum(MEDIA_KINDS), url: z.string(), caption: text }))
      .optional()
      .describe('Images and videos in display order; present only when unlocked'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug }, { services }) {
    const profile = await loadListingProfile(services.db, slug, services.config.publicUrl);
    if (!profile) throw new NotFoundError('listing', slug);
    return profile;
  },
});
