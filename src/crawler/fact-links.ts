/**
 * Which links of a site are worth reading: the pages that state facts (about, team, pricing, FAQ,
 * contact, legal, ...), in a fixed order of preference, judged by URL path and link text.
 */
import type { PageLink } from './page-extract.js';

/** Kinds of fact pages, most wanted first. `blog` only matches a blog index, taken at most once. */
const FACT_KINDS: readonly { kind: string; pattern: RegExp }[] = [
  { kind: 'about', pattern: /\b(about|about[- ]us|who[- ]we[- ]are|our[- ]story|story|mission)\b/ },
  { kind: 'company', pattern: /\b(company|unternehmen|entreprise)\b/ },
  { kind: 'team', pattern: /\b(team|founders?|people|leadership)\b/ },
  { kind: 'pricing', pattern: /\b(pricing|prices?|preise|tarifs?)\b/ },
  { kind: 'plans', pattern: /\b(plans?)\b/ },
  { kind: 'features', pattern: /\b(features?|capabilities)\b/ },
  { kind: 'product', pattern: /\b(products?|solutions?|how[- ]it[- ]works)\b/ },
  { kind: 'faq', pattern: /\b(faqs?|frequently[- ]asked[- ]questions|questions)\b/ },
  { kind: 'help', pattern: /\b(help|support)\b/ },
  { kind: 'contact', pattern: /\b(contact|contact[- ]us|kontakt)\b/ },
  { kind: 'legal', pattern: /\b(legal|imprint|impressum|mentions[- ]legales)\b/ },
  { kind: 'terms', pattern: /\b(terms|tos|conditions)\b/ },
  { kind: 'privacy', pattern: /\b(privacy|datenschutz|gdpr)\b/ },
  { kind: 'security', pattern: /\b(security|trust)\b/ },
  { kind: 'careers', pattern: /\b(careers?|jobs|hiring)\b/ },
];
const BLOG_INDEX = /^\/(blog|news|journal|updates)\/?$/;
const BLOG_RANK = FACT_KINDS.length;

/** File types that are never HTML pages. */
const NOT_PAGES =
  /\.(pdf|png|jpe?g|gif|webp|svg|ico|bmp|tiff?|avif|mp[34]|m4a|mov|avi|webm|ogg|wav|zip|gz|tgz|bz2|xz|7z|rar|dmg|exe|msi|pkg|deb|rpm|apk|iso|csv|xlsx?|docx?|pptx?|json|xml|rss|atom|txt|css|js|mjs|map|woff2?|ttf|otf|eot)$/i;

export interface RankedLink {
  url: string;
  rank: number;
  kind: string;
}

function pathWords(url: URL): string {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the encoded form
  }
  return path.toLowerCase().replace(/[_/.+]+/g, ' ');
}

/** Ranks a link, or undefined when it does not look like a fact page. */
export function rankLink(link: PageLink): RankedLink | undefined {
  let url: URL;
  try {
    url = new URL(link.url);
  } catch {
    return undefined;
  }
  if (NOT_PAGES.test(url.pathname)) return undefined;
  if (BLOG_INDEX.test(url.pathname.toLowerCase())) return { url: url.href, rank: BLOG_RANK, kind: 'blog' };
  const words = pathWords(url);
  const text = link.text.toLowerCase().slice(0, 200);
  let best: { rank: number; kind: string } | undefined;
  FACT_KINDS.forEach(({ kind, pattern }, rank) => {
    if (best && best.rank <= rank) return;
    if (pattern.test(words) || pattern.test(text)) best = { rank, kind };
  });
  return best ? { url: url.href, rank: best.rank, kind: best.kind } : undefined;
}

/** Links that are never worth reading as an other page: accounts, carts, downloads, the home page itself. */
const NOT_CONTENT =
  /^\/(?:$|(?:log-?in|log-?out|sign-?in|sign-?up|sign-?out|register|account|auth|cart|checkout|basket|download|downloads|search|cdn-cgi|wp-admin|wp-login)\b)/i;
const OTHER_RANK = BLOG_RANK + 1;

/**
 * The other same-host pages a page links to, that are not fact pages by name ("Buy", "Hello", "Manifesto", "Docs"):
 * read only when the fact pages left room in the budget. Shallow paths first (a site's sections before their
 * sub-pages), then in page order; no query strings, accounts, carts or downloads, no pages under a blog.
 */
export function chooseOtherLinks(links: readonly PageLink[], siteHost: string, exclude: ReadonlySet<string>): RankedLink[] {
  const chosen = new Map<string, RankedLink>();
  for (const link of links) {
    const url = sameHostPage(link.url, siteHost);
    if (!url || url.search || exclude.has(url.href) || chosen.has(url.href) || NOT_PAGES.test(url.pathname)) continue;
    const path = url.pathname.toLowerCase();
    if (NOT_CONTENT.test(path) || /^\/(blog|news|journal|updates)\/./.test(path) || pathDepth(url.href) > 2) continue;
    if (rankLink({ url: url.href, text: link.text })) continue; // a fact page: chooseFactLinks takes it
    chosen.set(url.href, { url: url.href, rank: OTHER_RANK, kind: 'other' });
  }
  // Shallow paths first (a stable sort keeps page order among equals).
  return [...chosen.values()].sort((a, b) => pathDepth(a.url) - pathDepth(b.url));
}

/** A link's address as a page of the site on `siteHost` (http(s), no credentials, the fragment dropped); else undefined. */
function sameHostPage(href: string, siteHost: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host !== siteHost || url.username || url.password) return undefined;
  url.hash = '';
  return url;
}

/** How many segments a page's path has ("/" 0, "/docs/api" 2). */
export const pathDepth = (href: string): number => new URL(href).pathname.split('/').filter(Boolean).length;

/**
 * The fact links of a page on `siteHost` (host with port), best first: by kind, then by shorter
 * path, then in page order. Links to other hosts, to `exclude`d URLs and a second blog are dropped.
 */
export function chooseFactLinks(
  links: readonly PageLink[],
  siteHost: string,
  exclude: ReadonlySet<string>,
  blogTaken: boolean,
): RankedLink[] {
  const chosen = new Map<string, RankedLink & { order: number; depth: number }>();
  links.forEach((link, order) => {
    const url = sameHostPage(link.url, siteHost);
    if (!url || exclude.has(url.href)) return;
    const ranked = rankLink({ url: url.href, text: link.text });
    if (!ranked) return;
    const previous = chosen.get(ranked.url);
    if (previous && previous.rank <= ranked.rank) return;
    chosen.set(ranked.url, { ...ranked, order: previous?.order ?? order, depth: pathDepth(url.href) });
  });
  const sorted = [...chosen.values()].sort((a, b) => a.rank - b.rank || a.depth - b.depth || a.order - b.order);
  let blog = blogTaken;
  return sorted
    .filter((link) => {
      if (link.kind !== 'blog') return true;
      if (blog) return false;
      blog = true;
      return true;
    })
    .map(({ url, rank, kind }) => ({ url, rank, kind }));
}
