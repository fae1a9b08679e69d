/**
 * Where a site lists its features when no heading says "Features": the first list of short phrases, or the first
 * run of three or more sibling headings each over a line or two of text ("cards"), on the home page or a features
 * page. Lists and heading runs that belong to something else are left out: prices and plans, questions, people,
 * other products (integrations), testimonials and posts, navigation, and steps or principles written as sentences.
 */
import type { Element } from 'cheerio';
import { isPersonName } from './person-names.js';
import { PRICE } from './pricing-plans.js';
import { INTEGRATIONS_HEADING, headingLevel, insideTag, sectionAfter, textOf, type ParsedPage } from './parsed-page.js';

/** A feature read from a list or a card is a short phrase, not a paragraph. */
const FEATURE_MAX = 80;
const MIN_ITEMS = 3;
const MAX_ITEMS = 12;

/**
 * Headings over groups that are not the product's features. "Why ..." lists are the product's reasons to choose it
 * (its USPs, drafted on their own), which a reader may or may not call features: left out, as the drafter's other
 * rules leave them.
 */
const NOT_FEATURES_HEADING =
  /^why\b|\bbenefits\b|\badvantages\b|\bwhat makes\b|\bFAQs?\b|\bquestions\b|\bteam\b|\bfounders?\b|\bpeople\b|\bleadership\b|\bcontributors?\b|\bpricing\b|\bprices?\b|\bplans?\b|\btestimonials?\b|\bcustomers?\b|\bstories\b|\breviews?\b|\bloved by\b|\btrusted by\b|\bsay\b|\bblog\b|\bnews\b|\bpress\b|\bchangelog\b|\bjobs\b|\bcareers\b|\bprinciples\b|\bvalues\b|\bsteps?\b|\bhow it works\b|\bworks\b/i;

/** The first child element, when the element's text starts with it (no text before it). */
function firstChildElement(el: Element): Element | undefined {
  for (const child of el.children) {
    if (child.type === 'text') {
      if ((child as unknown as { data: string }).data.trim() !== '') return undefined;
      continue;
    }
    if (child.type === 'tag') return child as Element;
  }
  return undefined;
}

/**
 * The lead of a list entry that starts with a title and goes on ("<strong>Automatic bank feeds</strong> from 9,000
 * banks", "<h3>Live chat widget</h3><p>Matches your colours.</p>"): the title, when text follows it.
 */
function leadOf(el: Element): string | undefined {
  const lead = firstChildElement(el);
  if (!lead || !/^(?:strong|b|h[2-6])$/.test(lead.name)) return undefined;
  const leadText = textOf(lead);
  const text = textOf(el);
  if (!leadText || !text.startsWith(leadText) || text.slice(leadText.length).trim() === '') return undefined;
  return leadText.replace(/[:.\s–—-]+$/, '') || undefined;
}

/** The entries of a list as features: every entry's lead when each of them has one (the list titles its items), else undefined. */
export function leadsOfList(entries: readonly Element[]): string[] | undefined {
  if (entries.length < 2) return undefined;
  const leads: string[] = [];
  for (const entry of entries) {
    const lead = leadOf(entry);
    // A bold single word ("<b>Unlimited</b> projects") emphasises, it does not title; a heading always titles.
    if (!lead || (lead.split(/\s+/).length < 2 && !/^h[2-6]$/.test(firstChildElement(entry)?.name ?? ''))) return undefined;
    leads.push(lead);
  }
  return leads;
}

/**
 * The headings a section lists, at the level of its first sub-heading ("Features" over h3 cards, then an h2 "Under the
 * hood" paragraph: the h3s). Questions are not features.
 */
export function subHeadings(section: readonly Element[], parentLevel: number): Element[] {
  const headings = section.filter((el) => headingLevel(el) > parentLevel);
  if (!headings.length) return [];
  const level = headingLevel(headings[0]);
  return headings.filter((el) => headingLevel(el) === level && !/\?\s*$/.test(textOf(el)));
}

/** The nearest heading before `el` whose level is below `below` (any heading when 7). */
function headingBefore(pp: ParsedPage, el: Element, below = 7): Element | undefined {
  for (let i = pp.elements.indexOf(el) - 1; i >= 0; i--) {
    const level = headingLevel(pp.elements[i]);
    if (level && level < below) return pp.elements[i];
  }
  return undefined;
}

function acceptable(
  pp: ParsedPage,
  parent: Element | undefined,
  items: (string | undefined)[],
  productNames: readonly string[],
): string[] | undefined {
  if (items.length < MIN_ITEMS || items.length > MAX_ITEMS) return undefined;
  if (parent) {
    const heading = textOf(parent);
    if (NOT_FEATURES_HEADING.test(heading) || INTEGRATIONS_HEADING.test(heading)) return undefined;
    // Plans and prices sit under the heading: a pricing section, not a feature list.
    if (sectionAfter(pp, parent).some((el) => PRICE.test(textOf(el)))) return undefined;
  }
  const phrases: string[] = [];
  for (const item of items) {
    if (!item || item.length > FEATURE_MAX || /[.?!…]$/.test(item) || PRICE.test(item)) return undefined;
    phrases.push(item);
  }
  if (new Set(phrases.map((p) => p.toLowerCase())).size < phrases.length) return undefined;
  // A row of names is a team, not features.
  if (phrases.filter((p) => PERSON_SHAPED.test(p) && isPersonName(p, productNames)).length * 2 >= phrases.length) return undefined;
  return phrases;
}

const PERSON_SHAPED = /^\p{Lu}[\p{L}'’.-]+(?: \p{Lu}[\p{L}'’.-]+){1,2}$/u;
const OUTSIDE = ['nav', 'header', 'footer', 'aside', 'form', 'blockquote', 'figure', 'table'];

/** A list entry's text as a feature phrase: its lead when the list titles its entries, else its whole text. */
function listPhrases(list: Element): string[] | undefined {
  const entries = list.children.filter((c): c is Element => c.type === 'tag' && (c as Element).name === 'li');
  // Entries that are only a link are navigation or logos, not features.
  if (entries.some((li) => firstChildElement(li)?.name === 'a' && textOf(firstChildElement(li)!) === textOf(li))) return undefined;
  return leadsOfList(entries) ?? entries.map((li) => textOf(li));
}

/**
 * The first feature group of a page in document order: a list of short phrases outside navigation, headers,
 * footers, quotations and tables, or a run of three or more sibling sub-headings under one heading.
 */
export function firstFeatureGroup(pp: ParsedPage, productNames: readonly string[]): string[] | undefined {
  const candidates: { at: number; items: () => string[] | undefined }[] = [];
  pp.elements.forEach((el, at) => {
    if ((el.name === 'ul' || el.name === 'ol') && !insideTag(el, OUTSIDE) && !insideTag(el, ['li'])) {
      candidates.push({
        at,
        items: () => {
          const phrases = listPhrases(el);
          return phrases && acceptable(pp, headingBefore(pp, el), phrases, productNames);
        },
      });
    }
    const level = headingLevel(el);
    if (level && level <= 3 && !insideTag(el, OUTSIDE)) {
      const heads = subHeadings(sectionAfter(pp, el), level);
      if (heads.length >= MIN_ITEMS && !heads.some((h) => insideTag(h, ['li'])))
        candidates.push({
          at: pp.elements.indexOf(heads[0]),
          items: () =>
            acceptable(
              pp,
              el,
              heads.map((h) => textOf(h)),
              productNames,
            ),
        });
    }
  });
  candidates.sort((a, b) => a.at - b.at);
  for (const candidate of candidates) {
    const items = candidate.items();
    if (items) return items;
  }
  return undefined;
}
