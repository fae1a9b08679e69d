/**
 * Plans and prices a pricing page states in its structure: a table with the plans as columns
 * (a price row beneath), a table with the plans as rows (a "Price" column), or plan cards (a heading
 * and a price). Each plan keeps a verbatim passage that holds its price, for quoting a price too
 * short to quote alone ("$0").
 */
import type { Element } from 'cheerio';
import { looksLikeInstruction } from './evidence.js';
import { childElements, descendants, headingLevel, insideTag, textOf, type ParsedPage } from './parsed-page.js';

/** Currency signs written before or after an amount ($, €, £, ¥, ₹, ₩, ₽, ₺, ₪, ₫, ₱, ₴, ₦, ₡, ₲, ₵, ₸, ₼, ₾). */
export const CURRENCY_SIGNS = '$€£¥₹₩₽₺₪₫₱₴₦₡₲₵₸₼₾';
/** ISO codes of currencies written after an amount ("49 USD"). */
const CURRENCY_CODES = 'USD|EUR|GBP|CHF|CAD|AUD|NZD|INR|JPY|CNY|BRL|MXN|SEK|NOK|DKK|PLN|CZK|HUF|ZAR|SGD|HKD';
export const PRICE = new RegExp(
  `(?:[${CURRENCY_SIGNS}]\\s?\\d[\\d,.]*|\\b\\d[\\d,.]*\\s?(?:${CURRENCY_CODES}|[${CURRENCY_SIGNS}])(?![A-Za-z]))`,
);
const PRICE_LIKE = new RegExp(
  `${PRICE.source}|^(?:free|free forever|forever free|custom|custom (?:pricing|rates|quote)|contact us|contact sales|talk to (?:us|sales)|let's talk|get in touch|on request)$`,
  'i',
);

export interface Plan {
  name: string;
  price: string;
  /** Verbatim text of the page that holds the price (its table row, or its card from the name to the price). */
  passage: string;
}

const NOT_PLAN_NAME = /^(?:plans?|features?|prices?|pricing|tiers?|name)$/i;
const PRICE_HEAD = /^(?:price|pricing|cost)\b/i;
const PERIOD_HEAD = /^(?:monthly|yearly|annual(?:ly)?|per (?:month|year)|(?:billed )?(?:monthly|annually|yearly)|month|year)$/i;

/** The plans of a page, or of a part of it (`within`: the elements of a "Pricing" section of a home page). */
export function pricingPlans(pp: ParsedPage, within?: ReadonlySet<Element>): Plan[] {
  const plans: Plan[] = [];
  const add = (plan: Plan): void => {
    const { name, price } = plan;
    if (!name || !price || looksLikeInstruction(name) || looksLikeInstruction(price) || name.length > 60 || price.length > 120) return;
    if (NOT_PLAN_NAME.test(name) || !PRICE_LIKE.test(price)) return;
    if (!plans.some((p) => p.name.toLowerCase() === name.toLowerCase())) plans.push(plan);
  };
  const tables = within ? pp.tables.filter((t) => within.has(t)) : pp.tables;
  for (const table of tables.slice(0, 10)) for (const plan of tablePlans(table)) add(plan);
  if (plans.length) return plans;
  for (const plan of cardPlans(pp, within)) add(plan);
  return plans;
}

/** A table's plans: as columns (their names in a head row, a row of prices beneath) or as rows (a "Price" column). */
function tablePlans(table: Element): Plan[] {
  const rows = descendants(table, (e) => e.name === 'tr').slice(0, 60);
  const cells = rows.map((r) =>
    childElements(r)
      .filter((c) => c.name === 'th' || c.name === 'td')
      .map(textOf),
  );
  const headIndex = rows.findIndex((r) => childElements(r).filter((c) => c.name === 'th').length >= 2);
  if (headIndex < 0) return rowHeaderPlans(rows);
  const head = cells[headIndex];
  const body = cells.slice(headIndex + 1);
  // Plans as rows under a "Price" column, or under billing periods ("Monthly", "Yearly"): the first such column.
  const priceColumn = head.findIndex((cell, i) => i > 0 && (PRICE_HEAD.test(cell) || PERIOD_HEAD.test(cell)));
  if (priceColumn > 0) return body.map((row) => ({ name: row[0] ?? '', price: row[priceColumn] ?? '', passage: row.join(' ') }));
  const priceRow = body.find((row) => row.filter((c) => PRICE_LIKE.test(c)).length >= Math.max(1, Math.ceil((row.length - 1) / 2)));
  if (!priceRow) return [];
  const offset = head.length - priceRow.length;
  return head.map((name, i) => ({ name, price: priceRow[i - offset] ?? '', passage: priceRow.join(' ') }));
}

/**
 * Plans as rows with no head row, each named by its row header and priced in one of its cells
 * (`<tr><th>Personal licence</th><td>$49 one-time</td><td>3 computers</td></tr>`): two rows or more.
 */
function rowHeaderPlans(rows: Element[]): Plan[] {
  const plans: Plan[] = [];
  for (const row of rows) {
    const cells = childElements(row).filter((c) => c.name === 'th' || c.name === 'td');
    if (cells[0]?.name !== 'th') continue;
    const prices = cells.slice(1).filter((c) => c.name === 'td' && PRICE_LIKE.test(textOf(c)));
    if (prices.length !== 1) continue;
    plans.push({ name: textOf(cells[0]), price: textOf(prices[0]), passage: cells.map(textOf).join(' ') });
  }
  return plans.length >= 2 ? plans : [];
}

/** The class of an element holding a plan's name. */
const NAME_CLASS = /(?:^|[\s_-])(?:name|title)(?:$|[\s_-])/i;

/** Plan cards: a short price block whose card (a near ancestor) has exactly one heading, the plan's name. */
function cardPlans(pp: ParsedPage, within?: ReadonlySet<Element>): Plan[] {
  const plans: Plan[] = [];
  let considered = 0;
  for (const b of pp.blocks) {
    if (within && !within.has(b.el)) continue;
    if (b.text.length > 80 || !PRICE_LIKE.test(b.text) || headingLevel(b.el) || insideTag(b.el, ['nav', 'footer'])) continue;
    if (++considered > 50) break;
    let card: Element | null = b.el.parent as Element | null;
    for (let depth = 0; card && card.type === 'tag' && depth < 5; depth++, card = card.parent as Element | null) {
      // The plan's name: a heading, else an element the page names as one ("<p class="plan-name">Hobby</p>").
      let headings = descendants(card, (e) => /^h[234]$/.test(e.name));
      if (headings.length === 0)
        headings = descendants(card, (e) => e !== b.el && NAME_CLASS.test(e.attribs.class ?? '') && !PRICE_LIKE.test(textOf(e)));
      if (headings.length === 0) continue;
      // Several plans under their headings in one container ("Solo" / "$12 / month", "Studio" / "$49 / month"): the price's own heading.
      const heading = headings.length === 1 ? headings[0] : headingBefore(pp, b.el, headings);
      if (!heading) break;
      const name = textOf(heading);
      const text = textOf(card);
      const from = text.indexOf(name);
      const to = from < 0 ? -1 : text.indexOf(b.text, from + name.length);
      plans.push({ name, price: b.text, passage: to < 0 ? b.text : text.slice(from, to + b.text.length) });
      break;
    }
  }
  return plans;
}

/**
 * The heading a price block sits under, among several in its container: the nearest one before it, when no other
 * price stands between them (else the price is a second one of the same plan, or no plan's).
 */
function headingBefore(pp: ParsedPage, price: Element, headings: Element[]): Element | undefined {
  const at = pp.elements.indexOf(price);
  for (let i = at - 1; i >= 0 && i >= at - 30; i--) {
    const el = pp.elements[i];
    if (headings.includes(el)) return el;
    if (headingLevel(el)) return undefined;
    if (pp.blockSet.has(el) && PRICE_LIKE.test(textOf(el)) && textOf(el).length <= 80) return undefined;
  }
  return undefined;
}
