/**
 * Proposes a listing's categories from the directory's own category tree: a category whose name or
 * one of its keywords the site states (as a whole phrase of words compared by their stem, so
 * "trackers" meets "tracking" and "bill" meets "billing") is a candidate; a name weighs most, a phrase
 * of several words more than one word; words of its description that the site uses too weigh in, and
 * a subcategory beats its parent on a tie. The sentence that names it is the evidence. Nothing
 * matches: nothing is proposed.
 *
 * What the product is, not what it works with: when the home page's own statement of what it is (its
 * title, meta description and main heading) names categories, only those are proposed. Text about
 * other products is not read: integrations sections and sentences ("integrates with Slack", "Connects
 * with Zoom"), footers, navigation and testimonials. A single word that only qualifies another
 * category's word ("meeting" in "meeting notes") does not name its category.
 */
import type { CrawledPage } from '../crawler/crawled-page.js';
import type { Evidence, Evidenced } from './profile-fields.js';
import { QUOTE_MAX, looksLikeInstruction, quoteProblem } from './evidence.js';
import { INTEGRATIONS_HEADING, headingLevel, insideTag, metaContent, parsePage, textOf, type ParsedPage } from './parsed-page.js';

export interface CategoryTerms {
  name: string;
  description: string;
  keywords: readonly string[];
  /** The parent category's name; null for a top-level category. */
  parent: string | null;
}

/** One primary category and up to 3 more. */
const MAX_CATEGORIES = 4;
const MAX_PAGES = 8;
const MAX_PASSAGES = 2000;
const STOP_WORDS = new Set([
  'across',
  'before',
  'change',
  'every',
  'other',
  'their',
  'things',
  'through',
  'without',
  'within',
  'where',
  'which',
]);

interface Passage {
  page: CrawledPage;
  text: string;
  stems: string[];
  /** Part of the home page's statement of what the product is (title, meta description, main heading). */
  identity: boolean;
  /** The home page's title or main heading: its name for itself, stronger than a description. */
  headline: boolean;
}

export function proposeCategories(pages: readonly CrawledPage[], categories: readonly CategoryTerms[]): Evidenced<string[]> | undefined {
  const scored = categoryMatches(pages, categories);
  // The site's own statement of what it is decides, when it names a category.
  const identified = scored.some((match) => match.identity);
  const named = identified ? scored.filter((match) => match.identity) : scored;
  const top = named[0];
  if (!top) return undefined;
  // Without it, only the best match, and only when the site names it by its name, a phrase or two of its words: one
  // word once is too little to say what a product is.
  if (!identified && !top.strong) return undefined;
  // A further category needs more than one word said once in a description ("backlinks" of a notes app is no SEO
  // tool): its name, a phrase, two of its words, or a word in the title or main heading.
  const chosen = identified
    ? named.filter((match) => match === top || (match.score >= top.score / 2 && (match.strong || match.headline))).slice(0, MAX_CATEGORIES)
    : [top];
  const evidence: Evidence[] = [];
  for (const match of chosen) for (const quote of match.evidence) if (!evidence.some((e) => e.quote === quote.quote)) evidence.push(quote);
  return { value: chosen.map((match) => match.name), evidence };
}

/** Every category the site names, best first (what proposeCategories chooses from). */
function categoryMatches(pages: readonly CrawledPage[], categories: readonly CategoryTerms[]): Match[] {
  const passages = passagesOf(pages);
  if (passages.length === 0) return [];
  const siteWords = new Set(passages.flatMap((p) => words(p.text)));
  const vocabulary = singleWordStems(categories);
  return categories
    .map((category) => scoreCategory(category, passages, siteWords, vocabulary))
    .filter((match): match is Match => match !== undefined)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

interface Match {
  name: string;
  score: number;
  evidence: Evidence[];
  /** A term of it is in the home page's statement of what the product is. */
  identity: boolean;
  /** Its name, a phrase of several words among its terms, or two of its terms are stated. */
  strong: boolean;
  /** A term of it is in the home page's title or main heading. */
  headline: boolean;
}

function scoreCategory(
  category: CategoryTerms,
  passages: readonly Passage[],
  siteWords: ReadonlySet<string>,
  vocabulary: ReadonlySet<string>,
): Match | undefined {
  const terms = [...new Set([category.name, ...category.keywords].map((term) => term.trim()).filter((term) => term.length >= 3))];
  let score = 0;
  let identity = false;
  let strong = false;
  let headline = false;
  let hits = 0;
  const evidence: Evidence[] = [];
  for (const term of terms) {
    const stems = stemsOf(term);
    // A single word must be a word of some length once stemmed: "ai" or "seo" say too little alone.
    if (stems.length === 0 || (stems.length === 1 && stems[0].length < 4 && term !== category.name)) continue;
    const modifiers = stems.length === 1 ? vocabulary : undefined;
    const hit = passages.find((passage) => containsPhrase(passage.stems, stems, modifiers));
    if (!hit) continue;
    score += term === category.name ? 3 : stems.length > 1 ? 2 : 1;
    hits += 1;
    strong ||= term === category.name || stems.length > 1 || hits > 1;
    identity ||= passages.some((passage) => passage.identity && containsPhrase(passage.stems, stems, modifiers));
    headline ||= passages.some((passage) => passage.headline && containsPhrase(passage.stems, stems, modifiers));
    if (evidence.length < 2 && !quoteProblem(hit.page, hit.text)) evidence.push({ quote: hit.text, url: hit.page.url });
  }
  if (evidence.length === 0) return undefined;
  const described = new Set(words(category.description).filter((word) => word.length >= 5 && !STOP_WORDS.has(word)));
  const shared = [...described].filter((word) => siteWords.has(word)).length;
  score += Math.min(2, shared * 0.25) + (category.parent ? 0.5 : 0);
  return { name: category.name, score, evidence, identity, strong, headline };
}

/** The stems of the tree's one-word names and keywords: a word before one of them qualifies it ("meeting notes"). */
function singleWordStems(categories: readonly CategoryTerms[]): Set<string> {
  const stems = categories.flatMap((category) => [category.name, ...category.keywords].map(stemsOf).filter((s) => s.length === 1));
  return new Set(stems.map((s) => s[0]).filter((stem) => stem.length >= 4));
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A word without its common English endings and a final e (tracking, trackers → track; notes → note;
 * billing → bill; invoices, invoicing → invoic; databases, database → databas).
 */
function stem(word: string): string {
  if (word.length <= 4) return word.replace(/s$/, '');
  const cut = /(?:ss|x|z|ch|sh)es$/.test(word) ? word.slice(0, -2) : word.replace(/(?:ings?|ers?|ed|s)$/, '');
  if (cut.length < 3) return word;
  return cut.length >= 5 ? cut.replace(/e$/, '') : cut;
}

const stemsOf = (text: string): string[] => words(text).map(stem);

/**
 * Whether `stems` occur in `text` one after another; with `modifiers`, a one-word match followed by
 * one of them does not count: there the word qualifies another ("meeting" in "meeting notes").
 */
function containsPhrase(text: readonly string[], stems: readonly string[], modifiers?: ReadonlySet<string>): boolean {
  outer: for (let start = 0; start + stems.length <= text.length; start++) {
    for (let i = 0; i < stems.length; i++) if (text[start + i] !== stems[i]) continue outer;
    // "no subscription", "without a developer": what the product is not.
    if (NEGATION.has(text[start - 1] ?? '') || (NEGATION.has(text[start - 2] ?? '') && ARTICLE.has(text[start - 1] ?? ''))) continue;
    const next = text[start + stems.length];
    if (modifiers && next !== undefined && next !== stems[0] && modifiers.has(next)) continue;
    return true;
  }
  return false;
}

const NEGATION = new Set(['no', 'not', 'without', 'never']);
const ARTICLE = new Set(['a', 'an', 'any', 'the']);

/** A call to action ("Talk to sales", "Start free trial", "Book a demo"): a button's words, not a statement of what the product is. */
const CALL_TO_ACTION =
  /^(?:talk|contact|get|start|try|book|sign|join|buy|see|learn|request|schedule|watch|download|subscribe|read|explore|discover|upgrade|choose|go)\b[^.!?]{0,30}$/i;

/** A sentence about another product the site works with, not about what the site's product is. */
const INTEGRATION_SENTENCE = /\bintegrat\w*|\bconnect(?:s|ed)? (?:with|to)\b|\bsyncs? with\b|\bworks with\b|\bplugs? into\b/i;

/** Passages of every page (the first is the home page): its title, meta texts, then the sentences of its body. */
function passagesOf(pages: readonly CrawledPage[]): Passage[] {
  const passages: Passage[] = [];
  const home = pages.find((page) => /^\/(?:index\.html?)?$/.test(pathOf(page.url))) ?? pages[0];
  for (const page of pages.slice(0, MAX_PAGES)) {
    const pp = typeof page.html === 'string' && page.html ? parsePage(page) : undefined;
    const identity = page === home && pp ? identityTexts(pp) : new Set<string>();
    const headlines = new Set(page === home ? [page.title, ...(pp ? pp.elements.filter((el) => el.name === 'h1').map(textOf) : [])] : []);
    const metas = page.markup.filter((entry) => !/^[a-z]+:\/\//i.test(entry) && !entry.includes(': http'));
    const body = pp ? bodySentences(pp) : page.text.split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9])/);
    for (const raw of new Set([page.title, ...metas, ...identity, ...body])) {
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text.length < 12 || text.length > QUOTE_MAX || looksLikeInstruction(text)) continue;
      passages.push({
        page,
        text,
        stems: stemsOf(text),
        identity: identity.has(raw) || (page === home && raw === page.title),
        headline: headlines.has(raw),
      });
      if (passages.length >= MAX_PASSAGES) return passages;
    }
  }
  return passages;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** The home page's statement of what the product is: its meta descriptions and main headings. */
function identityTexts(pp: ParsedPage): Set<string> {
  const metas = ['description', 'og:description', 'twitter:description'].map((key) => metaContent(pp, key));
  const headings = pp.elements.filter((el) => el.name === 'h1').map(textOf);
  return new Set([...metas, ...headings].filter((text): text is string => !!text));
}

/** Sentences of the body's blocks, without footers, navigation, testimonials and integrations (sections and sentences). */
function bodySentences(pp: ParsedPage): string[] {
  const texts = new Map(pp.blocks.map((b) => [b.el, b.text]));
  const sentences: string[] = [];
  let skipBelow = 0;
  for (const el of pp.elements) {
    const level = headingLevel(el);
    if (level && skipBelow && level <= skipBelow) skipBelow = 0;
    if (level && !skipBelow && INTEGRATIONS_HEADING.test(textOf(el))) skipBelow = level;
    const text = texts.get(el);
    if (!text || skipBelow || el.name === 'footer' || insideTag(el, ['footer', 'nav', 'blockquote', 'form'])) continue;
    for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z0-9])/)) {
      // Questions (an FAQ's "Can we pay by invoice?") ask about the product; they do not say what it is.
      if (INTEGRATION_SENTENCE.test(sentence) || /\?\s*$/.test(sentence) || CALL_TO_ACTION.test(sentence.trim())) continue;
      sentences.push(sentence);
    }
  }
  return sentences;
}
