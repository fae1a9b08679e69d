import type { AnyNode, Element } from 'cheerio';
import type { CrawledPage } from '../crawler/crawled-page.js';
import { isHidden, parseHtml, SKIPPED_TAGS } from '../crawler/html-reader.js';
import { isBadgeAddressOf } from '../badges/badge-address.js';

/** What counts as the badge of one listing on its homepage. */
export interface BadgeTarget {
  /** The listing's public page, e.g. https://directory.example/listings/acme. */
  profileUrl: string;
  /** The service's public address and the listing's slug: its badge images are what isBadgeAddressOf accepts. */
  publicUrl: string;
  slug: string;
}

/** The most elements looked at on one page (the crawler bounds pages by size too). */
const MAX_ELEMENTS = 50_000;

/**
 * Whether the page shows the badge: a visible link to the listing's page on this site, or a visible
 * badge image served by this site for this listing. The page is untrusted: parsed, never run, walked
 * iteratively within a bound. A link elsewhere on the page or a hidden badge does not count.
 */
export function findBadge(page: CrawledPage, target: BadgeTarget): 'link' | 'image' | undefined {
  const root = parseHtml(page.html);
  if (!root) return undefined;
  const profile = new URL(target.profileUrl);
  const stack: AnyNode[] = [root];
  let image = false;
  for (let seen = 0; stack.length > 0 && seen < MAX_ELEMENTS; seen++) {
    const node = stack.pop()!;
    if (node.type !== 'tag' && node.type !== 'root') continue;
    const element = node as Element;
    const name = (element.name ?? '').toLowerCase();
    if (node.type === 'tag' && (SKIPPED_TAGS.has(name) || isHidden(element))) continue;
    const attribs = element.attribs ?? {};
    if (name === 'a' && isProfileLink(resolve(attribs.href, page.url), profile)) return 'link';
    if (name === 'img' && isBadgeImage(resolve(attribs.src, page.url), target)) image = true;
    if (
      name === 'source' &&
      (attribs.srcset ?? '').split(',').some((entry) => isBadgeImage(resolve(entry.trim().split(/\s+/)[0], page.url), target))
    )
      image = true;
    for (const child of element.children ?? []) stack.push(child);
  }
  return image ? 'image' : undefined;
}

function resolve(href: string | undefined, base: string): URL | undefined {
  if (!href) return undefined;
  try {
    return new URL(href.trim(), base);
  } catch {
    return undefined;
  }
}

const trimSlash = (path: string) => path.replace(/\/+$/, '');

function isProfileLink(url: URL | undefined, profile: URL): boolean {
  return !!url && url.origin === profile.origin && trimSlash(url.pathname) === trimSlash(profile.pathname);
}

/** One of the listing's badge images as the badge route serves (and counts) them: the one definition of both. */
function isBadgeImage(url: URL | undefined, target: BadgeTarget): boolean {
  return !!url && isBadgeAddressOf(target.publicUrl, target.slug, url);
}
