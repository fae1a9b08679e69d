/** Shapes of the jsonb columns, as the entities type them. */

/** One question and answer (categories.faqs, blog_posts.faqs). */
export interface Faq {
  question: string;
  answer: string;
}

/** Platform key (e.g. `x`, `linkedin`, `website`, `custom`) to link (listings.socials, founders.socials). */
export type Socials = Record<string, string>;

/** Attribute key to the listing's value for it (listings.attributes; compared by compare_listings). */
export type ListingAttributes = Record<string, unknown>;

/** Any JSON value (site_settings.value). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
