/**
 * The offline drafter: reads facts the pages state in their structure (meta and Open Graph tags,
 * JSON-LD, headings, lists, pricing tables, links) and never guesses. Deterministic: the same
 * pages give the same proposal. Every value carries quotes taken verbatim from the page's text or
 * markup, and each quote is checked against the page (the same rule verifyProposal applies) before
 * a value is proposed, so a value whose source the crawler did not keep is simply left out.
 *
 * Left empty on purpose: categories (the pipeline proposes them from the directory's own category
 * tree, src/drafting/category-match.ts), tags (no structural source states them), stage. Text that reads as an instruction to an AI is never used,
 * and hidden elements (hidden, aria-hidden, display:none) are not read. `only` limits the profile
 * fields it fills; FAQs, founders and socials are then left out.
 *
 * Pages are untrusted: the HTML is parsed with htmlparser2 (linear time) and read in one pass
 * bounded in depth (200) and elements (30,000); no cheerio selector runs on it, since those walk a
 * hostile, deeply nested tree very slowly.
 */
import type { Element } from 'cheerio';
import {
  emptyProposal,
  LIMITS,
  LIST_ITEM_MAX,
  LIST_MAX_ITEMS,
  TEXT_FIELDS,
  type DraftProposal,
  type Drafter,
  type Evidence,
  type ProfileField,
  type ProposedFounder,
  type TextField,
} from './profile-fields.js';
import { SOCIAL_LINK_MAX, type SocialKey } from '../listings/profile-rules.js';
import type { CrawledPage } from '../crawler/crawled-page.js';
import { QUOTE_MAX, countryCode, hostWithoutWww, looksLikeInstruction, normaliseForMatch, quoteProblem } from './evidence.js';
import { collapseWhitespace } from '../text/collapse-whitespace.js';
import { loadGazetteer } from './gazetteer.js';
import { isPersonName, loadNameReader } from './person-names.js';
import { placesIn } from './place-statements.js';
import { CURRENCY_SIGNS, PRICE, pricingPlans } from './pricing-plans.js';
import { firstFeatureGroup, leadsOfList, subHeadings } from './feature-lists.js';
import { decodeUriComponentSafely } from '../text/decode-uri.js';

import {
  MAX_SECTIONS,
  childElements,
  textOf,
  descendants,
  parsePage,
  isType,
  asArray,
  str,
  ORG_TYPES,
  APP_TYPES,
  headingLevel,
  insideTag,
  sectionAfter,
  isDescendant,
  metaContent,
  firstSentence,
  cutAtWord,
  resolveUrl,
  INTEGRATIONS_HEADING,
  type JsonNode,
  type ParsedPage,
} from './parsed-page.js';
// ---------------------------------------------------------------------------------------------
// Social links

const NOT_PROFILE =
  /\/(?:share|sharer|sharing|intent|dialog|hashtag|search|login|signup|home|explore|legal|privacy|terms|about|help|policies)(?:[/.?]|$)|\/status(?:es)?\//i;

/** The socials key of a profile link, or null when it is not one (posts, share buttons, videos). */
export function socialKeyOf(u: URL): Exclude<SocialKey, 'website' | 'custom'> | null {
  const host = hostWithoutWww(u.hostname);
  const path = u.pathname;
  const segs = path.split('/').filter(Boolean);
  if (NOT_PROFILE.test(path + (u.search ? '?' : ''))) return null;
  if (/^(?:x|twitter)\.com$/.test(host)) return segs.length === 1 && !/^(?:i|settings|messages|notifications)$/i.test(segs[0]) ? 'x' : null;
  if (/^(?:[a-z]{2}\.)?linkedin\.com$/.test(host))
    return /^(?:company|in|school|showcase)$/i.test(segs[0] ?? '') && segs.length >= 2 ? 'linkedin' : null;
  if (/^(?:m\.)?(?:facebook\.com|fb\.com|fb\.me)$/.test(host))
    return segs.length >= 1 && !/\.php$/.test(path) && !/^(?:groups\/?$|events|watch|photo)/i.test(segs[0]) ? 'facebook' : null;
  if (host === 'instagram.com') return segs.length === 1 ? 'instagram' : null;
  if (/^threads\.(?:net|com)$/.test(host)) return /^@[\w.]+$/.test(segs[0] ?? '') ? 'threads' : null;
  if (host === 'bsky.app') return segs[0] === 'profile' && segs.length === 2 ? 'bluesky' : null;
  if (/^(?:m\.)?youtube\.com$/.test(host)) return /^(?:@[\w.-]+|channel|c|user)$/i.test(segs[0] ?? '') ? 'youtube' : null;
  if (host === 'tiktok.com') return /^@[\w.]+$/.test(segs[0] ?? '') && segs.length === 1 ? 'tiktok' : null;
  if (host === 'github.com')
    return segs.length >= 1 && segs.length <= 2 && !/^(?:features|pricing|about|sponsors|marketplace|topics|orgs|apps)$/i.test(segs[0])
      ? 'github'
      : null;
  if (host === 'discord.gg') return segs.length === 1 ? 'discord' : null;
  if (/^(?:discord|discordapp)\.com$/.test(host)) return segs[0] === 'invite' && segs.length === 2 ? 'discord' : null;
  if (/^(?:old\.)?reddit\.com$/.test(host)) return /^(?:r|user|u)$/.test(segs[0] ?? '') && segs.length === 2 ? 'reddit' : null;
  const KNOWN_AT =
    /(?:^|\.)(?:medium\.com|tiktok\.com|youtube\.com|threads\.(?:net|com)|x\.com|twitter\.com|instagram\.com|substack\.com|behance\.net|dribbble\.com)$/;
  if (segs.length === 1 && /^@[\w.]+$/.test(segs[0]) && !KNOWN_AT.test(host)) return 'mastodon';
  return null;
}

const VIDEO =
  /^(?:https?:)?\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)[\w-]{6,}|youtube-nocookie\.com\/embed\/[\w-]{6,}|youtu\.be\/[\w-]{6,}|(?:player\.)?vimeo\.com\/(?:video\/)?\d{5,})/i;

// ---------------------------------------------------------------------------------------------
// Pricing

const ZERO_PRICE = new RegExp(
  `(?:[${CURRENCY_SIGNS}]\\s?0(?:[.,]00?)?(?![\\d.,]*[1-9])|\\b0(?:[.,]00?)?\\s?(?:USD|EUR|GBP|INR|[${CURRENCY_SIGNS}]))`,
);
const RECURRING =
  /\/\s?(?:mo|month|yr|year|user|seat)\b|\bper (?:month|year|user|seat|member)\b|\b(?:monthly|annually|yearly)\b|\bbilled (?:monthly|yearly|annually)\b|\bsubscription\b|\ba month\b|\ba year\b/i;
const ONE_TIME =
  /\bone[- ]time (?:payment|purchase|fee|price|licen[cs]e)\b|\d\s?one[- ]time\b|\bone (?:payment|purchase)\b|\bpay once\b|\bbuy once\b|\blifetime (?:licen[cs]e|access|deal)\b/i;
const FREE_PLAN =
  /^free$|\bfree (?:forever|plan|tier|version)\b|\bforever free\b|\bfree for (?:individuals|personal use|small teams|ever)\b/i;
/** Words that deny a subscription ("No subscription.", "without a subscription"). */
const NOT_RECURRING = /\bno (?:subscriptions?|recurring|monthly fees?)\b|\bwithout (?:a |any )?subscriptions?\b/i;
/** A price that is someone else's: a competitor's, a sponsorship, a donation. */
const OTHERS_PRICE = /\b(?:others?|competitors?|sponsors?|sponsorships?|donat\w*|instead of|compared (?:to|with)|alternatives?)\b/i;
const FREE_ONLY =
  /\b(?:completely|totally|100%|always|entirely) free\b|\bfree and open[- ]source\b|\bfree to use\b|\bis free software\b|\bno paid (?:edition|plan|version|tier)s?\b/i;

const isPricingPage = (pp: ParsedPage): boolean =>
  /\/(?:pricing|plans?|prices?|buy|purchase)(?:\/|$|\.html?)/.test(pp.path) || /\bpricing\b/i.test(pp.page.title);

// ---------------------------------------------------------------------------------------------
// The drafter

const FOUNDER_TITLE = /\b(?:co-?\s?founder|founder|ceo|chief executive|cto|chief technology officer|owner|managing director)\b/i;
const FEATURES_HEADING =
  /^(?:(?:key|core|main|our|product|all|top)\s+)?features\b|^what you (?:get|can do)\b|^capabilities\b|^everything you need\b/i;
const USPS_HEADING = /^why\b|\bbenefits\b|\bwhat makes\b.*\bdifferent\b|\badvantages\b|^why choose\b/i;
const FAQ_HEADING = /\bFAQs?\b|frequently asked|common questions|questions (?:&|and) answers/i;
const TEAM_HEADING = /\bteam\b|\bfounders?\b|\bpeople\b|who we are|leadership|meet us/i;
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PLACEHOLDER_EMAIL =
  /@(?:example\.(?:com|org|net)|email\.com|domain\.com|yourcompany\.com|sentry\.io)$|^(?:no-?reply|donotreply)@|\.(?:png|jpe?g|gif|webp|svg)$/i;

export function createExtractiveDrafter(): Drafter {
  return {
    kind: 'extractive',
    async draft(pages, options) {
      // Loaded at the first draft, not at start-up (a third of a second, a few MB).
      await Promise.all([loadGazetteer(), loadNameReader()]);
      return extract(pages, options?.only);
    },
  };
}

/**
 * Reads the pages once and drafts each profile field from them in turn (one function per field or
 * group of fields that share their sources); FAQs, founders and socials follow for a full draft.
 */
function extract(pages: readonly CrawledPage[], only: readonly ProfileField[] | undefined): DraftProposal {
  const site = readSite(pages, only);
  if (!site) return emptyProposal();
  for (const draftFields of FIELD_DRAFTERS) draftFields(site);
  // FAQs, founders and socials are not profile fields: a redraft limited by `only` leaves them out.
  if (!only) {
    extractFaqs(site.ordered, site.proposal, site.ev);
    extractFounders(site.ordered, site.proposal, site.ev, site.linkEv);
    extractFoundersInProse(site.ordered, site.proposal, site.ev);
    extractSocials(site.ordered, site.home, site.proposal, site.linkEv);
  }
  return site.proposal;
}

/** The pages as read for drafting, the proposal being filled, and the helpers every field uses. */
interface SiteReading {
  proposal: DraftProposal;
  only: readonly ProfileField[] | undefined;
  parsed: ParsedPage[];
  home: ParsedPage;
  /** The home page first, then the others. */
  ordered: ParsedPage[];
  about: ParsedPage[];
  homeAndAbout: ParsedPage[];
  siteHost: string;
  wants(field: ProfileField): boolean;
  ev: Ev;
  linkEv: LinkEv;
  /** Proposes a text value when the field is wanted, still empty, within its bound and quoted. */
  setText(field: TextField, value: string | undefined, evidence: (Evidence | null)[]): boolean;
  usable(s: string | undefined): s is string;
  orgs(pp: ParsedPage): JsonNode[];
  apps(pp: ParsedPage): JsonNode[];
}

function readSite(pages: readonly CrawledPage[], only: readonly ProfileField[] | undefined): SiteReading | undefined {
  const proposal: DraftProposal = emptyProposal();
  const parsed = pages.filter((p) => p && typeof p.url === 'string').map(parsePage);
  if (!parsed.length) return undefined;
  const home = parsed.find((pp) => pp.path === '/' || /^\/index\.html?$/.test(pp.path)) ?? parsed[0];
  const ordered = [home, ...parsed.filter((pp) => pp !== home)];
  const about = parsed.filter((pp) => /\/(?:about|company|our-story|story|who-we-are|team)(?:\/|$|\.html?)/.test(pp.path));
  const homeAndAbout = [home, ...about.filter((pp) => pp !== home)];
  const siteHost = hostWithoutWww(home.url.hostname);

  const wants = (field: ProfileField): boolean => !only || only.includes(field);
  const ev = (pp: ParsedPage, raw: string | undefined): Evidence | null => {
    if (!raw) return null;
    let quote = collapseWhitespace(raw);
    if (quote.length > QUOTE_MAX) quote = cutAtWord(quote, QUOTE_MAX);
    return quoteProblem(pp.page, quote) ? null : { quote, url: pp.page.url };
  };
  /** A link is quoted as the crawler keeps it (absolute, in "text: href" markup), else as written. */
  const linkEv = (pp: ParsedPage, raw: string, resolved: URL | null): Evidence | null => {
    if (resolved) {
      const absolute = new URL(resolved.href);
      absolute.hash = '';
      const found = ev(pp, absolute.href);
      if (found) return found;
    }
    return ev(pp, raw);
  };
  const setText = (field: TextField, value: string | undefined, evidence: (Evidence | null)[]): boolean => {
    if (!wants(field) || proposal.fields[field] || !value) return false;
    const quotes = evidence.filter((e): e is Evidence => e !== null);
    if (!quotes.length || value.length > TEXT_FIELDS[field] || looksLikeInstruction(value)) return false;
    proposal.fields[field] = { value, evidence: quotes };
    return true;
  };
  const usable = (s: string | undefined): s is string => !!s && !looksLikeInstruction(s);

  const orgs = (pp: ParsedPage): JsonNode[] => pp.jsonLd.filter((n) => isType(n, ORG_TYPES));
  const apps = (pp: ParsedPage): JsonNode[] => pp.jsonLd.filter((n) => isType(n, APP_TYPES));

  return { proposal, only, parsed, home, ordered, about, homeAndAbout, siteHost, wants, ev, linkEv, setText, usable, orgs, apps };
}

const FIELD_DRAFTERS: readonly ((site: SiteReading) => void)[] = [
  draftName,
  draftTaglineAndShortDescription,
  draftDescription,
  draftPricing,
  draftPlaceAndYear,
  draftContactEmail,
  draftLogo,
  draftDemoVideo,
  draftFeaturesAndUsps,
  draftKeywords,
];

/** The name: og:site_name, JSON-LD names, else the part of the home page title the domain names. */
function draftName(site: SiteReading): void {
  const { home, ordered, siteHost, wants, ev, setText, usable, orgs, apps } = site;
  if (wants('name')) {
    for (const pp of ordered) {
      const site = metaContent(pp, 'og:site_name');
      if (usable(site) && setText('name', collapseWhitespace(site), [ev(pp, site)])) break;
      const named = [...orgs(pp), ...apps(pp), ...pp.jsonLd.filter((n) => isType(n, /^WebSite$/))].map((n) => str(n.name)).find(usable);
      if (named && setText('name', collapseWhitespace(named), [ev(pp, named)])) break;
    }
    // The title's part that the domain names ("Kanban boards | Tallyboard" on tallyboard.io), else its first part.
    const title = collapseWhitespace(home.page.title || home.titleText);
    const parts = title
      .split(/\s+[|–—·:-]\s+|:\s+/)
      .map((t) => t.trim())
      .filter(Boolean);
    const squash = (t: string): string => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    const named = parts.find((t) => squash(t).length >= 2 && siteHost.replace(/[^a-z0-9]+/g, '').includes(squash(t))) ?? parts[0];
    if (usable(title) && named) setText('name', named, [ev(home, title)]);
  }
}

/** The tagline (a first sentence of a description, else a main heading) and the short description (the meta description). */
function draftTaglineAndShortDescription(site: SiteReading): void {
  const { proposal, homeAndAbout, ev, setText, usable } = site;
  const name = proposal.fields.name?.value as string | undefined;
  const descriptions: { pp: ParsedPage; key: string; text: string }[] = [];
  for (const pp of homeAndAbout) {
    for (const key of ['og:description', 'description', 'twitter:description']) {
      const content = metaContent(pp, key);
      if (usable(content) && !descriptions.some((d) => d.text === collapseWhitespace(content)))
        descriptions.push({ pp, key, text: collapseWhitespace(content) });
    }
  }
  for (const { pp, text } of descriptions) {
    const sentence = firstSentence(text);
    if (sentence.length >= 10 && sentence.length <= 200 && sentence !== name && setText('tagline', sentence, [ev(pp, sentence)])) break;
  }
  if (!proposal.fields.tagline) {
    for (const pp of homeAndAbout) {
      const heading = pp.blocks.find(
        (b) => /^h[12]$/.test(b.el.name) && b.text.length >= 10 && b.text.length <= 200 && b.text !== name && usable(b.text),
      );
      if (heading && setText('tagline', heading.text, [ev(pp, heading.text)])) break;
    }
  }
  const tagline = proposal.fields.tagline?.value as string | undefined;
  // The meta description reads as a short description; Open Graph's often repeats the tagline.
  const byPreference = [...descriptions].sort((a, b) => Number(a.key !== 'description') - Number(b.key !== 'description'));
  for (const { pp, text } of byPreference) {
    if (
      text !== tagline &&
      text.length >= 30 &&
      text.length <= TEXT_FIELDS.short_description &&
      setText('short_description', text, [ev(pp, text)])
    )
      break;
  }
}

/** The description: the descriptive paragraphs of home and about (and a short description when meta had none). */
function draftDescription(site: SiteReading): void {
  const { proposal, homeAndAbout, wants, ev, setText, usable } = site;
  const tagline = proposal.fields.tagline?.value as string | undefined;
  const paragraphs: { pp: ParsedPage; text: string }[] = [];
  for (const pp of homeAndAbout) {
    let lastHeading = '';
    for (const el of pp.elements) {
      if (headingLevel(el)) lastHeading = textOf(el);
      if (el.name !== 'p' || insideTag(el, ['nav', 'footer', 'form', 'aside', 'button', 'details', 'dd', 'blockquote', 'figure'])) continue;
      // Answers under an FAQ heading or a question are FAQs, not description.
      if (FAQ_HEADING.test(lastHeading) || lastHeading.endsWith('?')) continue;
      const text = textOf(el);
      if (text.length < 80 || text.split(' ').length < 12 || !usable(text) || /cookie|all rights reserved|©/i.test(text)) continue;
      if (paragraphs.some((p) => p.text === text)) continue;
      paragraphs.push({ pp, text });
    }
  }
  if (!proposal.fields.short_description) {
    const first = paragraphs.find((p) => p.text.length <= TEXT_FIELDS.short_description && p.text !== tagline);
    if (first) setText('short_description', first.text, [ev(first.pp, first.text)]);
  }
  if (wants('description') && paragraphs.length) {
    const chosen: typeof paragraphs = [];
    let length = 0;
    for (const p of paragraphs) {
      if (chosen.length >= 8 || length + p.text.length + 2 > 6000) break;
      chosen.push(p);
      length += p.text.length + 2;
    }
    setText(
      'description',
      chosen.map((p) => p.text).join('\n\n'),
      chosen.map((p) => ev(p.pp, p.text)),
    );
  }
}

/** The pricing model and summary: from pricing pages only, explicit words; else offers in JSON-LD. */
function draftPricing(site: SiteReading): void {
  const { proposal, parsed, wants } = site;
  for (const pp of parsed.filter(isPricingPage)) {
    draftPricingModel(site, pp);
    if (wants('pricing_summary') && !proposal.fields.pricing_summary) draftPlansSummary(site, pp);
  }
  if (wants('pricing_summary') && !proposal.fields.pricing_summary) draftPricingSection(site);
  draftPricingInProse(site);
  draftOffersSummary(site);
  draftFreeOnly(site);
}

/** The pricing model from a pricing page's explicit words and prices. */
function draftPricingModel(site: SiteReading, pp: ParsedPage): void {
  const { ev, setText, usable } = site;
  const blocks = pp.blocks.filter((b) => b.text.length <= 300 && usable(b.text));
  // A question ("Processing more than $1M a year? Let's talk.") states no price of the product.
  const statements = new Map(blocks.map((b) => [b, b.text.replace(/[^.!?]*\?/g, ' ')]));
  const find = (re: RegExp, extra: (t: string) => boolean = () => true) =>
    blocks.find((b) => re.test(statements.get(b) ?? '') && extra(statements.get(b) ?? ''));
  const paidPrice = find(PRICE, (t) => !ZERO_PRICE.test(t) || (t.match(new RegExp(PRICE.source, 'g')) ?? []).length > 1);
  const freemium = find(/\bfreemium\b/i);
  const freePlan = find(FREE_PLAN) ?? find(ZERO_PRICE);
  // "No subscription. Buy once." says the opposite of a subscription.
  const recurring = find(RECURRING, (t) => PRICE.test(t) && !NOT_RECURRING.test(t)) ?? find(RECURRING, (t) => !NOT_RECURRING.test(t));
  const oneTime = find(ONE_TIME);
  const freeOnly = find(FREE_ONLY);
  if (freemium) setText('pricing_model', 'freemium', [ev(pp, freemium.text)]);
  else if (freePlan && paidPrice) setText('pricing_model', 'freemium', [ev(pp, freePlan.text), ev(pp, paidPrice.text)]);
  else if (paidPrice && oneTime && !recurring) setText('pricing_model', 'one-time', [ev(pp, oneTime.text)]);
  else if (paidPrice && recurring) setText('pricing_model', 'subscription', [ev(pp, recurring.text)]);
  else if (paidPrice) setText('pricing_model', 'paid', [ev(pp, paidPrice.text)]);
  else if (freeOnly) setText('pricing_model', 'free', [ev(pp, freeOnly.text)]);
}

const PRICING_SECTION =
  /^(?:pricing|plans|prices|plans (?:&|and) pric(?:ing|es)|pricing (?:&|and) plans|simple pricing|choose (?:a|your) plan)$/i;

/** Plans under a "Pricing" heading of a page that is not a pricing page (a one-page site): the summary, and the model from its prices. */
function draftPricingSection(site: SiteReading): void {
  const { parsed, ev, setText } = site;
  for (const pp of parsed.filter((page) => !isPricingPage(page))) {
    const heading = pp.elements.find((el) => headingLevel(el) > 0 && PRICING_SECTION.test(textOf(el)));
    if (!heading) continue;
    const section = sectionAfter(pp, heading);
    draftPlansSummary(site, pp, new Set(section));
    const prices = pp.blocks.filter((b) => section.includes(b.el) && b.text.length <= 120 && PRICE.test(b.text));
    const recurring = prices.find((b) => RECURRING.test(b.text));
    const free = prices.find((b) => ZERO_PRICE.test(b.text));
    const paid = prices.find((b) => !ZERO_PRICE.test(b.text));
    if (free && paid) setText('pricing_model', 'freemium', [ev(pp, free.text), ev(pp, paid.text)]);
    else if (recurring) setText('pricing_model', 'subscription', [ev(pp, recurring.text)]);
    if (site.proposal.fields.pricing_summary) return;
  }
}

/** "Free: $0; Pro: $12/mo; ...": every plan of the page with its price, each quoted (a price too short to quote alone by its passage). */
function draftPlansSummary(site: SiteReading, pp: ParsedPage, within?: ReadonlySet<Element>): void {
  const { ev, setText } = site;
  const parts: string[] = [];
  const quotes: (Evidence | null)[] = [];
  for (const plan of pricingPlans(pp, within)) {
    const part = `${plan.name}: ${plan.price}`;
    if ([...parts, part].join('; ').length > TEXT_FIELDS.pricing_summary) break;
    const nameQuote = ev(pp, plan.name);
    const priceQuote = ev(pp, plan.price) ?? ev(pp, plan.passage);
    if (!nameQuote || !priceQuote) continue;
    parts.push(part);
    quotes.push(nameQuote, priceQuote);
  }
  if (parts.length) setText('pricing_summary', parts.join('; '), quotes);
}

/** Offers in JSON-LD (SoftwareApplication / Product offers), when no page states the plans. */
function draftOffersSummary(site: SiteReading): void {
  const { proposal, ordered, wants, ev, setText, usable, apps } = site;
  if (!wants('pricing_summary') || proposal.fields.pricing_summary) return;
  for (const pp of ordered) {
    const parts: string[] = [];
    const quotes: (Evidence | null)[] = [];
    for (const app of apps(pp)) {
      for (const offer of asArray(app.offers).flatMap((o) => (isType(o, /^AggregateOffer$/) ? asArray((o as JsonNode).offers) : [o]))) {
        if (!offer || typeof offer !== 'object') continue;
        const o = offer as JsonNode;
        const price = typeof o.price === 'number' ? String(o.price) : str(o.price);
        const currency = str(o.priceCurrency) ?? '';
        const offerName = str(o.name);
        if (price === undefined || !usable(offerName ?? price)) continue;
        const part = `${offerName ? `${collapseWhitespace(offerName)}: ` : ''}${Number(price) === 0 ? 'free' : `${price} ${currency}`.trim()}`;
        if ([...parts, part].join('; ').length > TEXT_FIELDS.pricing_summary) break;
        const quote = ev(pp, offerName) ?? ev(pp, price);
        if (!quote) continue;
        parts.push(part);
        quotes.push(quote, ev(pp, price));
      }
    }
    if (parts.length && setText('pricing_summary', parts.join('; '), quotes)) break;
  }
}

/** A sentence that states the product's price ("Free for up to 3 users, then $8 a month."), on any page: summary and model. */
function draftPricingInProse(site: SiteReading): void {
  const { proposal, ordered, wants, ev, setText, usable } = site;
  if (!wants('pricing_summary') || proposal.fields.pricing_summary) return;
  for (const pp of ordered) {
    for (const block of pp.blocks) {
      if (block.text.length > 1000 || !usable(block.text)) continue;
      for (const sentence of sentencesOf(block.text)) {
        if (sentence.length > TEXT_FIELDS.pricing_summary || !PRICE.test(sentence) || OTHERS_PRICE.test(sentence)) continue;
        const free = FREE_PLAN.test(sentence) || /\bfree for up to\b|\bfree (?:up to|for the first)\b/i.test(sentence);
        const recurring = RECURRING.test(sentence);
        if (!free && !recurring && !ONE_TIME.test(sentence)) continue;
        const quote = ev(pp, sentence);
        if (!quote) continue;
        setText('pricing_summary', sentence, [quote]);
        setText('pricing_model', free ? 'freemium' : recurring ? 'subscription' : 'one-time', [quote]);
        return;
      }
    }
  }
}

/** A site without a pricing page that states it is free ("completely free and open source"): the model, from home, about or FAQ. */
function draftFreeOnly(site: SiteReading): void {
  const { proposal, parsed, homeAndAbout, ev, setText, usable } = site;
  if (proposal.fields.pricing_model || proposal.fields.pricing_summary || parsed.some(isPricingPage)) return;
  const pages = [...homeAndAbout, ...parsed.filter((pp) => /\/(?:faqs?|questions)(?:\/|$|\.html?)/.test(pp.path))];
  for (const pp of pages) {
    for (const block of pp.blocks) {
      if (block.text.length > 1000 || !usable(block.text)) continue;
      const sentence = sentencesOf(block.text).find((t) => FREE_ONLY.test(t) && !PRICE.test(t) && !/\btrial\b/i.test(t));
      if (sentence && setText('pricing_model', 'free', [ev(pp, sentence)])) return;
    }
  }
}

/** Country, city and founding year: JSON-LD Organization, then explicit statements. */
function draftPlaceAndYear(site: SiteReading): void {
  const { ordered, ev, setText, usable, orgs } = site;
  for (const pp of ordered) {
    for (const org of orgs(pp)) {
      for (const address of asArray(org.address)) {
        if (!address || typeof address !== 'object') continue;
        const a = address as JsonNode;
        const countryRaw = str(a.addressCountry) ?? str((a.addressCountry as JsonNode | undefined)?.name);
        const code = countryRaw && countryCode(countryRaw);
        if (countryRaw && code) setText('country', code, [ev(pp, countryRaw)]);
        const city = str(a.addressLocality);
        if (usable(city)) setText('city', collapseWhitespace(city), [ev(pp, city)]);
      }
      const founding = str(org.foundingDate);
      const year = founding && /^\s*((?:18|19|20)\d\d)\b/.exec(founding)?.[1];
      if (founding && year) setText('founded_year', year, [ev(pp, founding)]);
    }
  }
  draftFoundedYearInText(site);
  draftPlaceInText(site);
}

const FOUNDED_YEAR =
  /\b(?:founded|established|incorporated|est\.):?(?:\s+by\s+[A-Z][\p{L}'-]+(?:\s+(?:and|&)?\s*[A-Z][\p{L}'-]+){0,5})?(?:\s+(?:in|on))?(?:\s+[A-Z][\p{L}'-]+(?:,?\s+[A-Z][\p{L}'-]+)?\s+in)?\s+(?:[A-Z][a-z]+\s+)?((?:18|19|20)\d\d)\b/iu;

/** The pages whose sentences speak for the company first (home and about), then the others. */
const homeAndAboutFirst = (site: SiteReading): ParsedPage[] => [
  ...site.homeAndAbout,
  ...site.ordered.filter((page) => !site.homeAndAbout.includes(page)),
];

/** A company's legal form after its name ("Crateforge GmbH", "Acme Ltd."). */
const LEGAL_FORM =
  /^(?:\p{Lu}[\p{L}\d&'’-]*\s+){1,3}(?:GmbH|AG|UG|KG|Ltd\.?|Limited|Inc\.?|LLC|LLP|B\.V\.|BV|SAS|SARL|S\.L\.|Lda\.?|AB|ApS|A\/S|Oy|Pty Ltd|d\.o\.o\.|s\.r\.o\.|S\.r\.l\.|SRL|SpA|plc|PBC)(?=[\s,])/u;
/** Someone else's time with the product ("customers since 2019", "we've used it since 2020"), or a quotation. */
const NOT_OWN_YEAR =
  /\b(?:customers?|clients?|users?|members?|subscribers?|partners?|using|used|use|been with|switched)\b|[“”"«»]|\b(?:says|said|writes|wrote)\b/i;

/** "founded in 2019", "Est. 2015", "Ledgerly started in 2016", "We started Ferryman in 2022", "Started in 2020", "X GmbH is ... building tools since 2019". */
function draftFoundedYearInText(site: SiteReading): void {
  const { proposal, ev, setText, usable } = site;
  const name = proposal.fields.name?.value as string | undefined;
  const escapedName = name ? name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : undefined;
  const subject = ['I', 'we', 'it', 'the company', ...(escapedName ? [escapedName] : [])].join('|');
  const started = new RegExp(
    `\\b(?:${subject})\\s+(?:started|began|was started|launched)\\s+(?:(?:${subject}|the company|this)\\s+)?(?:back\\s+)?in\\s+((?:18|19|20)\\d\\d)\\b|^(?:Started|Launched|Born) in ((?:18|19|20)\\d\\d)\\b`,
    'i',
  );
  const since = /\bsince ((?:18|19|20)\d\d)\b/;
  const companySubject = new RegExp(
    `^(?:we\\b|we['’](?:ve|re)\\b|our (?:company|team|studio)\\b|the company\\b${escapedName ? `|${escapedName}\\b` : ''})`,
    'i',
  );
  for (const pp of homeAndAboutFirst(site)) {
    // A company-overview table: "Established | April 2021", "Founded | 2018".
    for (const row of pp.elements.filter((el) => el.name === 'tr')) {
      const cells = childElements(row).filter((c) => c.name === 'th' || c.name === 'td');
      if (
        cells.length !== 2 ||
        !/^(?:founded|established|incorporated|founding (?:date|year)|year founded)$/i.test(textOf(cells[0]).trim())
      )
        continue;
      const value = textOf(cells[1]);
      const year = /^(?:[\p{L}]+\.? )?(?:\d{1,2}\.? )?(?:[\p{L}]+\.? )?((?:18|19|20)\d\d)\b/u.exec(value.trim());
      if (year && value.length <= 40 && setText('founded_year', year[1], [ev(pp, value)])) return;
    }
    for (const b of pp.blocks) {
      if (!usable(b.text)) continue;
      const founded = FOUNDED_YEAR.exec(b.text);
      if (founded && setText('founded_year', founded[1], [ev(pp, founded[0])])) return;
      if (b.text.length > 1000 || inQuotation(b.el)) continue;
      for (const sentence of sentencesOf(b.text)) {
        const start = started.exec(sentence);
        if (start && setText('founded_year', start[1] ?? start[2], [ev(pp, start[0])])) return;
        const year = since.exec(sentence);
        if (!year || NOT_OWN_YEAR.test(sentence) || !(companySubject.test(sentence) || LEGAL_FORM.test(sentence))) continue;
        if (setText('founded_year', year[1], [ev(pp, sentence.slice(0, year.index + year[0].length))])) return;
      }
    }
  }
}

/** City and country: addresses, "HQ:" lines and sentences such as "based in Lyon, France" or "Made in Ljubljana". */
function draftPlaceInText(site: SiteReading): void {
  const { proposal, ev, setText, usable } = site;
  const names = [proposal.fields.name?.value as string | undefined].filter((n): n is string => !!n);
  for (const pp of homeAndAboutFirst(site)) {
    const statements: { text: string; isAddress: boolean; quoted?: string }[] = [
      ...pp.elements.filter((el) => el.name === 'address').map((el) => ({ text: textOf(el), isAddress: true })),
      ...linesOfAddresses(pp),
      ...pp.blocks.flatMap((b) =>
        b.text.length > 1000 || inQuotation(b.el) ? [] : sentencesOf(b.text).map((text) => ({ text, isAddress: false })),
      ),
    ];
    for (const { text, isAddress, quoted } of statements) {
      if (!usable(text)) continue;
      for (const place of placesIn(text, isAddress, names)) {
        const quote = ev(pp, quoted ?? place.quote);
        if (place.city) setText('city', place.city, [quote]);
        if (place.country) setText('country', place.country, [quote]);
      }
      if (proposal.fields.city && proposal.fields.country) return;
    }
  }
}

/**
 * An address written over lines ("Keizersgracht 221<br>1016 DV Amsterdam<br>The Netherlands"): its lines read as the
 * parts of one address, quoted as the element's text. The element holds nothing but text and line breaks.
 */
function linesOfAddresses(pp: ParsedPage): { text: string; isAddress: boolean; quoted: string }[] {
  const found: { text: string; isAddress: boolean; quoted: string }[] = [];
  for (const el of pp.elements) {
    if (el.name === 'address' || !el.children.some((c) => c.type === 'tag' && (c as Element).name === 'br')) continue;
    if (el.children.some((c) => c.type === 'tag' && !/^(?:br|span|strong|b)$/.test((c as Element).name)) || inQuotation(el)) continue;
    const lines: string[] = [];
    let line = '';
    for (const child of el.children) {
      if (child.type === 'tag' && (child as Element).name === 'br') {
        lines.push(line);
        line = '';
      } else line += child.type === 'text' ? (child as unknown as { data: string }).data : textOf(child as Element);
    }
    lines.push(line);
    const text = lines.map(collapseWhitespace).filter(Boolean).join(', ');
    if (text.length <= 300 && /\d/.test(text)) found.push({ text, isAddress: false, quoted: textOf(el) });
  }
  return found.slice(0, 20);
}

/** The contact address: a mailto link, else a visible address (the site's own domain first). */
function draftContactEmail(site: SiteReading): void {
  const { ordered, siteHost, wants, ev, setText } = site;
  if (wants('contact_email')) {
    const candidates: { pp: ParsedPage; email: string; quote: string }[] = [];
    for (const pp of ordered) {
      pp.anchors.forEach((a) => {
        const href = a.attribs.href ?? '';
        if (!/^mailto:/i.test(href)) return;
        const email = decodeUriComponentSafely(href.replace(/^mailto:/i, '').split('?')[0]).trim();
        let quote = href;
        try {
          quote = new URL(href.trim()).href;
        } catch {
          // keep the href as written
        }
        if (email && !PLACEHOLDER_EMAIL.test(email)) candidates.push({ pp, email, quote });
      });
      for (const b of pp.blocks)
        for (const m of b.text.matchAll(EMAIL_IN_TEXT))
          if (!PLACEHOLDER_EMAIL.test(m[0])) candidates.push({ pp, email: m[0], quote: m[0] });
      // The organisation's e-mail in JSON-LD (its own, or its contact point's), quoted from the markup.
      for (const org of site.orgs(pp))
        for (const raw of [org.email, ...asArray(org.contactPoint).map((c) => (c as JsonNode | undefined)?.email)]) {
          const email = str(raw)
            ?.replace(/^mailto:/i, '')
            .trim();
          if (email && EMAIL_IN_TEXT.test(email) && !PLACEHOLDER_EMAIL.test(email))
            candidates.push({ pp, email, quote: str(raw) ?? email });
          EMAIL_IN_TEXT.lastIndex = 0;
        }
    }
    const ownDomain = candidates.filter((c) => {
      const domain = hostWithoutWww(c.email.split('@')[1] ?? '');
      return domain === siteHost || domain.endsWith(`.${siteHost}`);
    });
    for (const c of [...ownDomain, ...candidates]) if (setText('contact_email', c.email, [ev(c.pp, c.quote), ev(c.pp, c.email)])) break;
  }
}

/** The logo: JSON-LD logo, or og:image when it is a logo. */
function draftLogo(site: SiteReading): void {
  const { ordered, wants, linkEv, setText, orgs, apps } = site;
  if (wants('logo_url')) {
    outer: for (const pp of ordered) {
      for (const node of [...orgs(pp), ...apps(pp)]) {
        const logo =
          str(node.logo) ?? str((node.logo as JsonNode | undefined)?.url) ?? str((node.logo as JsonNode | undefined)?.contentUrl);
        const u = logo && resolveUrl(logo, pp.url);
        if (logo && u && u.href.length <= TEXT_FIELDS.logo_url && setText('logo_url', u.href, [linkEv(pp, logo, u)])) break outer;
      }
      const image = metaContent(pp, 'og:image', 'og:image:url');
      const u = image && resolveUrl(image, pp.url);
      if (image && u && /logo/i.test(u.pathname) && setText('logo_url', u.href, [linkEv(pp, image, u)])) break;
    }
    if (!site.proposal.fields.logo_url) draftLogoImage(site);
    if (!site.proposal.fields.logo_url) draftTouchIcon(site);
    if (!site.proposal.fields.logo_url) draftSvgIcon(site);
  }
}

/** Words by which an image names itself a site's logo (the crawler keeps such an image's address). */
const LOGO_IMAGE = /(?:^|[^a-z])(?:logo|logotype|wordmark)(?:$|[^a-z])/i;

/**
 * The home page's own logo image: an `<img>` whose class, id, alt or file name says logo, in the page's header or
 * navigation or inside a link to the home page (a customer's logo further down is not the site's).
 */
function draftLogoImage(site: SiteReading): void {
  const { home, linkEv, setText } = site;
  const homeHref = new URL('/', home.url).href;
  const linksHome = (img: Element): boolean => {
    for (let p = img.parent as Element | null; p && p.type === 'tag'; p = p.parent as Element | null)
      if (p.name === 'a') return resolveUrl(p.attribs.href ?? '', home.url)?.href === homeHref;
    return false;
  };
  for (const img of home.elements) {
    if (img.name !== 'img' || !img.attribs.src) continue;
    const { src } = img.attribs;
    const names = `${img.attribs.class ?? ''} ${img.attribs.id ?? ''} ${img.attribs.alt ?? ''} ${src.split(/[?#]/)[0].split('/').pop() ?? ''}`;
    if (!LOGO_IMAGE.test(names) || !(linksHome(img) || insideTag(img, ['header', 'nav']))) continue;
    const u = resolveUrl(src, home.url);
    if (u && u.href.length <= TEXT_FIELDS.logo_url && setText('logo_url', u.href, [linkEv(home, src, u)])) return;
  }
}

/** An icon made to stand for the site at a size (an apple-touch-icon, an icon of 128 pixels or more), not a tab's favicon. */
function draftTouchIcon(site: SiteReading): void {
  const { home, linkEv, setText } = site;
  for (const link of home.linkTags) {
    const { rel = '', href = '', sizes = '' } = link.attribs;
    const touch = /(?:^|\s)apple-touch-icon(?:-precomposed)?(?:\s|$)/i.test(rel);
    const large =
      /(?:^|\s)icon(?:\s|$)/i.test(rel) && Math.min(...(/^(\d+)x(\d+)/i.exec(sizes.trim())?.slice(1).map(Number) ?? [0])) >= 128;
    if (!href || !(touch || large)) continue;
    const u = resolveUrl(href, home.url);
    if (u && u.href.length <= TEXT_FIELDS.logo_url && setText('logo_url', u.href, [linkEv(home, href, u)])) return;
  }
}

/** When nothing better names the logo: the home page's SVG icon (`<link rel="icon" href="/favicon.svg" type="image/svg+xml">`), which scales as a logo does. */
function draftSvgIcon(site: SiteReading): void {
  const { home, linkEv, setText } = site;
  for (const link of home.linkTags) {
    const { rel = '', href = '', type = '' } = link.attribs;
    if (!/(?:^|\s)(?:icon|mask-icon)(?:\s|$)/i.test(rel) || !href) continue;
    const u = resolveUrl(href, home.url);
    if (!u || !(/^image\/svg\+xml$/i.test(type.trim()) || /\.svg$/i.test(u.pathname)) || u.href.length > TEXT_FIELDS.logo_url) continue;
    if (setText('logo_url', u.href, [linkEv(home, href, u)])) return;
  }
}

/** A demo video: a YouTube or Vimeo link or embed. */
function draftDemoVideo(site: SiteReading): void {
  const { ordered, wants, linkEv, setText } = site;
  if (wants('demo_video_url')) {
    outer: for (const pp of ordered) {
      const raws = [
        ...pp.anchors.map((a) => a.attribs.href ?? ''),
        ...pp.iframes.map((f) => f.attribs.src ?? ''),
        ...pp.jsonLd.filter((n) => isType(n, /^VideoObject$/)).flatMap((n) => [str(n.embedUrl), str(n.contentUrl)]),
      ];
      for (const raw of raws) {
        if (!raw || !VIDEO.test(raw.trim())) continue;
        const u = resolveUrl(raw, pp.url);
        if (u && setText('demo_video_url', u.href, [linkEv(pp, raw, u)])) break outer;
      }
    }
  }
}

/** Features and USPs: list items under their headings; features, when no heading names them, from the first feature list or cards. */
function draftFeaturesAndUsps(site: SiteReading): void {
  const { proposal, parsed, home, about, wants, ev } = site;
  const collect = (
    field: 'features' | 'usps',
    pp: ParsedPage,
    candidates: (string | undefined)[],
    into: { items: string[]; quotes: Evidence[] },
  ): void => {
    for (const item of candidates) {
      // The same feature listed on the home page and on /features is one ("Build caching" and "Build caching.").
      if (!item || into.items.some((i) => listKey(i) === listKey(item)) || into.items.length >= LIST_MAX_ITEMS) continue;
      const quote = ev(pp, item);
      if (!quote) continue;
      into.items.push(item);
      into.quotes.push(quote);
    }
    if (into.items.length) proposal.fields[field] = { value: into.items, evidence: into.quotes };
  };
  const listUnder = (field: 'features' | 'usps', headingRe: RegExp, pagesToRead: ParsedPage[]): void => {
    if (!wants(field)) return;
    const found = { items: [] as string[], quotes: [] as Evidence[] };
    for (const pp of pagesToRead) {
      for (const heading of pp.elements.filter((el) => headingLevel(el) > 0 && headingRe.test(textOf(el))).slice(0, MAX_SECTIONS)) {
        const section = withoutIntegrations(sectionAfter(pp, heading));
        let entries = section.filter((el) => el.name === 'li' && !insideTag(el, ['nav', 'footer']));
        if (!entries.length) entries = subHeadings(section, headingLevel(heading));
        // A list whose every entry starts with a title ("<strong>Receipt matching</strong> from your inbox"): the titles.
        const leads = new Map<Element, string>();
        for (const list of new Set(entries.filter((el) => el.name === 'li').map((el) => el.parent as Element))) {
          const items = list.children.filter((c): c is Element => c.type === 'tag' && (c as Element).name === 'li');
          for (const [i, lead] of (leadsOfList(items) ?? []).entries()) leads.set(items[i], lead);
        }
        collect(
          field,
          pp,
          entries.map((el) => leads.get(el) ?? listItem(el)),
          found,
        );
      }
    }
  };
  const isFeaturePage = (pp: ParsedPage): boolean =>
    /\/(?:features?|product|tour)(?:\/|$|\.html?)/.test(pp.path) ||
    pp.elements.some((el) => headingLevel(el) === 1 && FEATURES_HEADING.test(textOf(el)));
  const featurePages = [home, ...parsed.filter((pp) => pp !== home && isFeaturePage(pp))];
  listUnder('features', FEATURES_HEADING, featurePages);
  if (wants('features') && !proposal.fields.features) {
    // No heading says "Features": the home page's first feature list or cards, else each features page's.
    const found = { items: [] as string[], quotes: [] as Evidence[] };
    const names = productNamesOf(site);
    const fromHome = firstFeatureGroup(home, names);
    if (fromHome) collect('features', home, fromHome, found);
    else for (const pp of featurePages.slice(1)) collect('features', pp, firstFeatureGroup(pp, names) ?? [], found);
  }
  listUnder('usps', USPS_HEADING, [...featurePages, ...about.filter((pp) => !featurePages.includes(pp))]);
}

/** The product's name as drafted (a team row naming it is no row of people). */
const productNamesOf = (site: SiteReading): string[] => {
  const name = site.proposal.fields.name?.value;
  return typeof name === 'string' ? [name] : [];
};

/** A list item folded for comparison: case, accents, punctuation and spacing ignored. */
const listKey = (item: string): string =>
  normaliseForMatch(item)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** A section without its integrations part (an "Integrations" or "Connects with" heading and what follows it): other products, not features. */
function withoutIntegrations(section: Element[]): Element[] {
  let skipping = false;
  return section.filter((el, i) => {
    // An integrations heading over a list (of other products) is left out with it; one over a line of text is a feature
    // card among others ("WhatsApp Business integration": sends and receives in WhatsApp).
    if (headingLevel(el)) skipping = INTEGRATIONS_HEADING.test(textOf(el)) && listFollows(section, i);
    return !skipping;
  });
}

/** Whether a list item follows the heading at `at`, before the next heading. */
function listFollows(section: Element[], at: number): boolean {
  for (let i = at + 1; i < section.length && !headingLevel(section[i]); i++)
    if (section[i].name === 'li' || section[i].name === 'img') return true;
  return false;
}

/** Keywords: meta keywords. */
function draftKeywords(site: SiteReading): void {
  const { proposal, ordered, wants, ev, usable } = site;
  if (wants('keywords')) {
    for (const pp of ordered) {
      const content = metaContent(pp, 'keywords');
      if (!usable(content)) continue;
      const items = [
        ...new Set(
          content
            .split(/[,;]/)
            .map(collapseWhitespace)
            .filter((k) => k && k.length <= LIST_ITEM_MAX),
        ),
      ].slice(0, LIST_MAX_ITEMS);
      const quotes: (Evidence | null)[] = [];
      let chunk = '';
      for (const part of collapseWhitespace(content).split(/(?<=,)/)) {
        if (chunk && (chunk + part).length > QUOTE_MAX) {
          quotes.push(ev(pp, chunk.replace(/,\s*$/, '')));
          chunk = '';
        }
        chunk += part;
      }
      if (chunk) quotes.push(ev(pp, chunk.replace(/,\s*$/, '')));
      const kept = quotes.filter((q): q is Evidence => q !== null);
      if (items.length && kept.length) {
        proposal.fields.keywords = { value: items, evidence: kept };
        break;
      }
    }
  }
}

/**
 * A list entry as a short item: its bold lead when the lead is a title of its own ("<b>Canned
 * responses.</b> Save answers..."), else the whole text, else its bold lead, else its first sentence.
 */
function listItem(el: Element): string | undefined {
  const text = textOf(el);
  if (!text || looksLikeInstruction(text)) return undefined;
  const lead = el.children.find((c) => c.type === 'tag' && /^(?:strong|b|h[3-6])$/.test((c as Element).name)) as Element | undefined;
  const leadText = lead && textOf(lead);
  const first = el.children.find((c) => c.type !== 'text' || (c as unknown as { data: string }).data.trim() !== '');
  const rest = leadText ? text.slice(leadText.length).trimStart() : '';
  const titled =
    !!leadText && first === lead && text.startsWith(leadText) && rest !== '' && (/[:.–—-]$/.test(leadText) || /^[:.–—-]/.test(rest));
  if (titled && leadText.length <= LIST_ITEM_MAX) return leadText.replace(/[:.\s–—-]+$/, '') || undefined;
  if (text.length <= LIST_ITEM_MAX) return text;
  if (leadText && leadText.length <= LIST_ITEM_MAX) return leadText.replace(/[:.\s–—-]+$/, '') || undefined;
  const sentence = firstSentence(text);
  return sentence.length <= LIST_ITEM_MAX ? sentence : undefined;
}

type Ev = (pp: ParsedPage, raw: string | undefined) => Evidence | null;
type LinkEv = (pp: ParsedPage, raw: string, resolved: URL | null) => Evidence | null;

function extractFaqs(pages: ParsedPage[], proposal: DraftProposal, ev: Ev): void {
  const push = (pp: ParsedPage, question: string, answer: string, questionRaw = question, answerRaw = answer): void => {
    question = collapseWhitespace(question);
    answer = collapseWhitespace(answer);
    if (proposal.faqs.length >= LIMITS.faqs || !question || !answer) return;
    if (question.length > LIMITS.faqQuestion || answer.length > LIMITS.faqAnswer) return;
    if (looksLikeInstruction(question) || looksLikeInstruction(answer)) return;
    if (proposal.faqs.some((f) => normaliseForMatch(f.value.question).toLowerCase() === normaliseForMatch(question).toLowerCase())) return;
    const q = ev(pp, questionRaw);
    const a = ev(pp, answerRaw);
    if (q && a) proposal.faqs.push({ value: { question, answer }, evidence: [q, a] });
  };
  for (const pp of pages) {
    for (const node of pp.jsonLd.filter((n) => isType(n, /^FAQPage$/))) {
      for (const entity of asArray(node.mainEntity)) {
        if (!isType(entity, /^Question$/)) continue;
        const question = str((entity as JsonNode).name);
        const answer = str(((entity as JsonNode).acceptedAnswer as JsonNode | undefined)?.text);
        if (question && answer && !/<[a-z!/]/i.test(answer)) push(pp, question, answer);
      }
    }
  }
  for (const pp of pages) {
    const isFaqPage = /\/(?:faqs?|questions)(?:\/|$|\.html?)/.test(pp.path);
    // Under a heading that says so, or whose sub-headings are all questions ("Before you buy" over "Is there a free trial?").
    const asksQuestions = (h: Element): boolean => {
      const heads = pp.elements.includes(h) ? sectionAfter(pp, h).filter((el) => headingLevel(el) > headingLevel(h)) : [];
      const level = heads.length ? headingLevel(heads[0]) : 0;
      const same = heads.filter((el) => headingLevel(el) === level);
      return same.length >= 2 && same.every((el) => /\?\s*$/.test(textOf(el)));
    };
    const sections = pp.elements
      .filter((el) => headingLevel(el) > 0 && (FAQ_HEADING.test(textOf(el)) || (headingLevel(el) <= 3 && asksQuestions(el))))
      .slice(0, MAX_SECTIONS)
      .map((h) => sectionAfter(pp, h));
    if (isFaqPage && !sections.length) sections.push(pp.elements);
    for (const section of sections) {
      for (const el of section) {
        if (el.name === 'details') {
          const summary = el.children.find((c) => c.type === 'tag' && (c as Element).name === 'summary') as Element | undefined;
          if (!summary) continue;
          const rest = el.children.filter((c) => c !== summary && c.type === 'tag') as Element[];
          push(pp, textOf(summary), rest.map(textOf).join(' '));
        } else if (el.name === 'dt') {
          let next = el.next;
          while (next && next.type !== 'tag') next = next.next;
          if (next && (next as Element).name === 'dd') push(pp, textOf(el), textOf(next as Element));
        } else if (
          (headingLevel(el) >= 2 || /^(?:strong|b|button)$/.test(el.name)) &&
          textOf(el).endsWith('?') &&
          !insideTag(el, ['details', 'dt'])
        ) {
          // A question heading followed by its answer paragraph(s).
          const holder = /^(?:strong|b)$/.test(el.name) && el.parent && (el.parent as Element).name === 'p' ? (el.parent as Element) : el;
          const answers: string[] = [];
          for (let next = holder.next; next && answers.length < 4; next = next.next) {
            if (next.type !== 'tag') continue;
            const n = next as Element;
            if (headingLevel(n) || /\?$/.test(textOf(n))) break;
            if (/^(?:p|div|ul|ol)$/.test(n.name)) answers.push(textOf(n));
          }
          if (answers.length) push(pp, textOf(el), answers.join(' '), textOf(el), answers[0]);
        }
      }
    }
  }
}

function extractFounders(pages: ParsedPage[], proposal: DraftProposal, ev: Ev, linkEv: LinkEv): void {
  const push = (pp: ParsedPage, name: string | undefined, title: string | undefined, links: string[], bio?: string): void => {
    if (!name || proposal.founders.length >= LIMITS.founders) return;
    const cleanName = collapseWhitespace(name);
    if (!cleanName || cleanName.length > LIMITS.founderName || looksLikeInstruction(cleanName)) return;
    if (proposal.founders.some((f) => f.value.name.toLowerCase() === cleanName.toLowerCase())) return;
    const nameQuote = ev(pp, name);
    if (!nameQuote) return;
    const founder: ProposedFounder = { name: cleanName };
    const evidence: Evidence[] = [nameQuote];
    const titleQuote = title && collapseWhitespace(title).length <= LIMITS.founderTitle ? ev(pp, title) : null;
    if (title && titleQuote) {
      founder.title = collapseWhitespace(title);
      evidence.push(titleQuote);
    }
    const bioQuote = bio && collapseWhitespace(bio).length <= LIMITS.founderBio ? ev(pp, bio) : null;
    if (bio && bioQuote) {
      founder.bio = collapseWhitespace(bio);
      evidence.push(bioQuote);
    }
    for (const raw of links) {
      const u = resolveUrl(raw, pp.url);
      const key = u && socialKeyOf(u);
      const quote = linkEv(pp, raw, u);
      if (!u || !key || !quote || u.href.length > SOCIAL_LINK_MAX || founder.socials?.[key]) continue;
      founder.socials ??= {};
      founder.socials[key] = u.href;
      evidence.push(quote);
    }
    proposal.founders.push({ value: founder, evidence });
  };
  const person = (pp: ParsedPage, node: unknown, requireFounderTitle: boolean): void => {
    if (typeof node === 'string') {
      if (!requireFounderTitle) push(pp, node, undefined, []);
      return;
    }
    if (!isType(node, /^Person$/)) return;
    const p = node as JsonNode;
    const title = str(p.jobTitle);
    if (requireFounderTitle && !(title && FOUNDER_TITLE.test(title))) return;
    push(
      pp,
      str(p.name),
      title,
      asArray(p.sameAs).filter((s): s is string => typeof s === 'string'),
      str(p.description),
    );
  };
  for (const pp of pages) {
    for (const org of pp.jsonLd.filter((n) => isType(n, ORG_TYPES))) {
      for (const f of [...asArray(org.founder), ...asArray(org.founders)]) person(pp, f, false);
      for (const m of [...asArray(org.employee), ...asArray(org.member), ...asArray(org.employees)]) person(pp, m, true);
    }
    for (const node of pp.jsonLd.filter((n) => isType(n, /^Person$/))) person(pp, node, true);
  }
  const productNames = [proposal.fields.name?.value as string | undefined].filter((n): n is string => !!n);
  for (const pp of pages)
    for (const card of teamCards(pp)) if (isPersonName(card.name, productNames)) push(pp, card.name, card.title, card.links);
}

/**
 * Team cards: a short block stating a founder's title (founder, CEO, CTO...) and, in the same card (up to 3 levels up),
 * a name: a heading or bold text, or a block that reads as a person's whole name. Read under team headings ("Meet the
 * team", "Founders"), and on a team or about page without one, the whole page.
 */
function teamCards(pp: ParsedPage): { name: string; title: string; links: string[] }[] {
  const headings = pp.elements.filter((el) => headingLevel(el) > 0 && TEAM_HEADING.test(textOf(el))).slice(0, MAX_SECTIONS);
  const sections = headings.map((heading) => sectionAfter(pp, heading));
  if (!sections.length && /\/(?:team|about|people|company|our-team|about-us)(?:\/|$|\.html?)/.test(pp.path)) sections.push(pp.elements);
  const cards: { name: string; title: string; links: string[] }[] = [];
  for (const el of sections.flat()) {
    const title = textOf(el);
    if (!pp.blockSet.has(el) || title.length > 80 || !FOUNDER_TITLE.test(title) || headingLevel(el) || looksLikeInstruction(title))
      continue;
    if (inQuotation(el) || /[.!?]$/.test(title)) continue;
    let card: Element | null = el.parent as Element | null;
    for (let depth = 0; card && card.type === 'tag' && depth < 3; depth++, card = card.parent as Element | null) {
      // A page's main part or body is no card: a name there is anyone's (a footer column's "Product").
      if (/^(?:main|body|html|article)$/.test(card.name) || descendants(card, (e) => /^h[12]$/.test(e.name)).length) break;
      const other = (n: Element): boolean =>
        n !== el && !isDescendant(n, el) && !isDescendant(el, n) && !insideTag(n, ['footer', 'nav', 'header']);
      const nameEl =
        descendants(card, (e) => /^(?:h[345]|strong|b)$/.test(e.name)).find(other) ??
        descendants(card, (e) => pp.blockSet.has(e) && WHOLE_NAME.test(textOf(e))).find(other);
      if (!nameEl) continue;
      const name = textOf(nameEl);
      if (!name || name.length > 80 || name.split(' ').length > 5 || FOUNDER_TITLE.test(name)) break;
      const links = descendants(card, (e) => e.name === 'a' && e.attribs.href !== undefined).map((a) => a.attribs.href ?? '');
      if (!cards.some((c) => c.name === name)) cards.push({ name, title, links });
      break;
    }
  }
  return cards;
}

/** A person's name: two or three capitalised words, a particle allowed between them ("Daan de Vries"), an initial ("Ana M. Ruiz"). */
const PERSON_NAME =
  "\\p{Lu}[\\p{L}'’-]+(?: (?:(?:de|da|do|dos|das|del|della|di|du|van|von|der|den|le|la|ter|ten|bin|al|el) (?:(?:der|den|de|la) )?)?(?:\\p{Lu}\\.|\\p{Lu}[\\p{L}'’-]+)){1,2}";
/** A name with the role a sentence gives it in brackets: "Jana Richter (CEO)". */
const NAME_AND_ROLE = `${PERSON_NAME}(?: \\([^()]{1,40}\\))?`;
const NAMES = `${NAME_AND_ROLE}(?:(?:, and |, | and | & )${NAME_AND_ROLE})*`;
const PLACE_NAME = "\\p{Lu}[\\p{L}'’-]+(?: \\p{Lu}[\\p{L}'’-]+)?";
/** "founded by Ana Ruiz", "co-founded in 2019 by Ana Ruiz and Tom Lee", "founded in Lisbon in 2020 by Inês Costa". */
/** Names each with up to two lowercase words before it that say what the person does ("physiotherapist Aisha Rahman"). */
const DESCRIBED_NAMES = `(?:[\\p{Ll}-]+ ){0,2}${NAME_AND_ROLE}(?:(?:, and |, | and | & )(?:[\\p{Ll}-]+ ){0,2}${NAME_AND_ROLE})*`;
const FOUNDED_BY = new RegExp(
  `\\b(?:co-?founded|founded|started|created)(?: in (?:(?:18|19|20)\\d\\d|(?:the )?(?:spring|summer|autumn|fall|winter) of (?:18|19|20)\\d\\d|${PLACE_NAME}(?:, ${PLACE_NAME})?)){0,2} by (${DESCRIBED_NAMES})`,
  'u',
);
/** "Zofia Nowak, an interface designer who founded the studio". */
const APPOSITIVE_FOUNDER = new RegExp(`(${PERSON_NAME}), (?:an?|the) [^,.;]{1,40}? who (?:co-?)?founded\\b`, 'u');
/** A signature under a letter: "— Claire Dubois and Antoine Moreau, co-founders", "— Dana Whitfield, founder". */
const SIGNED = new RegExp(`^[—–-]\\s?(${NAMES}),? (?:the )?(?:co-?\\s?)?founders?\\b`, 'u');
/** "I'm Camille Dubois, the founder of Letterpost", "Oliver Grant (founder)", "Ana Ruiz, our co-founder". */
const NAMED_FOUNDER = new RegExp(
  `(?:^|\\bI['’]m |\\bI am |\\b[Mm]eet |, )(?!I['’]m )(${PERSON_NAME})(?:, (?:the |our |a )?| \\()(?:co-?\\s?)?founder\\b`,
  'u',
);
/** "Our founder, Julien Tremblay, ...", "The co-founders Ana Costa and Rui Matos ...". */
const OUR_FOUNDER = new RegExp(`\\b(?:[Oo]ur|[Tt]he|[Ii]ts) (?:co-?)?founders?(?: (?:and|&) (?:CEO|CTO))?,? (${NAMES})`, 'u');
/** "Daan de Vries and Sofie Jansen, who co-founded the company", "Ana Costa and Rui Matos founded Crateforge in 2019". */
const NAMES_FOUNDED = new RegExp(`(?:^|\\bby )(${NAMES}),? (?:who )?(?:co-?founded|founded|started)\\b`, 'u');
/** "run by Ana Costa (CEO) and Rui Matos (CTO)": names given a founder's role in brackets. */
const BY_ROLES = new RegExp(`\\bby (${NAMES})`, 'u');
const WHOLE_NAME = new RegExp(`^${PERSON_NAME}$`, 'u');
const ONE_NAME = new RegExp(`(${PERSON_NAME})(?: \\(([^()]{1,40})\\))?`, 'gu');

/** The founders one sentence names, with the role each is given in brackets (only founders' roles when `rolesOnly`). */
function foundersInSentence(sentence: string, productBy?: RegExp): { name: string; title?: string }[] {
  let rolesOnly = false;
  let named =
    FOUNDED_BY.exec(sentence) ??
    NAMES_FOUNDED.exec(sentence) ??
    OUR_FOUNDER.exec(sentence) ??
    NAMED_FOUNDER.exec(sentence) ??
    SIGNED.exec(sentence) ??
    APPOSITIVE_FOUNDER.exec(sentence) ??
    productBy?.exec(sentence) ??
    null;
  if (!named) {
    named = BY_ROLES.exec(sentence);
    rolesOnly = true;
  }
  if (!named) return [];
  const people: { name: string; title?: string }[] = [];
  for (const one of named[1].matchAll(ONE_NAME)) {
    const title = one[2] && FOUNDER_TITLE.test(one[2]) ? one[2] : undefined;
    if (rolesOnly && !title) continue;
    people.push({ name: one[1], ...(title ? { title } : {}) });
  }
  return people;
}

/** Founders a sentence names ("founded by Ana Ruiz and Tom Lee", "I'm Ana Ruiz, the founder"), with the sentence as evidence. */
function extractFoundersInProse(pages: ParsedPage[], proposal: DraftProposal, ev: Ev): void {
  const productNames = [proposal.fields.name?.value as string | undefined].filter((n): n is string => !!n);
  // "Rosterroo was built by Liam O'Connor and Mei Chen": the product itself, made by people.
  const productBy = productNames.length
    ? new RegExp(
        `^(?:${productNames.map(escapeRegExp).join('|')}) (?:was|is) (?:(?:co-?)?founded|built|made|created|started|launched)(?: in (?:18|19|20)\\d\\d)? by (${DESCRIBED_NAMES})`,
        'u',
      )
    : undefined;
  for (const pp of pages) {
    for (const block of pp.blocks) {
      if (block.text.length > 1000 || looksLikeInstruction(block.text) || inQuotation(block.el)) continue;
      // A maker who introduces themself and then says they started it: "I'm Erik Lindqvist. I started Fjällnote in 2015".
      const maker = MAKER.exec(block.text);
      if (maker && isPersonName(maker[1], productNames) && !proposal.founders.some((f) => f.value.name === maker[1])) {
        const quote = ev(pp, maker[0]);
        if (quote && proposal.founders.length < LIMITS.founders) proposal.founders.push({ value: { name: maker[1] }, evidence: [quote] });
      }
      for (const sentence of sentencesOf(block.text)) {
        const people = foundersInSentence(sentence, productBy).filter((p) => isPersonName(p.name, productNames));
        const sentenceQuote = people.length ? ev(pp, sentence) : null;
        if (!sentenceQuote) continue;
        for (const { name, title } of people) {
          if (proposal.founders.length >= LIMITS.founders) return;
          if (proposal.founders.some((f) => f.value.name.toLowerCase() === name.toLowerCase())) continue;
          proposal.founders.push({ value: { name, ...(title ? { title } : {}) }, evidence: [sentenceQuote] });
        }
      }
    }
  }
}

/** "I'm Erik Lindqvist. I started Fjällnote in 2015": a name, then the same person saying they started the product. */
const MAKER = new RegExp(`\\bI['’]m (${PERSON_NAME})\\. I (?:started|founded|built|created|launched|made) [^.!?]{1,200}[.!?]`, 'u');

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A block's sentences (a quote of one is verbatim: the text between sentence ends). */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Whether an element is part of a quotation: a blockquote, a figure, a testimonial or review (someone else's words). */
function inQuotation(el: Element): boolean {
  for (let p: Element | null = el; p && p.type === 'tag'; p = p.parent as Element | null) {
    if (p.name === 'blockquote' || p.name === 'figure' || p.name === 'q') return true;
    if (/testimonial|review|quote|customer-story/i.test(p.attribs.class ?? '')) return true;
  }
  return false;
}

/** Whether a link sits in a team member's card (their own profile, not the company's). */
function inPersonCard(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.type === 'tag'; p = p.parent as Element | null) {
    if (/team|founder|person|member|author/i.test(p.attribs.class ?? '')) return true;
  }
  return false;
}

/** Whether `link` is a repository of the organisation or user `owner` (a GitHub address of one segment). */
function isRepoOf(link: string, owner: URL): boolean {
  const repo = URL.parse(link);
  const [org, name, ...more] = repo?.pathname.split('/').filter(Boolean) ?? [];
  const [ownerName, ...rest] = owner.pathname.split('/').filter(Boolean);
  return !!name && !more.length && !rest.length && !!ownerName && org?.toLowerCase() === ownerName.toLowerCase();
}

function extractSocials(pages: ParsedPage[], home: ParsedPage, proposal: DraftProposal, linkEv: LinkEv): void {
  const founderLinks = new Set(proposal.founders.flatMap((f) => Object.values(f.value.socials ?? {})));
  const consider = (pp: ParsedPage, raw: string): void => {
    const u = resolveUrl(raw, pp.url);
    if (!u || u.href.length > SOCIAL_LINK_MAX || founderLinks.has(u.href)) return;
    const key = socialKeyOf(u);
    if (!key) return;
    const taken = proposal.socials[key];
    // A GitHub organisation beats one of its repositories ("github.com/acme" over "github.com/acme/acme").
    if (taken && !(key === 'github' && isRepoOf(taken.value, u))) return;
    const quote = linkEv(pp, raw, u);
    if (quote) proposal.socials[key] = { value: u.href, evidence: [quote] };
  };
  for (const pp of pages) {
    for (const org of pp.jsonLd.filter((n) => isType(n, ORG_TYPES) || isType(n, APP_TYPES))) {
      for (const s of asArray(org.sameAs)) if (typeof s === 'string') consider(pp, s);
    }
  }
  for (const pp of pages) {
    for (const a of pp.anchors) {
      if (insideTag(a, ['article', 'blockquote']) || inPersonCard(a)) continue;
      consider(pp, a.attribs.href ?? '');
    }
  }
  // website: the home page's own canonical URL, as its markup states it.
  const homeHost = hostWithoutWww(home.url.hostname);
  const candidates = [
    metaContent(home, 'og:url'),
    home.linkTags.find((l) => /(?:^|\s)canonical(?:\s|$)/i.test(l.attribs.rel ?? ''))?.attribs.href,
    ...home.jsonLd.filter((n) => isType(n, ORG_TYPES) || isType(n, /^WebSite$/)).map((n) => str(n.url)),
  ];
  for (const raw of candidates) {
    const u = raw && resolveUrl(raw, home.url);
    if (
      !raw ||
      !u ||
      hostWithoutWww(u.hostname) !== homeHost ||
      (u.pathname !== '/' && u.pathname !== '') ||
      u.href.length > SOCIAL_LINK_MAX
    )
      continue;
    const quote = linkEv(home, raw, u);
    if (quote) {
      proposal.socials.website = { value: u.href, evidence: [quote] };
      break;
    }
  }
}
