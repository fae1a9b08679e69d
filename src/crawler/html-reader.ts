/**
 * The one HTML reader of the service's crawled pages: the crawler builds a CrawledPage with it and
 * the extractive drafter reads the page's structure with it, so both agree on what is text, what is a
 * block and what is hidden. Pages are untrusted: htmlparser2 (linear time even on hostile, deeply
 * nested markup; parse5 is quadratic there), never executed; callers walk the tree iteratively or
 * bounded in depth.
 */
import * as cheerio from 'cheerio';
import type { AnyNode, Element } from 'cheerio';

/** The document tree of `html` (its root node). */
export function parseHtml(html: string): AnyNode | undefined {
  const $ = cheerio.load(html, { xmlMode: false, decodeEntities: true, _useHtmlParser2: true } as cheerio.CheerioOptions);
  return $.root().get(0);
}

/** Subtrees that are never page content (nor a source of links or alt texts). */
export const SKIPPED_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'select',
  'datalist',
]);

/** Block-level elements: their text is set apart from what surrounds it. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

/** Table cells: set apart by a space. */
export const CELL_TAGS: ReadonlySet<string> = new Set(['td', 'th']);

/** Elements whose content a visitor does not see: hidden, aria-hidden="true" (any case), display:none, visibility:hidden. */
export function isHidden(element: Element): boolean {
  const attribs = element.attribs ?? {};
  if ('hidden' in attribs) return true;
  if ((attribs['aria-hidden'] ?? '').trim().toLowerCase() === 'true') return true;
  const style = (attribs.style ?? '').toLowerCase().replace(/\s+/g, '');
  return style.includes('display:none') || style.includes('visibility:hidden');
}

/** The text of a text node. */
export const textData = (node: AnyNode): string => (node as unknown as { data?: string }).data ?? '';
