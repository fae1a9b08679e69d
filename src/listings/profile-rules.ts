import { z } from 'zod';
import { COUNTRY_CODE, someText, webAddress } from '../schema.js';

/**
 * One definition of a product profile's fields and their rules, for everything that takes them: the draft tools
 * (update_draft), the listing tools (update_my_listing), a draft's submission as a listing (draft-submission.ts)
 * and the site's forms. A draft holds what a site says at up to 500 characters a text field (spec part 4, in
 * drafting/profile-fields.ts); a listing holds the bounds below, and a draft is checked against them when it is
 * saved as a listing. The formats (country, year, links, lists, FAQs) are the same for both.
 */

/** The listing's text fields an owner edits (spec: Editable listing fields) and their bounds. */
export const LISTING_TEXT_FIELDS = {
  tagline: 200,
  short_description: 300,
  description: 20_000,
  pricing_model: 40,
  pricing_summary: 300,
  country: 2,
  city: 120,
  demo_video_url: 500,
  contact_email: 254,
  headline: 200,
  summary: 20_000,
  seo_title: 200,
  seo_description: 320,
} as const;
export type ListingTextField = keyof typeof LISTING_TEXT_FIELDS;

/** The listing's lists an owner edits. */
export const LISTING_LIST_FIELDS = ['features', 'usps', 'keywords'] as const;

/** Lists (features, USPs, keywords; a draft's categories and tags too): items one per line. */
export const LIST_LIMITS = { items: 20, itemMax: 200 } as const;
export const FAQ_LIMITS = { faqs: 10, question: 300, answer: 1500 } as const;

/** Twelve named platforms, plus the product's website and one custom link. */
export const SOCIAL_KEYS = [
  'x',
  'linkedin',
  'facebook',
  'instagram',
  'threads',
  'mastodon',
  'bluesky',
  'youtube',
  'tiktok',
  'github',
  'discord',
  'reddit',
  'website',
  'custom',
] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
export const SOCIAL_LINK_MAX = 500;

/** A country: its ISO 3166-1 alpha-2 code (schema.ts's pattern), taken in either case and kept in capitals. */
export const COUNTRY_MESSAGE = 'A two-letter ISO 3166-1 country code, e.g. PT';
export const countryCode = (value: string): string | undefined => (COUNTRY_CODE.test(value) ? value.toUpperCase() : undefined);

/** The year a product was founded. */
export const FOUNDED_YEAR = { min: 1800, max: 2100 } as const;
/** The same range as a pattern, for the schemas published with the tools (a test checks the two agree). */
export const FOUNDED_YEAR_PATTERN = /^(1[89]\d\d|20\d\d|2100)$/;
export const FOUNDED_YEAR_MESSAGE = `A four-digit year, ${FOUNDED_YEAR.min} to ${FOUNDED_YEAR.max}`;
/** The year as a number when it is one the profile takes ("2019" or 2019), else undefined. */
export function foundedYear(value: string | number): number | undefined {
  const year = typeof value === 'number' ? value : /^\d{4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(year) && year >= FOUNDED_YEAR.min && year <= FOUNDED_YEAR.max ? year : undefined;
}

/** The schemas of these fields, shared by update_draft and update_my_listing. */
export const profileSchemas = {
  /** Kept in capitals. */
  country: () =>
    z
      .string()
      .regex(COUNTRY_CODE, COUNTRY_MESSAGE)
      .transform((code) => code.toUpperCase()),
  contactEmail: () => z.email().max(LISTING_TEXT_FIELDS.contact_email),
  demoVideoUrl: () => webAddress('http or https', LISTING_TEXT_FIELDS.demo_video_url),
  /** A draft holds the year as text, as the site wrote it. */
  foundedYearText: () => z.string().regex(FOUNDED_YEAR_PATTERN, FOUNDED_YEAR_MESSAGE),
  foundedYearNumber: () => z.number().int().min(FOUNDED_YEAR.min).max(FOUNDED_YEAR.max),
  list: () => z.array(someText(LIST_LIMITS.itemMax)).max(LIST_LIMITS.items),
  faqs: () =>
    z.array(z.strictObject({ question: someText(FAQ_LIMITS.question), answer: someText(FAQ_LIMITS.answer) })).max(FAQ_LIMITS.faqs),
  socialLink: () => webAddress('http or https', SOCIAL_LINK_MAX),
};
