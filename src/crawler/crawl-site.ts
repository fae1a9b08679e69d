/**
 * Reads a product's website for the profile drafter: robots.txt first (obeyed for our own user
 * agent), then the home page and a few same-host pages that state facts (about, team, pricing,
 * features, FAQ, contact, legal, ...), within bounds on pages, bytes per page, redirects and total
 * time. Never connects to private, loopback, link-local or metadata addresses (see src/outbound/address-guard.ts),
 * except hosts named in `allowHosts` (OUTBOUND_ALLOW_HOSTS; empty in production).
 *
 * A site that cannot be read ends in a failure with a reason a founder can act on; the crawler
 * never fills anything in. The crawler itself (crawlee, in site-reader.ts) is loaded at the first
 * crawl: an instance that never crawls does not load it, and none waits for it to start.
 */
import { withSpan } from '../observability/tracing.js';
import { readWebAddress } from '../security/url-policy.js';
import { CrawlFailure } from './failures.js';
import type { CrawlOptions, CrawlResult, Settings } from './crawl-options.js';

export const CRAWLER_NAME = 'LaunchDirectoryBot';

/** The crawler's user agent: names the service and where to read about it. */
export function crawlerUserAgent(publicUrl: string): string {
  return `${CRAWLER_NAME}/1.0 (+${publicUrl.replace(/\/+$/, '')}/bot)`;
}

const CRAWL_DEFAULTS = {
  maxPages: 8,
  maxBytesPerPage: 2 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 5,
} as const;

const MAX_REQUEST_MS = 15_000;

/** Crawls a site, traced as the span `crawl` (its host, outcome and pages read). */
export function crawlSite(url: string, options: CrawlOptions): Promise<CrawlResult> {
  return withSpan('crawl', { attributes: { 'server.address': URL.parse(url)?.host ?? '' } }, async (span) => {
    const result = await readValidSite(url, options);
    span.setAttributes(
      result.ok ? { 'launch.crawl.outcome': 'ok', 'launch.crawl.pages': result.pages.length } : { 'launch.crawl.outcome': result.code },
    );
    return result;
  });
}

async function readValidSite(url: string, options: CrawlOptions): Promise<CrawlResult> {
  const target = validateUrl(url);
  if (target instanceof CrawlFailure) return { ok: false, code: target.code, reason: target.reason };
  const { readSite } = await import('./site-reader.js');
  return readSite(target, resolveSettings(options), options);
}

function resolveSettings(options: CrawlOptions): Settings {
  const positive = (value: number | undefined, fallback: number): number =>
    value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
  const timeoutMs = positive(options.timeoutMs, CRAWL_DEFAULTS.timeoutMs);
  return {
    userAgent: options.userAgent,
    token: options.userAgent.split('/')[0].trim() || CRAWLER_NAME,
    maxPages: Math.max(1, Math.floor(positive(options.maxPages, CRAWL_DEFAULTS.maxPages))),
    maxBytesPerPage: Math.floor(positive(options.maxBytesPerPage, CRAWL_DEFAULTS.maxBytesPerPage)),
    timeoutMs,
    maxRedirects: Math.max(0, Math.floor(options.maxRedirects ?? CRAWL_DEFAULTS.maxRedirects)),
    requestMs: Math.max(500, Math.min(MAX_REQUEST_MS, timeoutMs)),
  };
}

/** Checks a submitted address (security/url-policy.ts: http(s), no credentials, a host, at most 2048 characters). */
export function validateUrl(raw: string): URL | CrawlFailure {
  const url = readWebAddress(raw);
  return url instanceof URL ? url : new CrawlFailure('invalid_url', url.problem);
}
