import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { FullTextType } from '@mikro-orm/sql';
import { CalendarDateType } from './calendar-date.js';
import { Category } from './category.js';
import { Founder } from './founder.js';
import type { ListingAttributes, Socials } from './json-types.js';

export const LISTING_STATUSES = ['draft', 'awaiting_badge', 'scheduled', 'live', 'hidden'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_PLANS = ['free', 'paid'] as const;
export type ListingPlan = (typeof LISTING_PLANS)[number];
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** As in migrations/0033-english-search.sql: keeps listings.search_vector up to date. */
const SEARCH_VECTOR_TRIGGER = `CREATE OR REPLACE FUNCTION listings_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.tagline, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, array_to_string(NEW.keywords, ' ')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(category_search_words(NEW.primary_category_id), '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(parent_category_name(NEW.primary_category_id), '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.short_description, '')), 'C') ||
    setweight(to_tsvector('english'::regconfig,
      concat_ws(' ', listing_founder_names(NEW.id), country_search_words(NEW.country), NEW.city)), 'C') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END
$$;
CREATE TRIGGER listings_search_vector_trg
  BEFORE INSERT OR UPDATE OF name, tagline, keywords, short_description, description, primary_category_id, country, city
  ON listings FOR EACH ROW EXECUTE FUNCTION listings_search_vector();`;

/**
 * listings: the catalogue's products. The aggregate root of this module: the categories, founders,
 * FAQs, updates, milestones, story, media and alternatives below all belong to one listing and are
 * deleted with it (ON DELETE CASCADE).
 *
 * `searchVector` is maintained by the trigger `listings_search_vector_trg`: it is lazy (never
 * selected unless asked for) and must not be written; query it with `$fulltext` or raw SQL.
 */
export const Listing = defineEntity({
  name: 'Listing',
  tableName: 'listings',
  properties: {
    id: p.integer().primary().autoincrement(),
    slug: p.text().unique('listings_slug_key'),
    name: p.text(),
    url: p.text(),
    domain: p.text(),
    tagline: p.text().default(''),
    shortDescription: p.text().default(''),
    description: p.text().default(''),
    logoUrl: p.text().nullable(),
    stage: p.text().nullable(),
    pricingModel: p.text().nullable(),
    pricingSummary: p.text().nullable(),
    country: p.character().length(2).nullable(),
    city: p.text().nullable(),
    foundedYear: p.integer().nullable(),
    contactEmail: p.text().nullable(),
    demoVideoUrl: p.text().nullable(),
    features: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    usps: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    keywords: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    tags: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    headline: p.text().nullable(),
    summary: p.text().nullable(),
    seoTitle: p.text().nullable(),
    seoDescription: p.text().nullable(),
    socials: p
      .json<Socials>()
      .defaultRaw(`'{}'`)
      .onCreate(() => ({})),
    attributes: p
      .json<ListingAttributes>()
      .defaultRaw(`'{}'`)
      .onCreate(() => ({})),
    notFoundOnWebsite: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    status: p.enum(LISTING_STATUSES).default('draft'),
    plan: p.enum(LISTING_PLANS).default('free'),
    /** Monday of the launch week, YYYY-MM-DD. */
    launchWeek: p.type(CalendarDateType).nullable(),
    launchedAt: p.datetime().nullable(),
    unlockedSections: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    primaryCategory: () =>
      p.manyToOne(Category).ref().deleteRule('no action').updateRule('no action').foreignKeyName('listings_primary_category_id_fkey'),
    /** Why the site team hid the listing (status hidden), shown to its owners. */
    hiddenReason: p.text().nullable(),
    hiddenAt: p.datetime().nullable(),
    /** The status a hidden listing goes back to when it is shown again. */
    statusBeforeHidden: p.enum(['draft', 'awaiting_badge', 'scheduled', 'live'] as const).nullable(),
    /** Set while the site team features the listing on the home page. */
    featuredAt: p.datetime().nullable(),
    votesCount: p.integer().default(0),
    viewsCount: p.integer().default(0),
    followsCount: p.integer().default(0),
    /** Kept by triggers on reviews and comments (migration 0034): genuine reviews' average and count, visible comments. */
    ratingAverage: p.decimal('number').precision(2).scale(1).nullable(),
    ratingCount: p.integer().default(0),
    commentsCount: p.integer().default(0),
    searchVector: p.type(FullTextType).lazy().hidden().defaultRaw(`''::tsvector`),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),

    categoryLinks: () => p.oneToMany(ListingCategory).mappedBy('listing'),
    founderLinks: () => p.oneToMany(ListingFounder).mappedBy('listing').orderBy({ position: 'asc' }),
    faqs: () => p.oneToMany(ListingFaq).mappedBy('listing').orderBy({ position: 'asc' }),
    updates: () => p.oneToMany(ListingUpdate).mappedBy('listing').orderBy({ publishedAt: 'desc' }),
    milestones: () => p.oneToMany(Milestone).mappedBy('listing').orderBy({ date: 'desc' }),
    media: () => p.oneToMany(ListingMedia).mappedBy('listing').orderBy({ position: 'asc' }),
    alternatives: () => p.oneToMany(Alternative).mappedBy('listing'),
  },
  indexes: [
    {
      name: 'listings_status_votes_idx',
      expression: 'CREATE INDEX listings_status_votes_idx ON listings(status, votes_count DESC, id)',
    },
    {
      name: 'listings_status_launched_idx',
      expression: 'CREATE INDEX listings_status_launched_idx ON listings(status, launched_at DESC, id)',
    },
    {
      name: 'listings_status_views_idx',
      expression: 'CREATE INDEX listings_status_views_idx ON listings(status, views_count DESC, id)',
    },
    {
      name: 'listings_status_follows_idx',
      expression: 'CREATE INDEX listings_status_follows_idx ON listings(status, follows_count DESC, id)',
    },
    {
      // Search sorted by rating (migration 0034).
      name: 'listings_status_rating_idx',
      expression:
        'CREATE INDEX listings_status_rating_idx ON listings(status, rating_average DESC NULLS LAST, rating_count DESC, votes_count DESC, id)',
    },
    {
      name: 'listings_status_week_name_idx',
      expression: 'CREATE INDEX listings_status_week_name_idx ON listings(status, launch_week, name, id)',
    },
    {
      name: 'listings_category_status_votes_idx',
      expression: 'CREATE INDEX listings_category_status_votes_idx ON listings(primary_category_id, status, votes_count DESC, id)',
    },
    {
      name: 'listings_featured_idx',
      expression: 'CREATE INDEX listings_featured_idx ON listings (featured_at DESC) WHERE featured_at IS NOT NULL',
    },
    { name: 'listings_launch_week_idx', properties: ['launchWeek'] },
    { name: 'listings_primary_category_idx', properties: ['primaryCategory'] },
    { name: 'listings_domain_idx', properties: ['domain'] },
    {
      // One listing per product (src/catalogue/registrable-domain.ts): the subdomains of a domain as a prefix match.
      name: 'listings_domain_reversed_idx',
      expression: 'CREATE INDEX listings_domain_reversed_idx ON listings (reverse(lower(domain)) text_pattern_ops)',
    },
  ],
  triggers: [
    {
      // Declared so that the schema generator leaves it alone; the migration is what creates it.
      name: 'listings_search_vector_trg',
      timing: 'before',
      events: ['insert', 'update'],
      expression: SEARCH_VECTOR_TRIGGER,
    },
  ],
});
export type Listing = InferEntity<typeof Listing>;

/** listing_categories: a listing's categories; exactly one link has isPrimary (listings.primary_category_id). */
export const ListingCategory = defineEntity({
  name: 'ListingCategory',
  tableName: 'listing_categories',
  properties: {
    listing: () =>
      p
        .manyToOne(Listing)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('listing_categories_listing_id_fkey'),
    category: () =>
      p
        .manyToOne(Category)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('listing_categories_category_id_fkey'),
    isPrimary: p.boolean().default(false),
  },
  primaryKeys: ['listing', 'category'],
  indexes: [{ name: 'listing_categories_category_idx', properties: ['category', 'listing'] }],
});
export type ListingCategory = InferEntity<typeof ListingCategory>;

/** listing_founders: who founded a listing, in display order. */
export const ListingFounder = defineEntity({
  name: 'ListingFounder',
  tableName: 'listing_founders',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_founders_listing_id_fkey'),
    founder: () =>
      p.manyToOne(Founder).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_founders_founder_id_fkey'),
    role: p.text().nullable(),
    position: p.integer().default(0),
  },
  primaryKeys: ['listing', 'founder'],
  indexes: [{ name: 'listing_founders_founder_idx', properties: ['founder'] }],
});
export type ListingFounder = InferEntity<typeof ListingFounder>;

/** listing_faqs */
export const ListingFaq = defineEntity({
  name: 'ListingFaq',
  tableName: 'listing_faqs',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_faqs_listing_id_fkey'),
    question: p.text(),
    answer: p.text(),
    position: p.integer().default(0),
  },
  indexes: [{ name: 'listing_faqs_listing_idx', properties: ['listing', 'position'] }],
});
export type ListingFaq = InferEntity<typeof ListingFaq>;

/** listing_updates: news a listing's owner posts. */
export const ListingUpdate = defineEntity({
  name: 'ListingUpdate',
  tableName: 'listing_updates',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () =>
      p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_updates_listing_id_fkey'),
    title: p.text(),
    body: p.text(),
    publishedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [
    {
      name: 'listing_updates_listing_idx',
      expression: 'CREATE INDEX listing_updates_listing_idx ON listing_updates(listing_id, published_at DESC)',
    },
  ],
});
export type ListingUpdate = InferEntity<typeof ListingUpdate>;

/** milestones (a paid-only section). */
export const Milestone = defineEntity({
  name: 'Milestone',
  tableName: 'milestones',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('milestones_listing_id_fkey'),
    /** YYYY-MM-DD */
    date: p.type(CalendarDateType),
    title: p.text(),
    description: p.text().nullable(),
    url: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'milestones_listing_idx', expression: 'CREATE INDEX milestones_listing_idx ON milestones(listing_id, date DESC)' }],
});
export type Milestone = InferEntity<typeof Milestone>;

/** stories: at most one founder story per listing (a paid-only section). */
export const Story = defineEntity({
  name: 'Story',
  tableName: 'stories',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () =>
      p
        .oneToOne(Listing)
        .owner()
        .ref()
        .unique('stories_listing_id_key')
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('stories_listing_id_fkey'),
    founder: () =>
      p.manyToOne(Founder).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('stories_founder_id_fkey'),
    title: p.text().nullable(),
    story: p.text().nullable(),
    whyStarted: p.text().nullable(),
    problem: p.text().nullable(),
    journey: p.text().nullable(),
    challenges: p.text().nullable(),
    achievements: p.text().nullable(),
    lessons: p.text().nullable(),
    whatsNext: p.text().nullable(),
    publishedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'stories_founder_idx', properties: ['founder'] }],
});
export type Story = InferEntity<typeof Story>;

/** listing_media: images and videos (a paid-only section). */
export const ListingMedia = defineEntity({
  name: 'ListingMedia',
  tableName: 'listing_media',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_media_listing_id_fkey'),
    kind: p.enum(MEDIA_KINDS),
    url: p.text(),
    caption: p.text().nullable(),
    position: p.integer().default(0),
  },
  indexes: [{ name: 'listing_media_listing_idx', properties: ['listing', 'position'] }],
});
export type ListingMedia = InferEntity<typeof ListingMedia>;

/** alternatives: listings named as alternatives to a listing; `approved` ones were confirmed by its owner. */
export const Alternative = defineEntity({
  name: 'Alternative',
  tableName: 'alternatives',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('alternatives_listing_id_fkey'),
    alternative: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('alternatives_alternative_id_fkey'),
    approved: p.boolean().default(false),
  },
  primaryKeys: ['listing', 'alternative'],
  checks: [{ name: 'alternatives_check', expression: 'listing_id <> alternative_id' }],
});
export type Alternative = InferEntity<typeof Alternative>;
