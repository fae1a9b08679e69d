/** Parameters and shapes shared by many tools, described once. */
import { z } from 'zod';
import { LISTING_PLANS } from './db/entities/listing.js';
import { hasInvisible, stripInvisible } from './text/invisible-characters.js';
import { hasVisibleCharacter, stripUnseenFromName } from './text/names.js';

/**
 * Bounds refused in plain words, on every surface (REST's problem, MCP's error, a page beside its field): "At most 200
 * characters" rather than zod's "Too big: expected string to have <=200 characters". Other refusals keep their own
 * message.
 */
z.config({
  customError: (issue) => {
    if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
    const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
    const unit = issue.origin === 'string' ? 'character' : issue.origin === 'array' || issue.origin === 'set' ? 'item' : undefined;
    if (issue.code === 'too_small' && bound === 1 && unit)
      return unit === 'character' ? 'Required: must not be empty' : 'At least one item';
    if (!unit) {
      if (issue.origin !== 'number' && issue.origin !== 'int') return undefined;
      if (issue.code === 'too_big') return issue.inclusive === false ? `Less than ${bound}` : `At most ${bound}`;
      return issue.inclusive === false ? `More than ${bound}` : `At least ${bound}`;
    }
    const words = `${bound} ${unit}${bound === 1 ? '' : 's'}`;
    return issue.code === 'too_big' ? `At most ${words}` : `At least ${words}`;
  },
});

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,219}$/;

export const slug = (what: string) =>
  z.string().regex(SLUG_PATTERN, 'Must be a lowercase slug: a-z, 0-9 and hyphens, 1-220 characters').describe(`The ${what}'s slug`);

const page = z.number().int().min(1).max(1000).default(1).describe('Page number');
const perPage = z.number().int().min(1).max(100).default(20).describe('Items per page');
export const paging = { page, per_page: perPage };

/** An ISO 3166-1 alpha-2 country code, in either case (every country input reads it with this pattern). */
export const COUNTRY_CODE = /^[A-Za-z]{2}$/;

export const country = z
  .string()
  .regex(COUNTRY_CODE, 'Must be an ISO 3166 two-letter country code')
  .transform((c) => c.toUpperCase())
  .describe('ISO 3166 two-letter country code, e.g. "DE"');

/** The list envelope of every paged answer (decisions: Pages). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().describe('Number of matching items across all pages'),
    has_more: z.boolean().describe('Whether a next page exists'),
  });
}

export function pageResult<T>(items: T[], total: number, paging: { page: number; per_page: number }) {
  return { items, page: paging.page, per_page: paging.per_page, total, has_more: paging.page * paging.per_page < total };
}

export const offsetOf = (paging: { page: number; per_page: number }) => (paging.page - 1) * paging.per_page;

export const isoDateTime = z.string().describe('ISO 8601 date-time, UTC');

/**
 * A time given by a caller: ISO 8601 with Z or an offset (up to ±15:59, as PostgreSQL takes them), in the years 2000
 * to 2999, as the published pattern says; handed on in UTC.
 */
const INSTANT =
  /^2\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:0\d|1[0-5]):[0-5]\d)$/;
export const instantInput = (what: string) =>
  z
    .string()
    .regex(INSTANT, 'Must be a time such as 2026-11-30T09:00:00Z (with Z or an offset), in the years 2000 to 2999')
    .meta({ format: 'date-time' })
    .transform((value) => new Date(value).toISOString())
    .describe(what);
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('Date, YYYY-MM-DD');

export const categoryRef = z.object({ slug: z.string(), name: z.string() });

/**
 * A host: a name in ASCII (an internationalised name in its xn-- form) whose last label starts with a
 * letter, or an IPv4 address written as four decimal numbers (other numeric forms are refused: a URL
 * parser would read them as addresses of its own making).
 */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const HOST = `(?:(?:${LABEL}\\.)*[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?|${OCTET}(?:\\.${OCTET}){3})`;
const PORT = `(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?`;
/**
 * Path, query and fragment in the characters a URL parser keeps as they are (letters, digits,
 * -._~:/?#[]@!$&()*+,;= and % escapes): anything else is to be percent-encoded, so the address is
 * no longer once it is parsed than the length the schema allows.
 */
const REST = String.raw`(?:[/?#][A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=%]*)?`;

/**
 * A web address as the published schema states it: the scheme, a host, an optional port and path,
 * nothing else; a string that matches is a URL every part of the service reads the same way.
 */
export function webAddress(schemes: 'http or https' | 'https', max: number, explain?: (input: string) => string | undefined) {
  const scheme = schemes === 'https' ? 'https' : 'https?';
  const example = schemes === 'https' ? 'https://example.com/news' : 'https://example.com';
  const generic = `An ${schemes} address such as ${example}`;
  return z
    .string()
    .max(max, { abort: true })
    .regex(new RegExp(`^${scheme}://${HOST}${PORT}${REST}$`), {
      // What exactly is wrong, where the operation can say it (e.g. a user name in the address).
      error: (issue) => (explain && typeof issue.input === 'string' && explain(issue.input)) || generic,
    });
}

/**
 * Text that must say something: at least one character other than white space, which is trimmed. Invisible
 * characters (bidirectional controls, zero-width spaces: src/text/invisible-characters.ts) are stripped first, so a
 * value of nothing else is refused like an empty one.
 */
export function someText(max: number) {
  // One refusal per value: an empty string is too short, not also blank.
  return z
    .string()
    .overwrite(stripInvisible)
    .trim()
    .min(1, { abort: true })
    .max(max)
    .regex(/\S/, 'Must contain something other than spaces');
}

/**
 * A name or tagline as people see it: invisible characters stripped (so "\u202eppA lanimreT" cannot pass for
 * "Terminal App"); a value of nothing but them is refused, like an empty name. "" stays "" (where it clears).
 */
export function visibleText(max: number) {
  return z
    .string()
    .max(max)
    .refine(
      (text) => !hasInvisible(text) || /\S/.test(stripInvisible(text)),
      'Holds only invisible characters (bidirectional controls, zero-width spaces): write text people can see',
    )
    .overwrite(stripInvisible);
}

export const UNSEEN_NAME =
  'Holds nothing people can see (only spaces, blanks such as U+2800, or invisible characters): write a name people can see';

/** A name without its unseen characters (src/text/names.ts), and without space around it. */
const seenName = (name: string) => stripUnseenFromName(name).trim();

/**
 * A name (a listing's, a founder's) as people see it: unseen characters stripped (U+00AD, U+034F, U+FFF9, tag
 * characters, zero-width joiners outside emoji and the scripts that need them); a value of nothing visible is refused,
 * like an empty name. "" stays "" (where it clears).
 */
export function visibleName(max: number) {
  return z
    .string()
    .max(max)
    .refine((name) => name === '' || hasVisibleCharacter(seenName(name)), UNSEEN_NAME)
    .overwrite(seenName);
}

/** A name that must say something (someText's rule), with visibleName's. */
export function someName(max: number) {
  return someText(max)
    .refine((name) => hasVisibleCharacter(seenName(name)), UNSEEN_NAME)
    .overwrite(seenName);
}

/** What search results, feeds and leaderboards show of a listing. */
export const listingSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  url: z.string().describe("The product's website"),
  tagline: z.string(),
  logo_url: z.string().nullable(),
  primary_category: categoryRef,
  votes: z.number().int().describe('Community votes from people on the site'),
  views: z.number().int(),
  follows: z.number().int(),
  status: z.string().describe('live or scheduled (upcoming)'),
  plan: z.enum(LISTING_PLANS),
  launch_week: z.string().nullable().describe('Monday of the launch week, YYYY-MM-DD'),
  launched_at: z.string().nullable(),
  country: z.string().nullable(),
  stage: z.string().nullable(),
  pricing_model: z.string().nullable(),
  community_rating: z
    .object({ average: z.number().nullable().describe('1 to 5, one decimal; null without reviews'), count: z.number().int() })
    .describe('Genuine reviews people wrote on profile_url'),
  comments_count: z.number().int().describe('Comments and replies on profile_url, not deleted or hidden'),
  profile_url: z.string().describe('The public page of the listing on this site'),
});
export type ListingSummary = z.infer<typeof listingSummary>;

/** view: "brief" on the tools that list listings: what choosing among them takes, a tenth of a summary. */
const listingBrief = z.object({
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  category: z.string().describe('Primary category slug'),
  votes: z.number().int(),
  community_rating: listingSummary.shape.community_rating,
});
export type ListingBrief = z.infer<typeof listingBrief>;

const SUMMARY_VIEWS = ['full', 'brief'] as const;
export type SummaryView = (typeof SUMMARY_VIEWS)[number];
export const summaryView = z
  .enum(SUMMARY_VIEWS)
  .default('full')
  .describe('brief: slug, name, tagline, category, votes and community_rating only (get_listing for the rest)');

/** A listing in the view asked for: its summary, or the brief (view: "brief"). */
export const listingInView = z.union([listingSummary, listingBrief]);

/** listingInView with members of the answer's own beside the listing's (a rank). */
export const listingInViewWith = <T extends z.ZodRawShape>(shape: T) => z.union([listingSummary.extend(shape), listingBrief.extend(shape)]);

export function inView(summary: ListingSummary, view: SummaryView): ListingSummary | ListingBrief {
  if (view === 'full') return summary;
  const { slug, name, tagline, primary_category, votes, community_rating } = summary;
  return { slug, name, tagline, category: primary_category.slug, votes, community_rating };
}

/** A database integer identifier (listing, milestone): 1 to 2147483647. */
export const recordId = (what: string) => z.number().int().min(1).max(2_147_483_647).describe(what);
