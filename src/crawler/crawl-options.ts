/** What a crawl is asked (its options), what it answers, and the bounds it runs within: shared by crawl-site.ts and site-reader.ts. */
import type { CrawledPage } from './crawled-page.js';
import type { HostLookup } from '../security/public-address.js';
import type { ConnectionInfo } from '../outbound/address-guard.js';
import type { CrawlFailureCode } from './failures.js';

export interface CrawlOptions {
  /** Hosts that may be private or loopback (OUTBOUND_ALLOW_HOSTS); empty in production. */
  allowHosts: readonly string[];
  /** Sent on every request; its product token (before "/") is the name robots.txt rules are matched against. */
  userAgent: string;
  /** Pages read, the home page included (default 8). */
  maxPages?: number;
  /** Decoded bytes read per page (default 2 MiB); a larger home page fails with too_large, larger sub-pages are skipped. */
  maxBytesPerPage?: number;
  /** The whole crawl, DNS and robots.txt included (default 30 s). */
  timeoutMs?: number;
  /** Redirects followed per request (default 5). */
  maxRedirects?: number;
  /** Resolves host names (tests); defaults to the system resolver. */
  lookup?: HostLookup;
  /** Called for every TCP connection actually made (tests). */
  onConnection?: (info: ConnectionInfo) => void;
}

export type CrawlResult = { ok: true; pages: CrawledPage[]; finalUrl: string } | { ok: false; code: CrawlFailureCode; reason: string };

/** A crawl's bounds, from its options and the defaults. */
export interface Settings {
  userAgent: string;
  token: string;
  maxPages: number;
  maxBytesPerPage: number;
  timeoutMs: number;
  maxRedirects: number;
  requestMs: number;
}
