/**
 * The public profile of one listing, read in a single prepared statement: the listing row joined with its
 * sub-records as gathered on write (listing_profiles); who may see the paid sections is decided here.
 */
import type { Database } from '../db/database.js';
import { z } from 'zod';
import { categoryRef, isoDate, isoDateTime, listingSummary } from '../schema.js';
import { PUBLIC_STATUSES, SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './listing-summary.js';
import { MEDIA_KINDS } from '../db/entities/listing.js';

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
    .describe('Images and videos in display order; present only when unlocked'),
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

/** Sub-records shown as gathered. */
type GatheredParts = 'categories' | 'faqs' | 'latest_updates' | 'community_rating' | 'domain_rating';

interface ProfileRow extends SummaryRow, Pick<ListingProfile, CopiedColumns> {
  pricing_summary: string | null;
  unlocked_sections: string[];
  parts: ProfileParts;
}

/** listing_profiles.parts: every sub-record, the paid sections included whether unlocked or not. */
interface ProfileParts extends Pick<ListingProfile, GatheredParts> {
  founders: Omit<ListingProfile['founders'][number], 'profile_url'>[];
  story: Story | null;
  milestones: Milestone[];
  media: MediaItem[];
}

/** Who reads the profile: the public sees paid sections only while unlocked (the story once published); an owner always sees them. */
type Reader = 'public' | 'owner';

/**
 * The profile statement for one listing chosen by `where` (parameters from $1): the listing's own columns,
 * and its gathered sub-records from listing_profiles (migration 0011), which triggers keep current on write.
 */
const profileSql = (where: string) => `
  SELECT ${SUMMARY_COLUMNS},
    l.short_description, l.description, l.headline, l.summary, l.features, l.usps, l.keywords, l.tags,
    l.pricing_summary, l.city, l.founded_year, l.demo_video_url, l.socials, l.not_found_on_website, l.unlocked_sections,
    p.parts
  FROM ${SUMMARY_FROM} JOIN listing_profiles p ON p.listing_id = l.id
  WHERE ${where}`;

const PUBLIC_PROFILE_SQL = profileSql('l.slug = $1 AND l.status = ANY($2::text[])');
const OWNER_PROFILE_SQL = profileSql(
  'l.id = $1 AND EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $2::uuid)',
);

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
  return row ? { profile: toProfile(row, publicUrl, 'owner'), unlockedSections: row.unlocked_sections } : null;
}

function toProfile(row: ProfileRow, publicUrl: string, reader: Reader): ListingProfile {
  const summary = toSummary(row, publicUrl);
  const { parts } = row;
  const isUnlocked = (section: (typeof PAID_SECTIONS)[number]) => reader === 'owner' || row.unlocked_sections.includes(section);
  const story = reader === 'owner' || parts.story?.published_at ? parts.story : null;
  return {
    ...summary,
    short_description: row.short_description,
    description: row.description,
    headline: row.headline,
    summary: row.summary,
    features: row.features,
    usps: row.usps,
    keywords: row.keywords,
    tags: row.tags,
    pricing: { model: row.pricing_model, summary: row.pricing_summary },
    categories: parts.categories,
    city: row.city,
    founded_year: row.founded_year,
    demo_video_url: row.demo_video_url,
    founders: parts.founders.map((f) => ({ ...f, profile_url: `${publicUrl}/founders/${f.slug}` })),
    faqs: parts.faqs,
    socials: row.socials,
    latest_updates: parts.latest_updates,
    community_rating: parts.community_rating,
    domain_rating: parts.domain_rating,
    not_found_on_website: row.not_found_on_website,
    links: { website: row.url, profile: summary.profile_url, badges: `${publicUrl}/api/v1/listings/${row.slug}/badges` },
    ...(isUnlocked('story') && { story }),
    ...(isUnlocked('milestones') && { milestones: parts.milestones }),
    ...(isUnlocked('media') && { media: parts.media }),
  };
}
