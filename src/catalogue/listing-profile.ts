/**
 * The public profile of one listing, read in a single statement: the listing row with its categories,
 * founders, FAQs, updates, ratings and unlocked paid sections gathered by JSON subselects.
 */
import type { Database } from '../db/database.js';
import { z } from 'zod';
import { categoryRef, isoDate, isoDateTime, listingSummary } from '../schema.js';
import { PUBLIC_STATUSES, SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './listing-summary.js';
import { MEDIA_KINDS } from '../db/entities/listing.js';

/** Sections shown only when unlocked for the listing (the launch product unlocks them). */
export const PAID_SECTIONS = ['story', 'milestones', 'media'] as const;

const LATEST_UPDATES = 5;
/** Domain Rating trend: change against the last measurement at least this many days before the current one. */
const DOMAIN_RATING_TREND_DAYS = 30;
const DOMAIN_RATING_HISTORY_DAYS = 90;

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

/** Columns read as they are shown. */
type CopiedColumns =
  | 'short_description'
  | 'description'
  | 'headline'
  | 'summary'
  | 'features'
  | 'usps'
  | 'keywords'
  | 'tags'
  | 'categories'
  | 'city'
  | 'founded_year'
  | 'demo_video_url'
  | 'faqs'
  | 'socials'
  | 'latest_updates'
  | 'community_rating'
  | 'domain_rating'
  | 'not_found_on_website';

interface ProfileRow extends SummaryRow, Pick<ListingProfile, CopiedColumns> {
  pricing_summary: string | null;
  unlocked_sections: string[];
  founders: Omit<ListingProfile['founders'][number], 'profile_url'>[];
  story: Story | null;
  milestones: Milestone[] | null;
  media: MediaItem[] | null;
}

/** Who reads the profile: the public sees paid sections only while unlocked (the story once published); an owner always sees them. */
type Reader = 'public' | 'owner';

const shown = (section: (typeof PAID_SECTIONS)[number], reader: Reader) =>
  reader === 'owner' ? 'true' : `'${section}' = ANY(l.unlocked_sections)`;

/** The profile statement for one listing chosen by `where` (parameters from $1). */
const profileSql = (where: string, reader: Reader) => `
  SELECT ${SUMMARY_COLUMNS},
    l.short_description, l.description, l.headline, l.summary, l.features, l.usps, l.keywords, l.tags,
    l.pricing_summary, l.city, l.founded_year, l.demo_video_url, l.socials, l.not_found_on_website, l.unlocked_sections,
    (SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'primary', c.id = l.primary_category_id)
              ORDER BY c.id = l.primary_category_id DESC, c.name)
       FROM categories c
      WHERE c.id = l.primary_category_id
         OR c.id IN (SELECT lc.category_id FROM listing_categories lc WHERE lc.listing_id = l.id)) AS categories,
    (SELECT coalesce(json_agg(json_build_object('slug', f.slug, 'name', f.name, 'role', coalesce(lf.role, f.title), 'avatar_url', f.avatar_url)
              ORDER BY lf.position, f.id), '[]'::json)
       FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id
      WHERE lf.listing_id = l.id) AS founders,
    (SELECT coalesce(json_agg(json_build_object('question', q.question, 'answer', q.answer) ORDER BY q.position, q.id), '[]'::json)
       FROM listing_faqs q WHERE q.listing_id = l.id) AS faqs,
    (SELECT coalesce(json_agg(json_build_object('title', u.title, 'body', u.body, 'published_at', iso_time(u.published_at))
              ORDER BY u.published_at DESC, u.id DESC), '[]'::json)
       FROM (SELECT * FROM listing_updates WHERE listing_id = l.id ORDER BY published_at DESC, id DESC LIMIT ${LATEST_UPDATES}) u) AS latest_updates,
    (SELECT json_build_object('average', round(avg(r.rating), 1)::float8, 'count', count(*)::int)
       FROM reviews r WHERE r.listing_id = l.id AND r.genuine) AS community_rating,
    (SELECT json_build_object(
              'current', cur.rating,
              'measured_on', cur.measured_on::text,
              'trend', cur.rating - (SELECT d.rating FROM domain_ratings d
                                      WHERE d.listing_id = l.id AND d.measured_on <= cur.measured_on - ${DOMAIN_RATING_TREND_DAYS}
                                      ORDER BY d.measured_on DESC LIMIT 1),
              'history', (SELECT json_agg(json_build_object('date', d.measured_on::text, 'rating', d.rating) ORDER BY d.measured_on)
                            FROM domain_ratings d
                           WHERE d.listing_id = l.id AND d.measured_on > cur.measured_on - ${DOMAIN_RATING_HISTORY_DAYS}))
       FROM (SELECT rating, measured_on FROM domain_ratings WHERE listing_id = l.id ORDER BY measured_on DESC LIMIT 1) cur) AS domain_rating,
    CASE WHEN ${shown('story', reader)} THEN
      (SELECT json_build_object('title', s.title, 'story', s.story, 'why_started', s.why_started, 'problem', s.problem,
                'journey', s.journey, 'challenges', s.challenges, 'achievements', s.achievements, 'lessons', s.lessons,
                'whats_next', s.whats_next, 'published_at', iso_time(s.published_at))
         FROM stories s WHERE s.listing_id = l.id ${reader === 'owner' ? '' : 'AND s.published_at IS NOT NULL'})
    END AS story,
    CASE WHEN ${shown('milestones', reader)} THEN
      (SELECT coalesce(json_agg(json_build_object('id', m.id, 'date', m.date::text, 'title', m.title, 'description', m.description, 'url', m.url)
                ORDER BY m.date DESC, m.id DESC), '[]'::json)
         FROM milestones m WHERE m.listing_id = l.id)
    END AS milestones,
    CASE WHEN ${shown('media', reader)} THEN
      (SELECT coalesce(json_agg(json_build_object('kind', md.kind, 'url', md.url, 'caption', md.caption) ORDER BY md.position, md.id), '[]'::json)
         FROM listing_media md WHERE md.listing_id = l.id)
    END AS media
  FROM ${SUMMARY_FROM}
  WHERE ${where}`;

const PUBLIC_PROFILE_SQL = profileSql('l.slug = $1 AND l.status = ANY($2::text[])', 'public');
const OWNER_PROFILE_SQL = profileSql(
  'l.id = $1 AND EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $2::uuid)',
  'owner',
);

/** The profile of a public listing (live or scheduled), or null when no public listing has the slug. */
export async function loadListingProfile(db: Database, slug: string, publicUrl: string): Promise<ListingProfile | null> {
  const row = await db.one<ProfileRow>(PUBLIC_PROFILE_SQL, [slug, PUBLIC_STATUSES]);
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
  const row = await db.one<ProfileRow>(OWNER_PROFILE_SQL, [listingId, accountId]);
  return row ? { profile: toProfile(row, publicUrl, 'owner'), unlockedSections: row.unlocked_sections } : null;
}

function toProfile(row: ProfileRow, publicUrl: string, reader: Reader): ListingProfile {
  const summary = toSummary(row, publicUrl);
  const isUnlocked = (section: (typeof PAID_SECTIONS)[number]) => reader === 'owner' || row.unlocked_sections.includes(section);
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
    categories: row.categories,
    city: row.city,
    founded_year: row.founded_year,
    demo_video_url: row.demo_video_url,
    founders: row.founders.map((f) => ({ ...f, profile_url: `${publicUrl}/founders/${f.slug}` })),
    faqs: row.faqs,
    socials: row.socials,
    latest_updates: row.latest_updates,
    community_rating: row.community_rating,
    domain_rating: row.domain_rating,
    not_found_on_website: row.not_found_on_website,
    links: { website: row.url, profile: summary.profile_url, badges: `${publicUrl}/api/v1/listings/${row.slug}/badges` },
    ...(isUnlocked('story') && { story: row.story }),
    ...(isUnlocked('milestones') && { milestones: row.milestones ?? [] }),
    ...(isUnlocked('media') && { media: row.media ?? [] }),
  };
}
