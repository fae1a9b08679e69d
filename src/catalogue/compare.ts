/** Two listings side by side: standard facts, then the attributes their primary categories compare on. */
import type { Database } from '../db/database.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow } from './listing-summary.js';
import { PUBLIC_STATUSES } from './listing-summary.js';

export interface ComparedListing extends SummaryRow {
  pricing_summary: string | null;
  founded_year: number | null;
  community_rating: number | null;
  attributes: Record<string, unknown>;
  /** Attribute keys of the listing's primary category. */
  category_attributes: string[];
}

export interface ComparisonRow {
  attribute: string;
  a: unknown;
  b: unknown;
}

/** Facts every listing has a column for, compared first. */
const STANDARD_FACTS = {
  pricing_model: (l: ComparedListing) => l.pricing_model,
  pricing_summary: (l: ComparedListing) => l.pricing_summary,
  stage: (l: ComparedListing) => l.stage,
  country: (l: ComparedListing) => l.country,
  founded_year: (l: ComparedListing) => l.founded_year,
  votes: (l: ComparedListing) => l.votes,
  community_rating: (l: ComparedListing) => l.community_rating,
} as const satisfies Record<string, (l: ComparedListing) => unknown>;

/** The public listings (live or scheduled) among `slugs`, by slug. */
export async function loadComparedListings(db: Database, slugs: string[]): Promise<Map<string, ComparedListing>> {
  const rows = await db.query<ComparedListing>(
    `SELECT ${SUMMARY_COLUMNS}, l.pricing_summary, l.founded_year, l.attributes, pc.attributes AS category_attributes,
       (SELECT round(avg(r.rating), 1)::float8 FROM reviews r WHERE r.listing_id = l.id AND r.genuine) AS community_rating
     FROM ${SUMMARY_FROM}
     WHERE l.slug = ANY($1::text[]) AND l.status = ANY($2::text[])`,
    [slugs, PUBLIC_STATUSES],
  );
  return new Map(rows.map((row) => [row.slug, row]));
}

/**
 * One row per fact: the standard facts, then the union of both primary categories' attribute keys (a's first).
 * A listing that does not state a fact has null in its cell; a row is kept even when both cells are null.
 */
export function comparisonRows(a: ComparedListing, b: ComparedListing): ComparisonRow[] {
  const standard = Object.entries(STANDARD_FACTS).map(([attribute, value]) => ({ attribute, a: value(a), b: value(b) }));
  const keys = [...new Set([...a.category_attributes, ...b.category_attributes])].filter((key) => !(key in STANDARD_FACTS));
  const attributes = keys.map((attribute) => ({ attribute, a: a.attributes[attribute] ?? null, b: b.attributes[attribute] ?? null }));
  return [...standard, ...attributes];
}
