/**
 * Measures the offline drafter on the corpus, the way the pipeline drafts a submitted site: the
 * real crawler reads each site (served on loopback), the extractive drafter proposes, categories
 * come from the directory's category tree (the seeded one), and the evidence check keeps what is
 * quoted. Per field:
 *
 * - found = stated facts proposed correctly / stated facts (a fact the site states, as a person reading it would);
 * - wrong = proposed values that are wrong / proposed values.
 *
 * Lists (pricing tiers, categories, features, founders, socials, FAQs) count per item. Comparison is
 * normalised: case, whitespace, quotes and dashes (the evidence check's normalisation), trailing
 * punctuation; links by host (without www), path (without trailing slash) and query. A pricing
 * tier is found when one part of the summary ("Pro: $12/mo") names the tier and states its price.
 */
import { crawlSite, crawlerUserAgent } from '../../../src/crawler/crawl-site.js';
import type { CrawledPage } from '../../../src/crawler/crawled-page.js';
import { proposeCategories, type CategoryTerms } from '../../../src/drafting/category-match.js';
import { hostWithoutWww, normaliseForMatch, quoteProblem, verifyProposal } from '../../../src/drafting/evidence.js';
import { createExtractiveDrafter } from '../../../src/drafting/extractive-drafter.js';
import type { DraftProposal } from '../../../src/drafting/profile-fields.js';
import { CATEGORY_TREE } from '../../../src/seed/categories.js';
import { serveCorpus } from './serve.js';
import type { CorpusSite, ExpectedFacts, Tier } from './types.js';

export const MEASURED_FIELDS = [
  'name',
  'pricing_model',
  'pricing_tiers',
  'country',
  'city',
  'founded_year',
  'contact_email',
  'logo_url',
  'demo_video_url',
  'categories',
  'features',
  'founders',
  'socials',
  'faqs',
] as const;
export type MeasuredField = (typeof MEASURED_FIELDS)[number];

export interface FieldCounts {
  stated: number;
  found: number;
  proposed: number;
  wrong: number;
}

/** What one site gave: its pages, the verified proposal, and each miss and wrong value by field. */
interface SiteRun {
  host: string;
  pages: CrawledPage[];
  proposal: DraftProposal;
  /** Quotes the drafter proposed that are not verbatim on the page they cite. */
  unverifiedQuotes: string[];
  misses: string[];
  wrongs: string[];
}

export interface CorpusRun {
  counts: Record<MeasuredField, FieldCounts>;
  sites: SiteRun[];
}

/** The seeded category tree as the pipeline reads it from the database (src/seed/categories.ts insertCategories). */
function seededCategoryTerms(): CategoryTerms[] {
  const tops = CATEGORY_TREE.map((top) => ({ name: top.name, description: top.description, keywords: [], parent: null }));
  const subs = CATEGORY_TREE.flatMap((top) =>
    top.subcategories.map((sub) => ({
      name: sub.name,
      description: sub.description,
      keywords: [...sub.keywords, sub.thing],
      parent: top.name,
    })),
  );
  return [...tops, ...subs];
}

export async function measureCorpus(sites: readonly CorpusSite[]): Promise<CorpusRun> {
  const server = await serveCorpus(sites);
  try {
    const tree = seededCategoryTerms();
    const runs = await Promise.all(
      sites.map(async (site) => {
        const pages = await crawl(site, server.urlOf(site), server.lookup);
        return draftAndCompare(site, pages, server.urlOf(site), tree);
      }),
    );
    const counts = Object.fromEntries(
      MEASURED_FIELDS.map((f) => [f, { stated: 0, found: 0, proposed: 0, wrong: 0 }]),
    ) as CorpusRun['counts'];
    for (const run of runs) for (const field of MEASURED_FIELDS) add(counts[field], run.counts[field]);
    return { counts, sites: runs.map(({ counts: _, ...run }) => run) };
  } finally {
    await server.close();
  }
}

async function crawl(site: CorpusSite, url: string, lookup: (host: string) => Promise<string[]>): Promise<CrawledPage[]> {
  const result = await crawlSite(url, {
    allowHosts: [site.host, `www.${site.host}`],
    userAgent: crawlerUserAgent('http://directory.test'),
    lookup,
    timeoutMs: 20_000,
  });
  if (!result.ok) throw new Error(`crawling ${site.host} failed: ${result.code}: ${result.reason}`);
  return result.pages;
}

/** Drafts one site as the pipeline does (drafter, then categories from the tree, then the evidence check) and compares. */
async function draftAndCompare(
  site: CorpusSite,
  pages: CrawledPage[],
  home: string,
  tree: CategoryTerms[],
): Promise<SiteRun & { counts: Record<MeasuredField, FieldCounts> }> {
  const drafted = await createExtractiveDrafter().draft(pages);
  const unverifiedQuotes = unverified(drafted, pages);
  const categories = proposeCategories(pages, tree);
  if (categories && !drafted.fields.categories) drafted.fields.categories = categories;
  const proposal = verifyProposal(drafted, pages).proposal;
  const misses: string[] = [];
  const wrongs: string[] = [];
  const counts = {} as Record<MeasuredField, FieldCounts>;
  for (const field of MEASURED_FIELDS) {
    const { expected, proposed, same, fine } = comparable(field, site.facts, proposal, home);
    const miss = (item: string): number => misses.push(`${field}: ${item}`);
    const wrong = (item: string): number => wrongs.push(`${field}: ${item}`);
    counts[field] = compareItems(expected, proposed, same, miss, wrong, fine);
  }
  return { host: site.host, pages, proposal, unverifiedQuotes, misses, wrongs, counts };
}

/** Every quote of the raw proposal that is not verbatim on the crawled page it cites. */
function unverified(proposal: DraftProposal, pages: readonly CrawledPage[]): string[] {
  const quotes = [
    ...Object.values(proposal.fields).flatMap((v) => v?.evidence ?? []),
    ...proposal.faqs.flatMap((f) => f.evidence),
    ...proposal.founders.flatMap((f) => f.evidence),
    ...Object.values(proposal.socials).flatMap((s) => s?.evidence ?? []),
  ];
  return quotes
    .map((q) => {
      const page = pages.find((p) => p.url === q.url);
      const problem = page ? quoteProblem(page, q.quote) : 'no such page';
      return problem ? `${q.url} ${JSON.stringify(q.quote)}: ${problem}` : '';
    })
    .filter(Boolean);
}

interface Comparable {
  expected: string[];
  proposed: string[];
  same(expected: string, proposed: string): boolean;
  /** Proposed items that are not expected but not wrong either. */
  fine?: string[];
}

const fold = (s: string): string =>
  normaliseForMatch(s)
    .toLowerCase()
    .replace(/[.,;:!?]+$/, '');
const sameText = (a: string, b: string): boolean => fold(a) === fold(b);

function linkKey(raw: string, base: string): string {
  try {
    const u = new URL(raw, base);
    return `${hostWithoutWww(u.hostname)}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return raw;
  }
}

function comparable(field: MeasuredField, facts: ExpectedFacts, proposal: DraftProposal, home: string): Comparable {
  const text = (f: keyof DraftProposal['fields']): string[] => {
    const v = proposal.fields[f]?.value;
    return typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
  };
  const one = (v: string | null): string[] => (v === null ? [] : [v]);
  const sameLink = (a: string, b: string): boolean => linkKey(a, home) === linkKey(b, home);
  switch (field) {
    case 'pricing_tiers':
      return { expected: facts.pricing.map(tierKey), proposed: summaryParts(text('pricing_summary')[0]), same: tierMatches };
    case 'logo_url':
    case 'demo_video_url':
      return { expected: one(facts[field]), proposed: text(field), same: sameLink };
    case 'categories':
      return { expected: facts.categories, proposed: text('categories'), same: sameText, fine: facts.alsoFineCategories };
    case 'features':
      return { expected: facts.features, proposed: text('features'), same: sameText };
    case 'founders':
      return { expected: facts.founders, proposed: proposal.founders.map((f) => f.value.name), same: sameText };
    case 'faqs':
      return { expected: facts.faqs, proposed: proposal.faqs.map((f) => f.value.question), same: sameText };
    case 'socials': {
      const proposed = Object.entries(proposal.socials).filter(([key]) => key !== 'website' && key !== 'custom');
      return {
        expected: Object.entries(facts.socials).map(([key, url]) => `${key} ${url}`),
        proposed: proposed.map(([key, s]) => `${key} ${s?.value}`),
        same: (a, b) => a.split(' ')[0] === b.split(' ')[0] && sameLink(a.split(' ')[1], b.split(' ')[1]),
      };
    }
    default:
      return { expected: one(facts[field]), proposed: text(field), same: sameText };
  }
}

const tierKey = (tier: Tier): string => `${tier.name}\u0000${tier.price}`;

/** The parts of a pricing summary: "Free: $0; Pro: $12/mo" has two; a sentence is one. */
const summaryParts = (summary: string | undefined): string[] => (summary ? summary.split(/;\s+/).filter(Boolean) : []);

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FREE = /\bfree\b|[$€£]\s?0(?![\d.,]*[1-9])|\b0(?:[.,]00?)?\s?(?:USD|EUR|GBP|€|£)/i;

/** Whether a summary part names the tier and states its price. */
function tierMatches(expected: string, part: string): boolean {
  const [name, price] = expected.split('\u0000');
  if (!new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(name)}(?:$|[^\\p{L}\\p{N}])`, 'iu').test(normaliseForMatch(part))) return false;
  if (price === 'free' || /^[$€£]0$/.test(price)) return FREE.test(part);
  if (price === 'contact') return /\b(?:contact|custom|talk|quote)\b/i.test(part);
  return new RegExp(`${escapeRegExp(price)}(?![\\d])`).test(part);
}

function compareItems(
  expected: string[],
  proposed: string[],
  same: (expected: string, proposed: string) => boolean,
  onMiss: (item: string) => void,
  onWrong: (item: string) => void,
  fine: string[] = [],
): FieldCounts {
  const counts: FieldCounts = { stated: expected.length, found: 0, proposed: proposed.length, wrong: 0 };
  for (const item of expected) {
    if (proposed.some((p) => same(item, p))) counts.found += 1;
    else onMiss(item.replace('\u0000', ' '));
  }
  for (const item of proposed) {
    if (expected.some((e) => same(e, item))) continue;
    if (fine.some((e) => same(e, item))) {
      counts.proposed -= 1;
      continue;
    }
    counts.wrong += 1;
    onWrong(item);
  }
  return counts;
}

function add(total: FieldCounts, one: FieldCounts): void {
  total.stated += one.stated;
  total.found += one.found;
  total.proposed += one.proposed;
  total.wrong += one.wrong;
}

/** Found and wrong as fractions (0 to 1, three decimals): found of stated facts, wrong of proposed values. */
export function figuresOf(counts: Record<MeasuredField, FieldCounts>): Record<MeasuredField, { found: number; wrong: number }> {
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  return Object.fromEntries(
    MEASURED_FIELDS.map((f) => {
      const c = counts[f];
      return [f, { found: c.stated ? round(c.found / c.stated) : 1, wrong: c.proposed ? round(c.wrong / c.proposed) : 0 }];
    }),
  ) as Record<MeasuredField, { found: number; wrong: number }>;
}

/** The per-field table, in Markdown. */
export function figuresTable(counts: Record<MeasuredField, FieldCounts>): string {
  const pct = (n: number, d: number): string => (d ? `${Math.round((n / d) * 100)}%` : '–');
  const rows = MEASURED_FIELDS.map((f) => {
    const c = counts[f];
    return `| ${f} | ${c.found}/${c.stated} | ${pct(c.found, c.stated)} | ${c.wrong}/${c.proposed} | ${pct(c.wrong, c.proposed)} |`;
  });
  return ['| field | found | found % | wrong | wrong % |', '|---|---|---|---|---|', ...rows].join('\n');
}
