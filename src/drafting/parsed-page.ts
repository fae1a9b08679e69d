/**
 * A crawled page as the extractive drafter reads it: one bounded pass over the crawler's parse (the
 * shared HTML reader) into the visible elements, the smallest quotable blocks, meta tags, links,
 * tables and JSON-LD nodes, with helpers to read sections under headings.
 */
import type { AnyNode, Element } from 'cheerio';
import { BLOCK_TAGS as READER_BLOCK_TAGS, CELL_TAGS, isHidden, parseHtml, SKIPPED_TAGS } from '../crawler/html-reader.js';
import type { CrawledPage } from '../crawler/crawled-page.js';
import { collapseWhitespace } from '../text/collapse-whitespace.js';

/** Where the drafter separates text: the crawler's blocks (src/crawler/html-reader.ts), table cells and line breaks. */
const BLOCK_TAGS = new Set([...READER_BLOCK_TAGS, ...CELL_TAGS, 'br']);
/** Never read: what the crawler skips, and the document head. */
const SKIP_TAGS = new Set([...SKIPPED_TAGS, 'head']);
const HEADING = /^h([1-6])$/;

export type JsonNode = Record<string, unknown>;

export interface ParsedPage {
  page: CrawledPage;
  url: URL;
  /** Elements anywhere in the document (within the bounds), by kind. */
  metas: Element[];
  anchors: Element[];
  iframes: Element[];
  linkTags: Element[];
  tables: Element[];
  titleText: string;
  path: string;
  jsonLd: JsonNode[];
  /** Visible elements in document order. */
  elements: Element[];
  /** Visible elements without block-level descendants, with their text: the smallest quotable blocks. */
  blocks: { el: Element; text: string }[];
  blockSet: Set<Element>;
}

/** Bounds against hostile pages: nesting deeper than this is not read, and only so many elements. */
const MAX_DEPTH = 200;
const MAX_ELEMENTS = 30_000;
const MAX_TEXT_CHARS = 20_000;
const MAX_TEXT_NODES = 5_000;
/** Headed sections (features, FAQ, team) read per page. */
export const MAX_SECTIONS = 5;

function textParts(node: AnyNode, out: string[], depth: number, budget: { chars: number; nodes: number }): void {
  if (budget.chars <= 0 || budget.nodes <= 0 || depth > MAX_DEPTH) return;
  budget.nodes -= 1;
  if (node.type === 'text') {
    const data = (node as unknown as { data: string }).data;
    out.push(data);
    budget.chars -= data.length;
    return;
  }
  if (node.type !== 'tag') return;
  const el = node as Element;
  if (SKIP_TAGS.has(el.name) || isHidden(el)) return;
  const block = BLOCK_TAGS.has(el.name);
  if (block) out.push(' ');
  for (const child of el.children) textParts(child, out, depth + 1, budget);
  if (block) out.push(' ');
}

/** Visible text of an element, a space at every block boundary, whitespace collapsed (bounded). */
export function textOf(el: Element): string {
  const out: string[] = [];
  const budget = { chars: MAX_TEXT_CHARS, nodes: MAX_TEXT_NODES };
  for (const child of el.children) textParts(child, out, 0, budget);
  return collapseWhitespace(out.join(''));
}

/** Descendant elements of `el` matching `test`, in document order, bounded in depth and count. */
export function descendants(el: Element, test: (e: Element) => boolean, maxNodes = 5_000): Element[] {
  const found: Element[] = [];
  let visited = 0;
  const visit = (node: Element, depth: number): void => {
    if (depth > 40) return;
    for (const child of node.children) {
      if (child.type !== 'tag') continue;
      if (visited++ > maxNodes) return;
      const c = child as Element;
      if (test(c)) found.push(c);
      visit(c, depth + 1);
    }
  };
  visit(el, 0);
  return found;
}

/** domhandler gives script and style elements their own node types. */
const isElement = (node: AnyNode): boolean => node.type === 'tag' || node.type === 'script' || node.type === 'style';

export const childElements = (el: Element): Element[] => el.children.filter((c): c is Element => c.type === 'tag');

/**
 * One bounded pass over the document (cheerio's selectors walk a hostile, deeply nested tree far
 * too slowly): visible elements and leaf blocks of the body, plus meta, script, a, iframe, link,
 * table and title elements wherever they are.
 */
export function parsePage(page: CrawledPage): ParsedPage {
  // The crawler's reader: htmlparser2, linear time on hostile, deeply nested markup.
  const root = parseHtml(typeof page.html === 'string' ? page.html : '') as { children?: AnyNode[] } | undefined;
  let url: URL;
  try {
    url = new URL(page.url);
  } catch {
    url = new URL('http://invalid.invalid/');
  }
  const pp: ParsedPage = {
    page,
    url,
    path: url.pathname.toLowerCase(),
    jsonLd: [],
    elements: [],
    blocks: [],
    blockSet: new Set(),
    metas: [],
    anchors: [],
    iframes: [],
    linkTags: [],
    tables: [],
    titleText: '',
  };
  const scripts: Element[] = [];
  let seen = 0;
  /** Returns whether el is (when visible) or contains a block-level element. */
  const walk = (el: Element, depth: number, visible: boolean): boolean => {
    if (depth > MAX_DEPTH || seen++ >= MAX_ELEMENTS) return false;
    const name = el.name;
    if (name === 'meta') pp.metas.push(el);
    else if (name === 'script') scripts.push(el);
    else if (name === 'a' && el.attribs.href !== undefined) pp.anchors.push(el);
    else if (name === 'iframe' && el.attribs.src !== undefined) pp.iframes.push(el);
    else if (name === 'link') pp.linkTags.push(el);
    else if (name === 'title' && !pp.titleText)
      pp.titleText = collapseWhitespace(
        el.children.map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : '')).join(''),
      );
    const shown = visible && name !== 'head' && !SKIP_TAGS.has(name) && !isHidden(el);
    if (shown) {
      pp.elements.push(el);
      if (name === 'table') pp.tables.push(el);
    }
    const index = pp.blocks.length;
    let hasBlock = false;
    for (const child of el.children) if (isElement(child) && walk(child as Element, depth + 1, shown)) hasBlock = true;
    if (!shown) return false;
    if (!hasBlock) {
      const text = textOf(el);
      if (text) pp.blocks.splice(index, 0, { el, text });
    }
    return hasBlock || BLOCK_TAGS.has(name);
  };
  for (const child of root?.children ?? []) if (isElement(child)) walk(child as Element, 0, true);
  pp.blockSet = new Set(pp.blocks.map((b) => b.el));

  for (const script of scripts) {
    if ((script.attribs.type ?? '').trim().toLowerCase() !== 'application/ld+json') continue;
    const source = script.children.map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : '')).join('');
    if (source.length > 200_000) continue;
    try {
      collectJsonLd(JSON.parse(source.trim().replace(/^<!--/, '').replace(/-->$/, '')), pp.jsonLd, 0);
    } catch {
      // Invalid JSON-LD states nothing.
    }
  }
  return pp;
}

function collectJsonLd(value: unknown, out: JsonNode[], depth: number): void {
  if (depth > 4 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectJsonLd(item, out, depth + 1);
    return;
  }
  const node = value as JsonNode;
  if ('@type' in node) out.push(node);
  if (Array.isArray(node['@graph'])) collectJsonLd(node['@graph'], out, depth + 1);
}

const typesOf = (node: unknown): string[] => {
  if (!node || typeof node !== 'object') return [];
  const t = (node as JsonNode)['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
};
export const isType = (node: unknown, re: RegExp): boolean => typesOf(node).some((t) => re.test(t));
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

export const ORG_TYPES = /^(?:Organization|Corporation|LocalBusiness|OnlineBusiness|OnlineStore|NGO|EducationalOrganization)$/;
export const APP_TYPES = /^(?:SoftwareApplication|WebApplication|MobileApplication|Product|Service)$/;

/** A heading over the other products a product works with ("Integrations", "Connects with", "Works with Slack"): not its features, not its kind. */
export const INTEGRATIONS_HEADING =
  /\bintegrat|^connect\b|\bconnects? (?:with|to)\b|\bworks? (?:with|alongside)\b|\bplays (?:nice|well) with\b|\bplugins?\b|\badd-?ons?\b/i;

export function headingLevel(el: Element): number {
  const m = HEADING.exec(el.name);
  return m ? Number(m[1]) : 0;
}

export function insideTag(el: Element, tags: readonly string[]): boolean {
  for (let p = el.parent as Element | null; p && p.type === 'tag'; p = p.parent as Element | null) if (tags.includes(p.name)) return true;
  return false;
}

/** Elements after `heading` up to the next heading of the same or a higher level. */
export function sectionAfter(pp: ParsedPage, heading: Element): Element[] {
  const start = pp.elements.indexOf(heading);
  const level = headingLevel(heading) || 6;
  const out: Element[] = [];
  for (let i = start + 1; i < pp.elements.length; i++) {
    const el = pp.elements[i];
    const l = headingLevel(el);
    if (l && l <= level) break;
    if (el.name === 'footer') break;
    if (heading.parent && isDescendant(heading, el)) continue;
    out.push(el);
  }
  return out;
}

export function isDescendant(ancestor: Element, el: Element): boolean {
  for (let p = el.parent as Element | null; p; p = p.parent as Element | null) if (p === ancestor) return true;
  return false;
}

export function metaContent(pp: ParsedPage, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const found = pp.metas.find((m) => (m.attribs.property ?? m.attribs.name ?? m.attribs.itemprop ?? '').trim().toLowerCase() === key);
    const content = found && str(found.attribs.content);
    if (content) return content;
  }
  return undefined;
}

export const firstSentence = (s: string): string => {
  const m = /^.*?[.!?](?=\s+[A-Z0-9"'“‘(]|$)/.exec(collapseWhitespace(s));
  return m ? m[0] : collapseWhitespace(s);
};

export const cutAtWord = (s: string, max: number): string => {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
};

export function resolveUrl(raw: string, base: URL): URL | null {
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}
