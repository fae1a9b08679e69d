/**
 * How the demo's rows go into the database: per table, the DemoData key of its rows, the columns
 * with the SQL type each is read as, and what to do on conflict. The tables go in after the
 * categories, in this order (foreign keys follow it).
 */
import type { Columns } from '../bulk.js';
import type { DemoData } from './types.js';

export interface DemoTable {
  table: string;
  key: Exclude<keyof DemoData, 'categories'>;
  columns: Columns;
  /** Products and VAT rates may already exist (set by an admin): those rows are kept. */
  onConflict?: string;
}

/** The tables loaded after the categories, in insert order. */
export const DEMO_TABLES: readonly DemoTable[] = [
  {
    table: 'listings',
    key: 'listings',
    columns: [
      ['id', 'int'],
      ['slug', 'text'],
      ['name', 'text'],
      ['url', 'text'],
      ['domain', 'text'],
      ['tagline', 'text'],
      ['short_description', 'text'],
      ['description', 'text'],
      ['logo_url', 'text'],
      ['stage', 'text'],
      ['pricing_model', 'text'],
      ['pricing_summary', 'text'],
      ['country', 'text'],
      ['city', 'text'],
      ['founded_year', 'int'],
      ['contact_email', 'text'],
      ['demo_video_url', 'text'],
      ['features', 'text[]'],
      ['usps', 'text[]'],
      ['keywords', 'text[]'],
      ['tags', 'text[]'],
      ['headline', 'text'],
      ['summary', 'text'],
      ['seo_title', 'text'],
      ['seo_description', 'text'],
      ['socials', 'jsonb'],
      ['attributes', 'jsonb'],
      ['not_found_on_website', 'text[]'],
      ['status', 'text'],
      ['plan', 'text'],
      ['launch_week', 'date'],
      ['launched_at', 'timestamptz'],
      ['unlocked_sections', 'text[]'],
      ['primary_category_id', 'int'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
  },
  {
    table: 'listing_categories',
    key: 'listingCategories',
    columns: [
      ['listing_id', 'int'],
      ['category_id', 'int'],
      ['is_primary', 'boolean'],
    ],
  },
  {
    table: 'founders',
    key: 'founders',
    columns: [
      ['id', 'int'],
      ['slug', 'text'],
      ['name', 'text'],
      ['title', 'text'],
      ['bio', 'text'],
      ['country', 'text'],
      ['avatar_url', 'text'],
      ['socials', 'jsonb'],
      ['created_at', 'timestamptz'],
    ],
  },
  {
    table: 'listing_founders',
    key: 'listingFounders',
    columns: [
      ['listing_id', 'int'],
      ['founder_id', 'int'],
      ['role', 'text'],
      ['position', 'int'],
    ],
  },
  {
    table: 'listing_faqs',
    key: 'listingFaqs',
    columns: [
      ['listing_id', 'int'],
      ['question', 'text'],
      ['answer', 'text'],
      ['position', 'int'],
    ],
  },
  {
    table: 'listing_updates',
    key: 'listingUpdates',
    columns: [
      ['listing_id', 'int'],
      ['title', 'text'],
      ['body', 'text'],
      ['published_at', 'timestamptz'],
    ],
  },
  {
    table: 'milestones',
    key: 'milestones',
    columns: [
      ['listing_id', 'int'],
      ['date', 'date'],
      ['title', 'text'],
      ['description', 'text'],
      ['url', 'text'],
      ['created_at', 'timestamptz'],
    ],
  },
  {
    table: 'stories',
    key: 'stories',
    columns: [
      ['listing_id', 'int'],
      ['founder_id', 'int'],
      ['title', 'text'],
      ['story', 'text'],
      ['why_started', 'text'],
      ['problem', 'text'],
      ['journey', 'text'],
      ['challenges', 'text'],
      ['achievements', 'text'],
      ['lessons', 'text'],
      ['whats_next', 'text'],
      ['published_at', 'timestamptz'],
    ],
  },
  {
    table: 'listing_media',
    key: 'listingMedia',
    columns: [
      ['listing_id', 'int'],
      ['kind', 'text'],
      ['url', 'text'],
      ['caption', 'text'],
      ['position', 'int'],
    ],
  },
  {
    table: 'alternatives',
    key: 'alternatives',
    columns: [
      ['listing_id', 'int'],
      ['alternative_id', 'int'],
      ['approved', 'boolean'],
    ],
  },
  {
    table: 'votes',
    key: 'votes',
    columns: [
      ['listing_id', 'int'],
      ['voter_key', 'text'],
      ['created_at', 'timestamptz'],
    ],
  },
  {
    table: 'listing_views',
    key: 'listingViews',
    columns: [
      ['listing_id', 'int'],
      ['day', 'date'],
      ['views', 'int'],
      ['visitors', 'int'],
      ['clicks', 'int'],
    ],
  },
  {
    table: 'follows',
    key: 'follows',
    columns: [
      ['listing_id', 'int'],
      ['follower_email', 'text'],
      ['created_at', 'timestamptz'],
    ],
  },
  {
    table: 'reviews',
    key: 'reviews',
    columns: [
      ['listing_id', 'int'],
      ['reviewer_key', 'text'],
      ['reviewer_name', 'text'],
      ['rating', 'smallint'],
      ['body', 'text'],
      ['genuine', 'boolean'],
      ['created_at', 'timestamptz'],
      ['hidden_at', 'timestamptz'],
      ['hidden_reason', 'text'],
    ],
  },
  {
    table: 'domain_ratings',
    key: 'domainRatings',
    columns: [
      ['listing_id', 'int'],
      ['measured_on', 'date'],
      ['rating', 'smallint'],
    ],
  },
  {
    table: 'verified_revenues',
    key: 'verifiedRevenues',
    columns: [
      ['listing_id', 'int'],
      ['mrr_cents', 'bigint'],
      ['source', 'text'],
      ['verified_at', 'timestamptz'],
    ],
  },
  {
    table: 'billboard_contributions',
    key: 'billboardContributions',
    columns: [
      ['listing_id', 'int'],
      ['amount_cents', 'bigint'],
      ['order_number', 'text'],
      ['created_at', 'timestamptz'],
    ],
  },
  {
    table: 'blog_posts',
    key: 'blogPosts',
    columns: [
      ['slug', 'text'],
      ['title', 'text'],
      ['excerpt', 'text'],
      ['body_markdown', 'text'],
      ['author_name', 'text'],
      ['tags', 'text[]'],
      ['faqs', 'jsonb'],
      ['status', 'text'],
      ['published_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
  },
  {
    table: 'interview_questions',
    key: 'interviewQuestions',
    columns: [
      ['text', 'text'],
      ['hint', 'text'],
      ['position', 'int'],
      ['active', 'boolean'],
    ],
  },
  {
    table: 'products',
    key: 'products',
    columns: [
      ['id', 'text'],
      ['name', 'text'],
      ['description', 'text'],
      ['price_cents', 'int'],
      ['needs_listing', 'boolean'],
      ['active', 'boolean'],
      ['position', 'int'],
      ['updated_at', 'timestamptz'],
    ],
    onConflict: 'ON CONFLICT (id) DO NOTHING',
  },
  {
    table: 'vat_rates',
    key: 'vatRates',
    columns: [
      ['country', 'text'],
      ['rate_basis_points', 'int'],
      ['eu', 'boolean'],
    ],
    onConflict: 'ON CONFLICT (country) DO NOTHING',
  },
];
