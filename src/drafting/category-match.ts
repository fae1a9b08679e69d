/**
 * Proposes a listing's categories from the directory's own category tree: a category whose name or
 * one of its keywords the site states (as a whole phrase of words compared by their stem, so
 * "trackers" meets "tracking" and "bill" meets "billing") is a candidate; a name weighs most, a phrase
 * of several words more than one word; words of its description that the site uses too weigh in, and
 * a subcategory beats its parent on a tie. The sentence that names it is the evidence. Nothing
 * matches: nothing is proposed.
 */
import type { CrawledPage } from '../crawler/crawled-page.js';
import type { Evidence, Evidenced } from './profile-fields.js';
import { QUOTE_MAX, looksLikeInstruction, quoteProblem } from './evidence.js';

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
}

export function proposeCategories(pages: readonly CrawledPage[], categories: readonly CategoryTerms[]): Evidenced<string[]> | undefined {
  const passages = passagesOf(pages);
  if (passages.length === 0) return undefined;
  const siteWords = new Set(passages.flatMap((p) => words(p.text)));
  const scored = categories
    .map((category) => scoreCategory(category, passages, siteWords))
    .filter((match): match is Match => match !== undefined)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  const top = scored[0];
  if (!top) return undefined;
  const chosen = scored.filter((match) => match.score >= top.score / 2).slice(0, MAX_CATEGORIES);
  const evidence: Evidence[] = [];
  for (const match of chosen) for (const quote of match.evidence) if (!evidence.some((e) => e.quote === quote.quote)) evidence.push(quote);
  return { value: chosen.map((match) => match.name), evidence };
}

interface Match {
  name: string;
  score: number;
  evidence: Evidence[];
}

function scoreCategory(category: CategoryTerms, passages: readonly Passage[], siteWords: ReadonlySet<string>): Match | undefined {
  const terms = [...new Set([category.name, ...category.keywords].map((term) => term.trim()).filter((term) => term.length >= 3))];
  let score = 0;
  const evidence: Evidence[] = [];
  for (const term of terms) {
    const stems = stemsOf(term);
    // A single word must be a word of some length once stemmed: "ai" or "seo" say too little alone.
    if (stems.length === 0 || (stems.length === 1 && stems[0].length < 4 && term !== category.name)) continue;
    const hit = passages.find((passage) => containsPhrase(passage.stems, stems));
    if (!hit) continue;
    score += term === category.name ? 3 : stems.length > 1 ? 2 : 1;
    if (evidence.length < 2 && !quoteProblem(hit.page, hit.text)) evidence.push({ quote: hit.text, url: hit.page.url });
  }
  if (evidence.length === 0) return undefined;
  const described = new Set(words(category.description).filter((word) => word.length >= 5 && !STOP_WORDS.has(word)));
  const shared = [...described].filter((word) => siteWords.has(word)).length;
  score += Math.min(2, shared * 0.25) + (category.parent ? 0.5 : 0);
  return { name: category.name, score, evidence };
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word without its common English endings (tracking, trackers → track; notes → note; billing → bill). */
function stem(word: string): string {
  if (word.length <= 4) return word.replace(/s$/, '');
  const cut = word.replace(/(?:ings?|ers?|ed|es|s)$/, '');
  return cut.length >= 3 ? cut : word;
}

const stemsOf = (text: string): string[] => words(text).map(stem);

/** Whether `stems` occur in `text` one after another. */
function containsPhrase(text: readonly string[], stems: readonly string[]): boolean {
  outer: for (let start = 0; start + stems.length <= text.length; start++) {
    for (let i = 0; i < stems.length; i++) if (text[start + i] !== stems[i]) continue outer;
    return true;
  }
  return false;
}

/** Sentences of the visible text and the page's meta texts, each short enough to quote; none that reads as an instruction. */
function passagesOf(pages: readonly CrawledPage[]): Passage[] {
  const passages: Passage[] = [];
  for (const page of pages.slice(0, MAX_PAGES)) {
    const sentences = page.text.split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9])/);
    const metas = page.markup.filter((entry) => !/^[a-z]+:\/\//i.test(entry) && !entry.includes(': http'));
    for (const raw of [page.title, ...metas, ...sentences]) {
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text.length < 12 || text.length > QUOTE_MAX || looksLikeInstruction(text)) continue;
      passages.push({ page, text, stems: stemsOf(text) });
      if (passages.length >= MAX_PASSAGES) return passages;
    }
  }
  return passages;
}
