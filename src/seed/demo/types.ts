/** The shapes of the demo directory's rows, and the working state of a listing while the demo is built. */
import type { CategoryRecord } from '../categories.js';
import type { BlogPostStatus, ListingPlan, ListingStatus, MediaKind } from '../../db/entities/index.js';

export type Faq = { question: string; answer: string };

export interface ListingRow {
  id: number;
  slug: string;
  name: string;
  url: string;
  domain: string;
  tagline: string;
  short_description: string;
  description: string;
  logo_url: string | null;
  stage: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  contact_email: string | null;
  demo_video_url: string | null;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  headline: string | null;
  summary: string | null;
  seo_title: string | null;
  seo_description: string | null;
  socials: Record<string, string>;
  attributes: Record<string, unknown>;
  not_found_on_website: string[];
  status: ListingStatus;
  plan: ListingPlan;
  launch_week: string | null;
  launched_at: string | null;
  unlocked_sections: string[];
  primary_category_id: number;
  created_at: string;
  updated_at: string;
}

export interface DemoData {
  categories: CategoryRecord[];
  listings: ListingRow[];
  listingCategories: { listing_id: number; category_id: number; is_primary: boolean }[];
  founders: {
    id: number;
    slug: string;
    name: string;
    title: string | null;
    bio: string;
    country: string | null;
    avatar_url: string | null;
    socials: Record<string, string>;
    created_at: string;
  }[];
  listingFounders: { listing_id: number; founder_id: number; role: string; position: number }[];
  listingFaqs: { listing_id: number; question: string; answer: string; position: number }[];
  listingUpdates: { listing_id: number; title: string; body: string; published_at: string }[];
  milestones: { listing_id: number; date: string; title: string; description: string | null; url: string | null; created_at: string }[];
  stories: Record<string, unknown>[];
  listingMedia: { listing_id: number; kind: MediaKind; url: string; caption: string | null; position: number }[];
  alternatives: { listing_id: number; alternative_id: number; approved: boolean }[];
  votes: { listing_id: number; voter_key: string; created_at: string }[];
  listingViews: { listing_id: number; day: string; views: number; visitors: number; clicks: number }[];
  follows: { listing_id: number; follower_email: string; created_at: string }[];
  reviews: {
    listing_id: number;
    reviewer_key: string;
    reviewer_name: string;
    rating: number;
    body: string;
    genuine: boolean;
    created_at: string;
    /** Spam reviews come hidden by a moderator, so that the genuine rule leaves them out of the rating. */
    hidden_at: string | null;
    hidden_reason: string | null;
  }[];
  domainRatings: { listing_id: number; measured_on: string; rating: number }[];
  verifiedRevenues: { listing_id: number; mrr_cents: number; source: string; verified_at: string }[];
  billboardContributions: { listing_id: number; amount_cents: number; order_number: string; created_at: string }[];
  blogPosts: {
    slug: string;
    title: string;
    excerpt: string;
    body_markdown: string;
    author_name: string;
    tags: string[];
    faqs: Faq[];
    status: BlogPostStatus;
    published_at: string | null;
    updated_at: string;
  }[];
  interviewQuestions: { text: string; hint: string; position: number; active: boolean }[];
  products: {
    id: string;
    name: string;
    description: string;
    price_cents: number;
    needs_listing: boolean;
    active: boolean;
    position: number;
    updated_at: string;
  }[];
  vatRates: { country: string; rate_basis_points: number; eu: boolean }[];
}

/** Working state of one listing while the demo is built. */
export interface Draft {
  row: ListingRow;
  category: CategoryRecord;
  launchedAt: Date | null;
  createdAt: Date;
  audience: string;
  eu: boolean;
  founderIds: number[];
}

/** The listings in the order they were built, and the launched and live ones among them. */
export interface DemoListings {
  drafts: Draft[];
  launched: Draft[];
  live: Draft[];
}
