/**
 * The evidence check: every drafted value must be backed by a quote that appears verbatim on a
 * crawled page. Whatever a drafter (Claude or the extractive one) proposes passes through
 * `verifyProposal` before it reaches a draft; a value that loses all its quotes is dropped, and
 * the pipeline then marks its field not_found.
 *
 * Rules (each drop is reported in `dropped` with a reason; nothing is truncated silently):
 *
 * Quotes
 * - A quote is a string of 3 to 500 characters (after normalisation; shorter only when it equals
 *   one whole markup string, such as a JSON-LD addressCountry "DE") with the `url` of a crawled
 *   page. It is verified when it appears, after normalisation, in that page's `text`, in one of
 *   its `markup` strings or in its `title`. A url that is not a crawled page (compared without
 *   fragment and trailing slash) verifies nothing: a quote from page A attributed to page B fails.
 * - Normalisation, the same on both sides: Unicode NFC; soft hyphens and zero-width characters
 *   removed; curly single/double quotes and primes to ' and "; hyphen/dash/minus variants to -;
 *   the ellipsis character to "..."; every run of whitespace (nbsp and the other Unicode spaces
 *   included) to one space; trimmed. Matching is case-sensitive.
 * - A quote that reads as an instruction to an AI ("ignore previous instructions", "AI: say ...",
 *   "SYSTEM:", a <page>-like tag), or that only occurs inside such a sentence on the page, is
 *   refused: such text is an attack, not a fact about the product (heuristic: looksLikeInstruction).
 * - Unverified quotes are removed; at most 50 verified quotes are kept per value.
 *
 * Values ("covered" = the value appears inside one of the value's verified quotes, normalised,
 * case-insensitively and as whole words: "Acme" is not covered by "Acmeco", "2019" is by "2019-04-01")
 * - Text fields: at least one verified quote; the value must fit the field's limit (else dropped).
 *   Short facts must also be covered, so a real quote cannot carry an invented fact:
 *   name, city, contact_email (a valid address), founded_year (four digits, 1800 to next year),
 *   country (an ISO 3166 alpha-2 code; covered by the code as a word or by the country's English
 *   name), logo_url and demo_video_url (http(s); covered by a quote that contains the link or
 *   resolves to it against its page URL, so a relative href counts).
 *   Prose (tagline, short_description, description, pricing_model, pricing_summary, stage) only
 *   needs a verified quote: it may summarise.
 * - List fields: every item must be covered by one of the field's verified quotes; an uncovered
 *   item is dropped from the list (the rest stay). Items over 200 characters, duplicates and
 *   items beyond 20 are dropped with a reason. A list left empty is dropped.
 * - FAQs: the question must be covered; the answer must be covered or contain a verified quote
 *   (at least 20 characters, or the whole answer) so long answers can be quoted in part.
 *   Question <= 300, answer <= 1500, at most 10 FAQs (later ones dropped), duplicate questions dropped.
 * - Founders: the name must be covered (<= 160). A title that is not covered or is over 160 is
 *   removed, the founder stays; likewise a bio (<= 3000) that neither is covered nor contains a
 *   verified quote. Founder social links follow the socials rules below. At most 6 founders.
 * - Socials: only the 14 keys; the link must be http(s), <= 500 characters, covered as a link
 *   (see logo_url), and on the platform its key names (x: x.com/twitter.com, github: github.com,
 *   ...; mastodon and custom: any host; website: the host of a crawled page, ignoring www; a
 *   founder's website may be any host).
 * - Bounds, so a hostile proposal stays cheap to check: 200 quotes read per value, 100 list items,
 *   FAQs and founders read (the rest dropped with one reason), 50 occurrences of a quote examined.
 */
import {
  LIMITS,
  LIST_ITEM_MAX,
  LIST_MAX_ITEMS,
  PROFILE_FIELDS,
  TEXT_FIELDS,
  isListField,
  type DraftProposal,
  type Evidence,
  type Evidenced,
  type ProfileField,
  type ProposedFaq,
  type ProposedFounder,
  type TextField,
} from './profile-fields.js';
import { FOUNDED_YEAR, SOCIAL_KEYS, SOCIAL_LINK_MAX, type SocialKey } from '../listings/profile-rules.js';
import { COUNTRY_CODE } from '../schema.js';
import type { CrawledPage } from '../crawler/crawled-page.js';
import { createRequire } from 'node:module';
import { collapseWhitespace } from '../text/collapse-whitespace.js';
import { countryName } from '../text/countries.js';
import { US_STATES } from './regions.js';

export const QUOTE_MIN = 3;
export const QUOTE_MAX = 500;
const EVIDENCE_MAX_PER_VALUE = 50;
/** Bounds on what a (possibly hostile) proposal costs to check. */
const MAX_OCCURRENCES = 50;
const MAX_EVIDENCE_CHECKED = 200;
const MAX_ENTRIES_CHECKED = 100;

interface DroppedValue {
  /** Where the value was: `fields.founded_year`, `fields.features[3]`, `faqs[1]`, `founders[0].title`, `socials.x`. */
  what: string;
  reason: string;
}

export interface VerifiedProposal {
  proposal: DraftProposal;
  dropped: DroppedValue[];
}

// ---------------------------------------------------------------------------------------------
// Normalisation and page lookup

const CHAR_MAP: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u02BC': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
};
const MAPPED_CHARS = new RegExp(`[${Object.keys(CHAR_MAP).join('')}]`, 'g');

/** The form quotes and pages are compared in (see the rules above). */
export function normaliseForMatch(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(MAPPED_CHARS, (ch) => CHAR_MAP[ch] ?? ch)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Collapses whitespace only (how quotes and short values are stored). */

/** A page URL as compared: http(s) only, no fragment, no trailing slash on a non-root path. */
function pageUrlKey(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  if (u.pathname.length > 1 && u.pathname.endsWith('/')) u.pathname = u.pathname.replace(/\/+$/, '') || '/';
  return u.href;
}

/** A searchable string of a page: `flat` for matching, `lined` (same length) with the block line breaks kept. */
interface Haystack {
  flat: string;
  lined: string;
}

const haystackCache = new WeakMap<CrawledPage, Haystack[]>();

function toHaystack(s: unknown): Haystack {
  if (typeof s !== 'string') return { flat: '', lined: '' };
  const lined = s
    .split(/\r\n|\r|\n/)
    .map(normaliseForMatch)
    .filter(Boolean)
    .join('\n');
  return { flat: lined.replace(/\n/g, ' '), lined };
}

/** The page's text, title, then each markup string, normalised (index 2 on are markup strings). */
function haystacks(page: CrawledPage): Haystack[] {
  let cached = haystackCache.get(page);
  if (!cached) {
    cached = [toHaystack(page.text), toHaystack(page.title), ...(Array.isArray(page.markup) ? page.markup : []).map(toHaystack)];
    haystackCache.set(page, cached);
  }
  return cached;
}

/** The sentence(s) of one line around [from, to): where a quote sits on the page (at most 300 characters either side). */
function sentenceAround(lined: string, from: number, to: number): string {
  const floor = Math.max(0, from - 300);
  const ceiling = Math.min(lined.length, to + 300);
  let start = from;
  while (start > floor && lined[start - 1] !== '\n' && !(lined[start - 1] === ' ' && /[.!?]/.test(lined[start - 2] ?? ''))) start--;
  let end = Math.max(to, start);
  while (end < ceiling && lined[end] !== '\n' && !(lined[end] === ' ' && /[.!?]/.test(lined[end - 1] ?? ''))) end++;
  return lined.slice(start, end);
}

const INSTRUCTION_PATTERNS: RegExp[] = [
  /\b(?:ignore|disregard|forget)\s+(?:(?:all|any|the|your|of|these|those)\s+)*(?:(?:previous|prior|above|earlier|preceding|original|other|system)\s+)?(?:instructions?|prompts?|rules|directions|guidelines)\b/i,
  /(?:^|[\n.!?]\s*)(?:AI|A\.I\.|assistant|LLM|language model|chatbot|ChatGPT|GPT|Claude)\s*:/i,
  /\b(?:note|message|instructions?|attention|hey|dear)\s*(?:to|for)?\s*(?:all\s+)?(?:the\s+)?(?:AIs?|LLMs?|language models?|AI (?:assistants?|models?|agents?|systems?)|assistants?|chatbots?|crawlers?|scrapers?)\b\s*[:,!-]/i,
  /\byou (?:must|should|will|are to|have to|need to)\s+(?:now\s+)?(?:say|state|write|claim|report|answer|respond|tell|output|describe)\b/i,
  /\b(?:say|claim|pretend)\s+(?:that\s+)?(?:it|this (?:company|product|site)|the (?:company|product)|we)\s+(?:is|was|are|were|has|have)\b/i,
  /(?:^|[\n.!?>]\s*)SYSTEM\s*:/,
  /<\/?\s*(?:page|pages|system|user|assistant|human|instructions?|prompt|tool_use|function_calls?)\b[^>]*>/i,
  /\bsystem prompt\b/i,
  /\bnew instructions\b/i,
];

/** Heuristic: the text addresses an AI with instructions (prompt injection), so it is no fact. */
export function looksLikeInstruction(text: string): boolean {
  return INSTRUCTION_PATTERNS.some((re) => re.test(text));
}

class PageIndex {
  private readonly byKey = new Map<string, CrawledPage>();
  readonly hosts = new Set<string>();
  /** Quote checks already made in this call, by page url and quote. */
  readonly checked = new Map<string, string | null>();

  constructor(pages: readonly CrawledPage[]) {
    for (const page of pages) {
      const key = pageUrlKey(page.url);
      if (!key) continue;
      if (!this.byKey.has(key)) this.byKey.set(key, page);
      this.hosts.add(hostWithoutWww(new URL(key).hostname));
    }
  }

  get(url: unknown): CrawledPage | undefined {
    if (typeof url !== 'string') return undefined;
    const key = pageUrlKey(url);
    return key ? this.byKey.get(key) : undefined;
  }
}

/** A host name compared without case and without a leading www. */
export const hostWithoutWww = (host: string): string => host.toLowerCase().replace(/^www\./, '');

/**
 * Why `quote` does not verify on `page`, or null when it does: 3 to 500 characters (a shorter
 * quote only when it is one whole markup string, e.g. a JSON-LD addressCountry "DE"), not an
 * instruction to an AI, and present verbatim (normalised) in the page's text, title or markup.
 */
export function quoteProblem(page: CrawledPage, quote: string): string | null {
  const q = normaliseForMatch(quote);
  if (q.length > QUOTE_MAX) return `quote longer than ${QUOTE_MAX} characters`;
  const all = haystacks(page);
  if (q.length < QUOTE_MIN && !(q.length > 0 && all.slice(2).some((h) => h.flat === q))) {
    return `quote shorter than ${QUOTE_MIN} characters`;
  }
  if (looksLikeInstruction(q)) return 'quote reads as an instruction to an AI, not as a fact';
  let found = 0;
  for (const h of all) {
    for (let i = h.flat.indexOf(q); i >= 0 && found < MAX_OCCURRENCES; i = h.flat.indexOf(q, i + 1)) {
      found += 1;
      // The quote counts where its sentence is not an instruction to an AI ("... say it was founded in 1850").
      if (!looksLikeInstruction(sentenceAround(h.lined, i, i + q.length))) return null;
    }
  }
  return found
    ? 'quote comes from text that reads as an instruction to an AI, not from a statement of fact'
    : `quote not found verbatim on ${page.url}: ${JSON.stringify(q.slice(0, 80))}`;
}

type QuoteCheck = { ok: true; evidence: Evidence } | { ok: false; reason: string };

function checkQuote(index: PageIndex, ev: unknown): QuoteCheck {
  if (!ev || typeof ev !== 'object') return { ok: false, reason: 'evidence is not a {quote, url} object' };
  const { quote, url } = ev as { quote?: unknown; url?: unknown };
  if (typeof quote !== 'string' || typeof url !== 'string') return { ok: false, reason: 'evidence is not a {quote, url} object' };
  const page = index.get(url);
  if (!page) return { ok: false, reason: `quote cites ${JSON.stringify(url.slice(0, 200))}, which is not a crawled page` };
  const key = `${page.url}\u0000${quote}`;
  let problem = index.checked.get(key);
  if (problem === undefined) {
    problem = quoteProblem(page, quote);
    index.checked.set(key, problem);
  }
  if (problem) return { ok: false, reason: problem };
  return { ok: true, evidence: { quote: collapseWhitespace(quote), url: page.url } };
}

/** Verified, de-duplicated quotes of a value, or the reason none verified. */
function verifyEvidence(index: PageIndex, evidence: unknown): { evidence: Evidence[]; reason: string } {
  if (!Array.isArray(evidence) || evidence.length === 0) return { evidence: [], reason: 'no evidence quote given' };
  const kept: Evidence[] = [];
  const seen = new Set<string>();
  let reason = '';
  for (const ev of evidence.slice(0, MAX_EVIDENCE_CHECKED)) {
    const checked = checkQuote(index, ev);
    if (!checked.ok) {
      reason ||= checked.reason;
      continue;
    }
    const key = `${checked.evidence.url}\u0000${normaliseForMatch(checked.evidence.quote)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(checked.evidence);
    if (kept.length >= EVIDENCE_MAX_PER_VALUE) break;
  }
  return { evidence: kept, reason: kept.length ? '' : `no verified quote (${reason})` };
}

// ---------------------------------------------------------------------------------------------
// Coverage: does a verified quote contain the value itself?

const fold = (s: string): string => normaliseForMatch(s).toLowerCase();
const ALNUM = /[\p{L}\p{N}]/u;

/** `needle` inside `haystack` as a whole: not glued to a letter or digit on either side ("Acme" is not in "Acmeco"). */
function containsWhole(haystack: string, needle: string): boolean {
  if (!needle) return false;
  const edgeStart = ALNUM.test(needle[0]);
  const edgeEnd = ALNUM.test(needle[needle.length - 1]);
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
    const before = haystack[i - 1];
    const after = haystack[i + needle.length];
    if ((!edgeStart || before === undefined || !ALNUM.test(before)) && (!edgeEnd || after === undefined || !ALNUM.test(after))) return true;
  }
  return false;
}

/** The value appears in one of the quotes (normalised, case-insensitive, as whole words). */
function covered(value: string, quotes: readonly Evidence[]): boolean {
  const v = fold(value);
  return v.length > 0 && quotes.some((e) => containsWhole(fold(e.quote), v));
}

/** A long text (answer, bio) is backed when a quote contains it or it contains a quote of some length. */
function overlaps(value: string, quotes: readonly Evidence[]): boolean {
  const v = fold(value);
  if (!v) return false;
  return quotes.some((e) => {
    const q = fold(e.quote);
    return q.includes(v) || (q.length >= Math.min(20, v.length) && v.includes(q));
  });
}

function httpUrl(value: string): URL | null {
  if (value.length > SOCIAL_LINK_MAX || /\s/.test(value)) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

const linkKey = (u: URL): string => {
  const copy = new URL(u.href);
  copy.hash = '';
  return copy.href.replace(/\/+$/, '');
};

/** A link is covered by a quote that contains it, or that resolves to it against its page URL. */
function urlCovered(value: string, quotes: readonly Evidence[]): boolean {
  const target = httpUrl(value);
  if (!target) return false;
  const want = linkKey(target);
  return quotes.some((e) => {
    if (fold(e.quote).includes(fold(value))) return true;
    const q = e.quote.trim();
    if (/\s/.test(q)) return false;
    try {
      return linkKey(new URL(q, e.url)) === want;
    } catch {
      return false;
    }
  });
}

const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['USA', 'U.S.', 'U.S.A.', 'United States of America', 'America'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  AE: ['UAE', 'U.A.E.'],
  NL: ['Holland', 'The Netherlands'],
  KR: ['Korea', 'South Korea', 'Republic of Korea'],
  CZ: ['Czech Republic'],
  TR: ['Turkey'],
};

let nameToCode: Map<string, string> | undefined;

/** The ISO alpha-2 code of a country given by code or by English name (aliases included). */
export function countryCode(text: string): string | undefined {
  const t = collapseWhitespace(text);
  if (COUNTRY_CODE.test(t) && countryName(t.toUpperCase())) return t.toUpperCase();
  if (!nameToCode) {
    nameToCode = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = countryName(code);
        // Intl also names retired and grouping codes (FX "France", DD "Germany", EU, UN...): never the answer.
        if (name && !/unknown/i.test(name)) nameToCode.set(name.toLowerCase(), code);
      }
    }
    for (const [code, aliases] of Object.entries(COUNTRY_ALIASES)) for (const alias of aliases) nameToCode.set(alias.toLowerCase(), code);
    for (const [code, names] of isoCountryNames())
      for (const name of names) if (!nameToCode.has(name.toLowerCase())) nameToCode.set(name.toLowerCase(), code);
  }
  return nameToCode.get(t.toLowerCase());
}

let isoNames: Map<string, string[]> | undefined;

/**
 * The English names i18n-iso-countries keeps for each current code ("Czechia", "Russia", "Ivory Coast", "Vietnam"),
 * without the inverted official forms ("Korea, Republic of") and without names that are codes ("US").
 */
function isoCountryNames(): Map<string, string[]> {
  if (!isoNames) {
    isoNames = new Map();
    const en = createRequire(import.meta.url)('i18n-iso-countries/langs/en.json') as { countries: Record<string, string | string[]> };
    for (const [code, names] of Object.entries(en.countries)) {
      if (!countryName(code)) continue;
      const usable = (Array.isArray(names) ? names : [names]).filter(
        (n) => !n.includes(',') && !/^[A-Z.]{2,5}$/.test(n) && !n.includes('('),
      );
      isoNames.set(code, usable);
    }
  }
  return isoNames;
}

/** A US state's name or postal code as a word ("Austin, Texas", "Austin, TX 78701"): a quote that states the US. */
const US_STATE_NAME = new RegExp(`(?:^|[^A-Za-z])(?:${Object.values(US_STATES).join('|')})(?:$|[^A-Za-z])`, 'i');
const US_STATE_CODE = new RegExp(`, (?:${Object.keys(US_STATES).join('|')})(?:$|[^A-Za-z])`);
const statesUs = (quote: string): boolean => US_STATE_NAME.test(quote) || US_STATE_CODE.test(quote);

function countryCovered(code: string, quotes: readonly Evidence[]): boolean {
  const names = [countryName(code) ?? '', ...(COUNTRY_ALIASES[code] ?? []), ...(isoCountryNames().get(code) ?? [])]
    .filter(Boolean)
    .map((n) => n.toLowerCase());
  const codeWord = new RegExp(`(?:^|[^A-Za-z])${code}(?:$|[^A-Za-z])`);
  return quotes.some((e) => {
    const q = normaliseForMatch(e.quote);
    if (codeWord.test(q) || (code === 'US' && statesUs(q))) return true;
    const lower = q.toLowerCase();
    return names.some((n) => new RegExp(`(?:^|[^a-z])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^a-z])`).test(lower));
  });
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Extra checks of short factual text fields; returns why the value fails, or null. */
const TEXT_RULES: Partial<Record<TextField, (value: string, quotes: readonly Evidence[]) => string | null>> = {
  name: (v, q) => (covered(v, q) ? null : 'the name does not appear in its quotes'),
  city: (v, q) => (covered(v, q) ? null : 'the city does not appear in its quotes'),
  contact_email: (v, q) => {
    if (!EMAIL.test(v)) return 'not an e-mail address';
    return covered(v, q) ? null : 'the address does not appear in its quotes';
  },
  founded_year: (v, q) => {
    if (!/^\d{4}$/.test(v)) return 'founded_year is not a four-digit year';
    const year = Number(v);
    if (year < FOUNDED_YEAR.min || year > new Date().getUTCFullYear() + 1) return 'founded_year is out of range';
    return covered(v, q) ? null : 'the year does not appear in its quotes';
  },
  country: (v, q) => {
    if (!countryName(v)) return 'country is not an ISO 3166 alpha-2 code';
    return countryCovered(v, q) ? null : 'neither the country code nor its name appears in its quotes';
  },
  logo_url: (v, q) => (!httpUrl(v) ? 'not an http(s) link' : urlCovered(v, q) ? null : 'the link does not appear in its quotes'),
  demo_video_url: (v, q) => (!httpUrl(v) ? 'not an http(s) link' : urlCovered(v, q) ? null : 'the link does not appear in its quotes'),
};

// ---------------------------------------------------------------------------------------------
// Socials

const PLATFORM_HOSTS: Partial<Record<SocialKey, RegExp>> = {
  x: /^(?:x|twitter)\.com$/,
  linkedin: /^(?:[a-z]{2}\.)?linkedin\.com$/,
  facebook: /^(?:m\.|business\.)?(?:facebook\.com|fb\.com|fb\.me)$/,
  instagram: /^instagram\.com$/,
  threads: /^threads\.(?:net|com)$/,
  bluesky: /^bsky\.app$/,
  youtube: /^(?:m\.)?youtube\.com$|^youtu\.be$/,
  tiktok: /^tiktok\.com$/,
  github: /^github\.com$/,
  discord: /^(?:discord\.gg|discord\.com|discordapp\.com)$/,
  reddit: /^(?:old\.)?reddit\.com$/,
};

/** Why a social link fails (or null): http(s), length, platform host, covered by a quote. */
function socialProblem(key: string, value: unknown, quotes: readonly Evidence[], index: PageIndex, ofFounder: boolean): string | null {
  if (!(SOCIAL_KEYS as readonly string[]).includes(key))
    return `"${key.slice(0, 40)}" is not one of the ${SOCIAL_KEYS.length} socials keys`;
  if (typeof value !== 'string') return 'the link is not a string';
  const link = value.trim();
  if (link.length > SOCIAL_LINK_MAX) return `the link is longer than ${SOCIAL_LINK_MAX} characters`;
  const u = httpUrl(link);
  if (!u) return 'not an http(s) link';
  const host = hostWithoutWww(u.hostname);
  const platform = PLATFORM_HOSTS[key as SocialKey];
  if (platform && !platform.test(host)) return `${host} is not the ${key} platform`;
  if (key === 'website' && !ofFounder && !index.hosts.has(host)) return `${host} is not the crawled site`;
  return urlCovered(link, quotes) ? null : 'the link does not appear in its quotes';
}

// ---------------------------------------------------------------------------------------------
// The check

function textValue(field: TextField, value: string): string {
  if (field === 'description') {
    return value
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
  return collapseWhitespace(value);
}

/** What the sections of the check share: the crawled pages, and where a dropped value is reported. */
interface Check {
  index: PageIndex;
  drop: (what: string, reason: string) => void;
}

/** Keeps only values backed by verified quotes and within the spec's limits; see the rules at the top. */
export function verifyProposal(proposal: DraftProposal, pages: readonly CrawledPage[]): VerifiedProposal {
  const dropped: DroppedValue[] = [];
  const check: Check = {
    index: new PageIndex(pages),
    drop: (what, reason) => {
      dropped.push({ what, reason });
    },
  };
  const fields = verifyFields(check, proposal?.fields);
  const faqs = verifyFaqs(check, proposal?.faqs);
  const founders = verifyFounders(check, proposal?.founders);
  const socials = verifySocials(check, proposal?.socials);
  return { proposal: { fields, faqs, founders, socials }, dropped };
}

/**
 * A list of entries where each is kept once (by its folded key): each checked entry is verified with what was kept
 * so far (the keys seen, how many), and the kept ones returned in order.
 */
function verifyDistinct<T>(
  check: Check,
  proposed: unknown,
  what: string,
  noun: string,
  verifyOne: (
    check: Check,
    entry: Evidenced<T> | undefined,
    what: string,
    seen: ReadonlySet<string>,
    kept: number,
  ) => Evidenced<T> | undefined,
  keyOf: (value: T) => string,
): Evidenced<T>[] {
  const kept: Evidenced<T>[] = [];
  const seen = new Set<string>();
  const list: unknown[] = Array.isArray(proposed) ? proposed : [];
  for (const [i, item] of checkedEntries(check, list, what, noun).entries()) {
    const entry = verifyOne(check, item as Evidenced<T> | undefined, `${what}[${i}]`, seen, kept.length);
    if (!entry) continue;
    seen.add(fold(keyOf(entry.value)));
    kept.push(entry);
  }
  return kept;
}

/** The entries that are checked; the rest are reported dropped, all together. */
function checkedEntries(check: Check, list: unknown[], what: string, noun: string): unknown[] {
  if (list.length > MAX_ENTRIES_CHECKED)
    check.drop(`${what}[${MAX_ENTRIES_CHECKED}..]`, `${list.length - MAX_ENTRIES_CHECKED} more ${noun} than are checked`);
  return list.slice(0, MAX_ENTRIES_CHECKED);
}

// Fields

function verifyFields(check: Check, fields: unknown): DraftProposal['fields'] {
  const out: DraftProposal['fields'] = {};
  for (const [key, entry] of Object.entries(fields ?? {}).slice(0, MAX_ENTRIES_CHECKED)) {
    const what = `fields.${key}`;
    if (!(PROFILE_FIELDS as readonly string[]).includes(key)) {
      check.drop(what, 'not a profile field');
      continue;
    }
    const field = key as ProfileField;
    if (!entry || typeof entry !== 'object') {
      check.drop(what, 'not a {value, evidence} object');
      continue;
    }
    const verified = verifyEvidence(check.index, (entry as Evidenced<unknown>).evidence);
    const raw = (entry as Evidenced<unknown>).value;
    const kept = isListField(field)
      ? verifyListField(check, field, what, raw, verified)
      : verifyTextField(check, field as TextField, what, raw, verified);
    if (kept) out[field] = kept;
  }
  return out;
}

type VerifiedEvidence = ReturnType<typeof verifyEvidence>;

/** A list field: the items covered by its verified quotes (a category only needs the quotes), bounded and de-duplicated. */
function verifyListField(
  check: Check,
  field: ProfileField,
  what: string,
  raw: unknown,
  { evidence, reason }: VerifiedEvidence,
): Evidenced<string[]> | undefined {
  if (!Array.isArray(raw)) {
    check.drop(what, 'a list field needs an array of strings');
    return undefined;
  }
  if (!evidence.length) {
    check.drop(what, reason);
    return undefined;
  }
  const items: string[] = [];
  const seen = new Set<string>();
  for (const [i, item] of checkedEntries(check, raw, what, 'items').entries()) {
    const itemWhat = `${what}[${i}]`;
    if (typeof item !== 'string' || !collapseWhitespace(item)) {
      check.drop(itemWhat, 'not a non-empty string');
      continue;
    }
    const v = collapseWhitespace(item);
    if (v.length > LIST_ITEM_MAX) {
      check.drop(itemWhat, `item longer than ${LIST_ITEM_MAX} characters`);
      continue;
    }
    if (seen.has(fold(v))) {
      check.drop(itemWhat, 'duplicate item');
      continue;
    }
    // A category is a name from the directory's own tree: its quotes show the site states that kind of product, in its own words.
    if (field !== 'categories' && !covered(v, evidence)) {
      check.drop(itemWhat, 'the item does not appear in any verified quote');
      continue;
    }
    if (items.length >= LIST_MAX_ITEMS) {
      check.drop(itemWhat, `more than ${LIST_MAX_ITEMS} items`);
      continue;
    }
    seen.add(fold(v));
    items.push(v);
  }
  if (!items.length) {
    check.drop(what, 'no item of the list is backed by a verified quote');
    return undefined;
  }
  return { value: items, evidence };
}

/** A text field: within its limit, with a verified quote, and passing its field's rule (TEXT_RULES). */
function verifyTextField(
  check: Check,
  field: TextField,
  what: string,
  raw: unknown,
  { evidence, reason }: VerifiedEvidence,
): Evidenced<string> | undefined {
  if (typeof raw !== 'string' || !raw.trim()) {
    check.drop(what, 'a text field needs a non-empty string');
    return undefined;
  }
  const value = textValue(field, raw);
  const max = TEXT_FIELDS[field];
  if (value.length > max) {
    check.drop(what, `longer than ${max} characters`);
    return undefined;
  }
  if (!evidence.length) {
    check.drop(what, reason);
    return undefined;
  }
  const problem = TEXT_RULES[field]?.(value, evidence);
  if (problem) {
    check.drop(what, problem);
    return undefined;
  }
  return { value, evidence };
}

// FAQs

function verifyFaqs(check: Check, proposed: unknown): Evidenced<ProposedFaq>[] {
  return verifyDistinct(check, proposed, 'faqs', 'FAQs', verifyFaq, (faq) => faq.question);
}

/** One FAQ: within the limits, not a question already kept, the question covered and the answer backed by its quotes. */
function verifyFaq(
  check: Check,
  entry: Evidenced<ProposedFaq> | undefined,
  what: string,
  questions: ReadonlySet<string>,
  kept: number,
): Evidenced<ProposedFaq> | undefined {
  const faq = entry?.value;
  if (!faq || typeof faq.question !== 'string' || typeof faq.answer !== 'string') {
    check.drop(what, 'not a {question, answer} value');
    return undefined;
  }
  const question = collapseWhitespace(faq.question);
  const answer = faq.answer.replace(/[^\S\n]+/g, ' ').trim();
  const problem = faqLimitProblem(question, answer, questions, kept);
  if (problem) {
    check.drop(what, problem);
    return undefined;
  }
  const { evidence, reason } = verifyEvidence(check.index, entry?.evidence);
  if (!evidence.length) {
    check.drop(what, reason);
    return undefined;
  }
  if (!covered(question, evidence)) {
    check.drop(what, 'the question does not appear in its verified quotes');
    return undefined;
  }
  if (!overlaps(answer, evidence)) {
    check.drop(what, 'the answer is not backed by its verified quotes');
    return undefined;
  }
  return { value: { question, answer }, evidence };
}

/** Why a FAQ is refused before its quotes are read: empty, too long, a question already kept, or one FAQ too many. */
function faqLimitProblem(question: string, answer: string, questions: ReadonlySet<string>, kept: number): string | null {
  if (!question || !answer) return 'empty question or answer';
  if (question.length > LIMITS.faqQuestion) return `question longer than ${LIMITS.faqQuestion} characters`;
  if (answer.length > LIMITS.faqAnswer) return `answer longer than ${LIMITS.faqAnswer} characters`;
  if (questions.has(fold(question))) return 'duplicate question';
  if (kept >= LIMITS.faqs) return `more than ${LIMITS.faqs} FAQs`;
  return null;
}

// Founders

function verifyFounders(check: Check, proposed: unknown): Evidenced<ProposedFounder>[] {
  return verifyDistinct(check, proposed, 'founders', 'founders', verifyFounder, (founder) => founder.name);
}

/** One founder: a covered name, not one already kept; then the title, bio and links that pass (founderDetails). */
function verifyFounder(
  check: Check,
  entry: Evidenced<ProposedFounder> | undefined,
  what: string,
  names: ReadonlySet<string>,
  kept: number,
): Evidenced<ProposedFounder> | undefined {
  const founder = entry?.value;
  if (!founder || typeof founder.name !== 'string' || !collapseWhitespace(founder.name)) {
    check.drop(what, 'a founder needs a name');
    return undefined;
  }
  const name = collapseWhitespace(founder.name);
  const problem = founderLimitProblem(name, names, kept);
  if (problem) {
    check.drop(what, problem);
    return undefined;
  }
  const { evidence, reason } = verifyEvidence(check.index, entry?.evidence);
  if (!evidence.length) {
    check.drop(what, reason);
    return undefined;
  }
  if (!covered(name, evidence)) {
    check.drop(what, 'the name does not appear in its verified quotes');
    return undefined;
  }
  return { value: founderDetails(check, founder, what, name, evidence), evidence };
}

/** Why a founder is refused before its quotes are read: a name too long, one already kept, or one founder too many. */
function founderLimitProblem(name: string, names: ReadonlySet<string>, kept: number): string | null {
  if (name.length > LIMITS.founderName) return `name longer than ${LIMITS.founderName} characters`;
  if (names.has(fold(name))) return 'duplicate founder';
  if (kept >= LIMITS.founders) return `more than ${LIMITS.founders} founders`;
  return null;
}

/** The founder with the title, bio and social links its quotes back; each one that fails is dropped alone. */
function founderDetails(
  check: Check,
  founder: ProposedFounder,
  what: string,
  name: string,
  evidence: readonly Evidence[],
): ProposedFounder {
  const kept: ProposedFounder = { name };
  if (founder.title !== undefined && founder.title !== null) {
    const title = typeof founder.title === 'string' ? collapseWhitespace(founder.title) : '';
    if (!title) check.drop(`${what}.title`, 'not a non-empty string');
    else if (title.length > LIMITS.founderTitle) check.drop(`${what}.title`, `longer than ${LIMITS.founderTitle} characters`);
    else if (!covered(title, evidence)) check.drop(`${what}.title`, 'the title does not appear in the verified quotes');
    else kept.title = title;
  }
  if (founder.bio !== undefined && founder.bio !== null) {
    const bio = typeof founder.bio === 'string' ? founder.bio.replace(/[^\S\n]+/g, ' ').trim() : '';
    if (!bio) check.drop(`${what}.bio`, 'not a non-empty string');
    else if (bio.length > LIMITS.founderBio) check.drop(`${what}.bio`, `longer than ${LIMITS.founderBio} characters`);
    else if (!overlaps(bio, evidence)) check.drop(`${what}.bio`, 'the bio is not backed by the verified quotes');
    else kept.bio = bio;
  }
  if (founder.socials && typeof founder.socials === 'object') {
    const socials: Partial<Record<SocialKey, string>> = {};
    for (const [key, link] of Object.entries(founder.socials).slice(0, SOCIAL_KEYS.length * 2)) {
      const problem = socialProblem(key, link, evidence, check.index, true);
      if (problem) check.drop(`${what}.socials.${key.slice(0, 40)}`, problem);
      else socials[key as SocialKey] = (link as string).trim();
    }
    if (Object.keys(socials).length) kept.socials = socials;
  }
  return kept;
}

// Socials

function verifySocials(check: Check, proposed: unknown): DraftProposal['socials'] {
  const socials: DraftProposal['socials'] = {};
  for (const [key, entry] of Object.entries(proposed ?? {}).slice(0, SOCIAL_KEYS.length * 2)) {
    const what = `socials.${key.slice(0, 40)}`;
    if (!entry || typeof entry !== 'object') {
      check.drop(what, 'not a {value, evidence} object');
      continue;
    }
    if (!(SOCIAL_KEYS as readonly string[]).includes(key)) {
      check.drop(what, `not one of the ${SOCIAL_KEYS.length} socials keys`);
      continue;
    }
    const { evidence, reason } = verifyEvidence(check.index, (entry as Evidenced<unknown>).evidence);
    if (!evidence.length) {
      check.drop(what, reason);
      continue;
    }
    const problem = socialProblem(key, (entry as Evidenced<unknown>).value, evidence, check.index, false);
    if (problem) {
      check.drop(what, problem);
      continue;
    }
    socials[key as SocialKey] = { value: (entry as Evidenced<string>).value.trim(), evidence };
  }
  return socials;
}
