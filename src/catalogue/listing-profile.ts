/**
 * The public profile of one listing, read in a single prepared statement: the listing row joined with its
 * sub-records as gathered on write (listing_profiles); who may see the paid sections is decided here.
 */
import type { Database } from '../db/database.js';
import { z } from 'zod';
import { categoryRef, isoDate, isoDateTime, listingSummary } from '../schema.js';
import { PUBLIC_STATUSES, toSummary, type SummaryRow } from './listing-summary.js';
import { MEDIA_KINDS } from '../db/entities/listing.js';
import { mediaUrl } from '../images/image-store.js';

/** Sections shown only when unlocked for the listing (the launch product unlocks them). */
export const PAID_SECTIONS = ['story', 'milestones', 'media'] as const;

const text = z.string().nullable();

/** The public profile of a listing, as get_listing answers it (the published schema and the type in one). */
export const listingProfile = listingSummary.extend({
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
    .describe('Images and videos in display order (the images the site keeps are on its own origin); present only when unlocked'),
});
export type ListingProfile = z.infer<typeof listingProfile>;
type Story = NonNullable<ListingProfile['story']>;
type Milestone = NonNullable<ListingProfile['milestones']>[number];
type MediaItem = NonNullable<ListingProfile['media']>[number];

/** Columns of the listing read as they are shown. */
type CopiedColumns =
  | 'short_description'
  | 'description'
  | 'headline'
  | 'summary'
  | 'features'
  | 'usps'
  | 'keywords'
  | 'tags'
  | 'city'
  | 'founded_year'
  | 'demo_video_url'
  | 'socials'
  | 'not_found_on_website';

/** The summary's columns but the counters, which are read from the listing row. */
type SummaryColumns =
  | 'id'
  | 'slug'
  | 'name'
  | 'url'
  | 'tagline'
  | 'logo_url'
  | 'category_slug'
  | 'category_name'
  | 'status'
  | 'plan'
  | 'launch_week'
  | 'launched_at'
  | 'country'
  | 'stage'
  | 'pricing_model';

/** Sub-records shown as gathered. */
type GatheredParts = 'categories' | 'faqs' | 'latest_updates' | 'community_rating' | 'domain_rating';

/** listing_profiles.doc: the listing's columns and every sub-record, the paid sections whether unlocked or not. */
interface ProfileDoc extends Pick<SummaryRow, SummaryColumns>, Pick<ListingProfile, CopiedColumns | GatheredParts> {
  pricing_summary: string | null;
  unlocked_sections: string[];
  founders: Omit<ListingProfile['founders'][number], 'profile_url'>[];
  story: Story | null;
  milestones: Milestone[];
  media: MediaItem[];
}

/** Who reads the profile: the public sees paid sections only while unlocked (the story once published); an owner always sees them. */
type Reader = 'public' | 'owner';

/**
 * The profile statement for one listing chosen by `where` (parameters from $1): the document built on write
 * (listing_profiles, migration 0011) and the counters, which change with every vote, from the listing row.
 */
const profileSql = (where: string) => `
  SELECT p.doc, l.votes_count AS votes, l.views_count AS views, l.follows_count AS follows,
    l.rating_average::float8 AS rating_average, l.rating_count, l.comments_count
  FROM listings l JOIN listing_profiles p ON p.listing_id = l.id
  WHERE ${where}`;

const PUBLIC_PROFILE_SQL = profileSql('l.slug = $1 AND l.status = ANY($2::text[])');
const OWNER_PROFILE_SQL = profileSql(
  'l.id = $1 AND EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $2::uuid)',
);

interface ProfileRow extends Record<string, unknown> {
  doc: ProfileDoc;
  votes: number;
  views: number;
  follows: number;
  rating_average: number | null;
  rating_count: number;
  comments_count: number;
}

/** The profile of a public listing (live or scheduled), or null when no public listing has the slug. */
export async function loadListingProfile(db: Database, slug: string, publicUrl: string): Promise<ListingProfile | null> {
  const row = await db.one<ProfileRow>(PUBLIC_PROFILE_SQL, [slug, PUBLIC_STATUSES], { prepare: 'public_listing_profile' });
  return row ? toProfile(row, publicUrl, 'public') : null;
}

/**
 * The profile of a listing as one of its owners sees it, in any status: the paid sections always
 * (the story even before it is published), with the sections unlocked for the public listed apart.
 * Null when the listing does not exist or the account does not own it.
 */
export async function loadOwnedListingProfile(
  db: Database,
  listingId: number,
  accountId: string,
  publicUrl: string,
): Promise<{ profile: ListingProfile; unlockedSections: string[] } | null> {
  const row = await db.one<ProfileRow>(OWNER_PROFILE_SQL, [listingId, accountId], { prepare: 'owned_listing_profile' });
  return row ? { profile: toProfile(row, publicUrl, 'owner'), unlockedSections: row.doc.unlocked_sections } : null;
}

function toProfile(row: ProfileRow, publicUrl: string, reader: Reader): ListingProfile {
  const { doc, votes, views, follows, rating_average, rating_count, comments_count } = row;
  const summary = toSummary({ ...doc, votes, views, follows, rating_average, rating_count, comments_count }, publicUrl);
  const isUnlocked = (section: (typeof PAID_SECTIONS)[number]) => reader === 'owner' || doc.unlocked_sections.includes(section);
  const story = reader === 'owner' || doc.story?.published_at ? doc.story : null;
  return {
    ...summary,
    short_description: doc.short_description,
    description: doc.description,
    headline: doc.headline,
    summary: doc.summary,
    features: doc.features,
    usps: doc.usps,
    keywords: doc.keywords,
    tags: doc.tags,
    pricing: { model: doc.pricing_model, summary: doc.pricing_summary },
    categories: doc.categories,
    city: doc.city,
    founded_year: doc.founded_year,
    demo_video_url: doc.demo_video_url,
    founders: doc.founders.map((f) => ({ ...f, profile_url: `${publicUrl}/founders/${f.slug}` })),
    faqs: doc.faqs,
    socials: doc.socials,
    latest_updates: doc.latest_updates,
    community_rating: summary.community_rating,
    domain_rating: doc.domain_rating,
    not_found_on_website: doc.not_found_on_website,
    links: { website: doc.url, profile: summary.profile_url, badges: `${publicUrl}/api/v1/listings/${doc.slug}/badges` },
    ...(isUnlocked('story') && { story }),
    ...(isUnlocked('milestones') && { milestones: doc.milestones }),
    ...(isUnlocked('media') && { media: doc.media.map((item) => ({ ...item, url: mediaUrl(item.url, publicUrl) })) }),
  };
}
