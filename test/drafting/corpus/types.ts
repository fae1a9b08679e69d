/**
 * A corpus site: a small product website (its pages' HTML by path) and the facts a person reading
 * it would state. A fact the site does not state is null or an empty list: proposing one is wrong.
 */
import type { SocialKey } from '../../../src/listings/profile-rules.js';

/** A pricing tier as the site states it: its name and its price ("$12", "€0", "free", "contact"). */
export interface Tier {
  name: string;
  price: string;
}

export interface ExpectedFacts {
  name: string;
  /** freemium, subscription, one-time, paid or free. */
  pricing_model: string | null;
  pricing: Tier[];
  /** ISO 3166 alpha-2. */
  country: string | null;
  city: string | null;
  founded_year: string | null;
  contact_email: string | null;
  /** Absolute, or a path on the site. */
  logo_url: string | null;
  demo_video_url: string | null;
  /** Categories of the directory's tree a person would file the product under. */
  categories: string[];
  /** Categories that are not wrong either (a parent, a near neighbour), though not expected. */
  alsoFineCategories?: string[];
  features: string[];
  /** Founders' names. */
  founders: string[];
  /** Company profiles, by key (the website itself is not counted). */
  socials: Partial<Record<Exclude<SocialKey, 'website'>, string>>;
  /** FAQ questions. */
  faqs: string[];
}

export interface CorpusSite {
  /** The site's host name (served on loopback; resolved by a fake lookup). */
  host: string;
  /** HTML by path; "/" is the home page. */
  pages: Record<string, string>;
  facts: ExpectedFacts;
}

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page: head (title, meta description, extra head markup) and body. */
export function page(title: string, description: string | null, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
${description ? `<meta name="description" content="${esc(description)}">` : ''}
<link rel="stylesheet" href="/assets/site.css">
${head}
</head>
<body>
${body}
</body>
</html>`;
}

/** A JSON-LD script. */
export const jsonLd = (value: unknown): string =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** A navigation bar of [href, label] pairs. */
export const nav = (links: readonly (readonly [string, string])[]): string =>
  `<header><a class="brand" href="/">Home</a><nav><ul>${links.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('')}</ul></nav></header>`;
