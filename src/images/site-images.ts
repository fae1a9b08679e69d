/**
 * The images a product's site names for itself, read from its home page as the crawler kept it: the icon
 * (apple-touch-icon, then icon links, the largest first, then /favicon.ico) for the logo, and the Open Graph
 * (or Twitter) image for the first screenshot.
 */
import { load } from 'cheerio';
import type { CrawledPage } from '../crawler/crawled-page.js';

export interface SiteImageLinks {
  /** Candidates for the logo named by the page, best first. */
  icons: string[];
  /** /favicon.ico, the last resort for the logo. */
  favicon: string | undefined;
  /** Candidates for the first screenshot, best first. */
  screenshots: string[];
}

/** The largest side named in a sizes attribute ("180x180", "16x16 32x32", "any": an SVG, the best). */
function largestSide(sizes: string | undefined, type: string | undefined, href: string): number {
  if (/\bany\b/i.test(sizes ?? '') || /svg/i.test(type ?? '') || /\.svg(\?|$)/i.test(href)) return 10_000;
  const sides = [...(sizes ?? '').matchAll(/(\d+)x(\d+)/gi)].map((m) => Math.min(Number(m[1]), Number(m[2])));
  return sides.length > 0 ? Math.max(...sides) : 0;
}

export function findSiteImageLinks(page: Pick<CrawledPage, 'url' | 'html'>): SiteImageLinks {
  const $ = load(page.html);
  const base = $('base[href]').attr('href');
  const resolve = (href: string | undefined): string | undefined => {
    if (!href?.trim()) return undefined;
    try {
      const url = new URL(href.trim(), new URL(base ?? page.url, page.url));
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
  const icons: { href: string; rank: number }[] = [];
  $('link[rel][href]').each((_, element) => {
    const rel = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
    const href = resolve($(element).attr('href'));
    if (!href) return;
    const side = largestSide($(element).attr('sizes'), $(element).attr('type'), href);
    if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')) icons.push({ href, rank: 20_000 + side });
    else if (rel.includes('icon') || rel.includes('mask-icon')) icons.push({ href, rank: side });
  });
  icons.sort((a, b) => b.rank - a.rank);
  const favicon = resolve('/favicon.ico');
  const screenshots = [
    'meta[property="og:image:secure_url"]',
    'meta[property="og:image"]',
    'meta[property="og:image:url"]',
    'meta[name="twitter:image"]',
    'meta[name="twitter:image:src"]',
  ]
    .map((selector) => resolve($(selector).first().attr('content')))
    .filter((href): href is string => href !== undefined);
  return { icons: [...new Set(icons.map((icon) => icon.href))], favicon, screenshots: [...new Set(screenshots)] };
}
