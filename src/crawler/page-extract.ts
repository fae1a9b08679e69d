/**
 * Turns fetched HTML into a CrawledPage: the visible text, the strings in the markup that state
 * facts, and the links (for choosing which pages to read next). The HTML is untrusted data: it is
 * parsed, never executed, and every output is bounded.
 *
 * Cost is linear in the page: htmlparser2 (parse5 is quadratic on deeply nested markup) and one
 * iterative walk over the tree (cheerio's selectors and .text() are quadratic or recursive on deep
 * trees; a hostile page of 2 MiB of "<div>" would block the event loop or overflow the stack).
 */
import type { AnyNode, Element } from 'cheerio';
import type { CrawledPage } from './crawled-page.js';
import { BLOCK_TAGS, CELL_TAGS, isHidden, parseHtml, SKIPPED_TAGS, textData } from './html-reader.js';
import { collapseWhitespace } from '../text/collapse-whitespace.js';
import { decodeUriComponentSafely } from '../text/decode-uri.js';

/** The raw HTML kept on a page, for extractors that read structure. */
export const MAX_HTML_CHARS = 500_000;
const MAX_MARKUP_ENTRIES = 1000;
const MAX_MARKUP_CHARS = 2000;
const MAX_JSON_LD_CHARS = 200_000;
const MAX_LINKS = 2000;

export interface PageLink {
  /** Absolute URL, fragment removed. */
  url: string;
  text: string;
}

export interface ExtractedPage {
  page: CrawledPage;
  links: PageLink[];
  /** Target of a `<meta http-equiv="refresh">`, absolute; never followed by the extractor. */
  refresh?: string;
}

/** Words by which an image names itself a site's logo. */
const LOGO_IMAGE = /(?:^|[^a-z])(?:logo|logotype|wordmark)(?:$|[^a-z])/i;

/** Subtrees walked for markup, but whose text is not visible text. */
const INVISIBLE = new Set(['head', 'title']);
const META_NAMES = /^(description|keywords|author|application-name|og:.+|twitter:.+|article:.+|product:.+)$/;
const JSON_LD_KEYWORDS = new Set(['@context', '@type', '@id', '@vocab', '@base', '@language', '@direction', '@version']);

const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);
const nameOf = (element: Element): string => (element.name ?? '').toLowerCase();

/** Text of an element's subtree, walked iteratively and bounded (nested links must not cost quadratic time). */
function shortText(root: Element, maxNodes = 500, maxChars = 300): string {
  const stack: AnyNode[] = [...(root.children ?? [])].reverse();
  let text = '';
  for (let visited = 0; stack.length > 0 && visited < maxNodes && text.length < maxChars; visited += 1) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      text += textData(node);
      continue;
    }
    if (node.type !== 'tag') continue;
    const element = node as Element;
    if (SKIPPED_TAGS.has(nameOf(element))) continue;
    const children = element.children ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  return cut(collapseWhitespace(text), maxChars);
}

/** First image alt text in an element's subtree (bounded walk). */
function imageAlt(root: Element, maxNodes = 200): string {
  const stack: AnyNode[] = [root];
  for (let visited = 0; stack.length > 0 && visited < maxNodes; visited += 1) {
    const node = stack.pop()!;
    if (node.type !== 'tag') continue;
    const element = node as Element;
    const alt = collapseWhitespace(element.attribs?.alt ?? '');
    if (nameOf(element) === 'img' && alt) return alt;
    const children = element.children ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]);
  }
  return '';
}

function linkText(element: Element): string {
  const attribute = (name: string): string => collapseWhitespace(element.attribs[name] ?? '');
  return shortText(element) || attribute('aria-label') || attribute('title') || imageAlt(element);
}

function flattenJson(value: unknown, into: string[], depth = 0): void {
  if (into.length >= MAX_MARKUP_ENTRIES || depth > 32) return;
  if (typeof value === 'string') {
    const text = collapseWhitespace(value);
    if (text) into.push(text);
  } else if (typeof value === 'number' && Number.isFinite(value)) {
    into.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) flattenJson(item, into, depth + 1);
  } else if (value && typeof value === 'object') {
    // "@context", "@type" and "@id" name vocabulary and nodes, not facts ("@graph", "@value" hold facts).
    for (const [key, item] of Object.entries(value)) if (!JSON_LD_KEYWORDS.has(key)) flattenJson(item, into, depth + 1);
  }
}

function parseJsonLd(source: string): unknown {
  const trimmed = source
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\/\/\s*<!\[CDATA\[/, '')
    .replace(/\/\/\s*\]\]>$/, '')
    .trim();
  if (!trimmed || trimmed.length > MAX_JSON_LD_CHARS) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

function absolute(href: string, base: string): URL | undefined {
  try {
    return new URL(href.trim(), base);
  } catch {
    return undefined;
  }
}

/** What the walk gathers from the elements of a page, besides its visible text. */
interface ElementFacts {
  /** The page's URL, against which links are resolved. */
  url: string;
  meta: string[];
  jsonLd: string[];
  linkStrings: string[];
  alts: string[];
  links: PageLink[];
  title: string;
  ogTitle: string;
  heading: string;
  refreshContent: string | undefined;
}

/** Builds the CrawledPage for `url` (the final URL after redirects) from its HTML. */
export function extractPage(url: string, rawHtml: string): ExtractedPage {
  const facts: ElementFacts = {
    url,
    meta: [],
    jsonLd: [],
    linkStrings: [],
    alts: [],
    links: [],
    title: '',
    ogTitle: '',
    heading: '',
    refreshContent: undefined,
  };
  const text = walkPage(parseHtml(rawHtml), (element, name) => collectElement(facts, element, name));
  return {
    page: {
      url,
      title: cut(facts.title || facts.ogTitle || facts.heading, 500),
      text: text
        .join('')
        .split('\n')
        .map((line) => collapseWhitespace(line))
        .filter((line) => line.length > 0)
        .join('\n'),
      markup: markupStrings(facts),
      html: cut(rawHtml, MAX_HTML_CHARS),
    },
    links: facts.links,
    refresh: refreshTarget(facts.refreshContent, url),
  };
}

/**
 * One iterative walk: every element is handed to `onElement` (markup is read from all of them), and the
 * text of the visible ones is returned in pieces, with the line breaks and spaces block and cell tags stand for.
 */
function walkPage(root: AnyNode | undefined, onElement: (element: Element, name: string) => void): string[] {
  const text: string[] = [];
  type Item = { node: AnyNode; visible: boolean } | '\n' | ' ';
  const stack: Item[] = root ? [{ node: root, visible: true }] : [];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item === '\n' || item === ' ') {
      text.push(item);
      continue;
    }
    const { node } = item;
    if (node.type === 'text') {
      if (item.visible) text.push(textData(node));
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'root' && node.type !== 'script' && node.type !== 'style') continue;
    let visible = item.visible;
    let separator: '\n' | ' ' | undefined;
    if (node.type !== 'root') {
      const element = node as Element;
      const name = nameOf(element);
      onElement(element, name);
      if (SKIPPED_TAGS.has(name)) continue;
      if (name === 'br') {
        if (visible) text.push('\n');
        continue;
      }
      if (INVISIBLE.has(name) || isHidden(element)) visible = false;
      separator = !visible ? undefined : BLOCK_TAGS.has(name) ? '\n' : CELL_TAGS.has(name) ? ' ' : undefined;
    }
    if (separator) stack.push(separator);
    const children = (node as Element).children ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push({ node: children[index], visible });
    if (separator) stack.push(separator);
  }
  return text;
}

/** Records what one element states: meta strings, JSON-LD, the title, the first h1, embed, link and icon targets, image alts. */
function collectElement(facts: ElementFacts, element: Element, name: string): void {
  const attribs = element.attribs ?? {};
  if (name === 'meta') {
    collectMeta(facts, attribs);
  } else if (name === 'script') {
    if ((attribs.type ?? '').trim().toLowerCase() !== 'application/ld+json' || facts.jsonLd.length >= MAX_MARKUP_ENTRIES) return;
    flattenJson(parseJsonLd((element.children ?? []).map(textData).join('')), facts.jsonLd);
  } else if (name === 'title') {
    if (!facts.title) facts.title = shortText(element, 50, 1000);
  } else if (name === 'h1') {
    if (!facts.heading) facts.heading = shortText(element);
  } else if (name === 'iframe' && attribs.src) {
    // An embedded video or map: its address is a link target the page states.
    const target = absolute(attribs.src, facts.url);
    if (target && (target.protocol === 'http:' || target.protocol === 'https:') && !target.username && !target.password)
      facts.linkStrings.push(target.href);
  } else if (name === 'link' && /(?:^|\s)(?:icon|apple-touch-icon|mask-icon)(?:\s|$)/i.test(attribs.rel ?? '') && attribs.href) {
    // A site's icon: its address is a link target the page states (the drafter may take an SVG icon for the logo).
    const target = absolute(attribs.href, facts.url);
    if (target && (target.protocol === 'http:' || target.protocol === 'https:') && !target.username && !target.password)
      facts.linkStrings.push(target.href);
  } else if (name === 'img') {
    if (attribs.alt) facts.alts.push(attribs.alt);
    // An image that names itself the logo (class, id or alt "logo", a logo or wordmark file): its address is a link
    // target the page states (the drafter takes it for the logo).
    if (
      attribs.src &&
      LOGO_IMAGE.test(
        `${attribs.class ?? ''} ${attribs.id ?? ''} ${attribs.alt ?? ''} ${attribs.src.split(/[?#]/)[0].split('/').pop() ?? ''}`,
      )
    ) {
      const target = absolute(attribs.src, facts.url);
      if (target && (target.protocol === 'http:' || target.protocol === 'https:') && !target.username && !target.password)
        facts.linkStrings.push(target.href);
    }
  } else if (name === 'a' && attribs.href !== undefined) {
    collectLink(facts, element, attribs.href);
  }
}

/** A `<meta>`: a fact-stating name's content, the og:title, the first refresh target. */
function collectMeta(facts: ElementFacts, attribs: Record<string, string>): void {
  const key = (attribs.property ?? attribs.name ?? '').trim().toLowerCase();
  if (META_NAMES.test(key)) facts.meta.push(attribs.content ?? '');
  if (key === 'og:title' && !facts.ogTitle) facts.ogTitle = collapseWhitespace(attribs.content ?? '');
  if ((attribs['http-equiv'] ?? '').trim().toLowerCase() === 'refresh' && facts.refreshContent === undefined)
    facts.refreshContent = attribs.content ?? '';
}

/** An `<a href>`: its target with its label as a markup string; an http(s) one also as a link to read next. */
function collectLink(facts: ElementFacts, element: Element, href: string): void {
  if (facts.links.length >= MAX_LINKS) return;
  const target = absolute(href, facts.url);
  if (!target || target.username || target.password) return;
  const label = linkText(element);
  if (target.protocol === 'mailto:' || target.protocol === 'tel:') {
    const address = decodeUriComponentSafely(target.href.replace(/^(mailto|tel):/, ''));
    facts.linkStrings.push(label && label !== address ? `${label}: ${target.href}` : target.href);
    return;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return;
  facts.linkStrings.push(label ? `${label}: ${target.href}` : target.href);
  target.hash = '';
  facts.links.push({ url: target.href, text: label });
}

/** The target of a meta refresh's content (`5; url=...`), absolute and without fragment, when it is http(s). */
function refreshTarget(content: string | undefined, url: string): string | undefined {
  const target = content?.match(/url\s*=\s*['"]?([^'"\s;]+)/i)?.[1];
  const refreshUrl = target ? absolute(target, url) : undefined;
  if (!refreshUrl || (refreshUrl.protocol !== 'http:' && refreshUrl.protocol !== 'https:')) return undefined;
  refreshUrl.hash = '';
  return refreshUrl.href;
}

/** The page's markup strings: meta, JSON-LD, link and alt strings, whitespace collapsed, de-duplicated and bounded. */
function markupStrings(facts: ElementFacts): string[] {
  const markup = new Set<string>();
  for (const value of [...facts.meta, ...facts.jsonLd, ...facts.linkStrings, ...facts.alts]) {
    const clean = collapseWhitespace(value);
    if (clean && markup.size < MAX_MARKUP_ENTRIES) markup.add(cut(clean, MAX_MARKUP_CHARS));
  }
  return [...markup];
}
