/**
 * Looking for a claim's proof now: the TXT record through a DNS resolver (servers from DNS_SERVERS, else the
 * system's), the meta tag on the homepage or the file under /.well-known/, fetched through the outbound
 * address guard (public addresses only, bounded answers). Redirects are followed only within the listing's
 * domain (and its www. name): a page on another domain proves nothing about this one. Whatever is found
 * is reported in words a person can act on.
 */
import { Resolver } from 'node:dns/promises';
import * as cheerio from 'cheerio';
import { parseHtml } from '../crawler/html-reader.js';
import { AddressGuard } from '../outbound/address-guard.js';
import { guardedFetch } from '../outbound/guarded-fetch.js';
import type { HostLookup } from '../security/public-address.js';
import { DNS_LABEL, FILE_PATH, META_NAME, TXT_PREFIX } from './instructions.js';

export interface ProofCheck {
  found: boolean;
  /** What was found, for the claimant: why the proof is not there yet, or where it was. */
  finding: string;
}

export interface ProofSettings {
  /** DNS servers ("127.0.0.1:5353" or "1.1.1.1"); empty: the system's. */
  dnsServers: readonly string[];
  /** Hosts that may be private (OUTBOUND_ALLOW_HOSTS: tests, local trials). */
  allowHosts: readonly string[];
  userAgent: string;
  lookup?: HostLookup;
}

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;
const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Looks for the proof of a dns, meta or file claim on the listing's domain and homepage now. */
export function checkProof(
  claim: { method: 'dns' | 'meta' | 'file'; domain: string; token: string },
  homepage: string,
  settings: ProofSettings,
): Promise<ProofCheck> {
  if (claim.method === 'dns') return checkDns(claim.domain, claim.token, settings);
  if (claim.method === 'meta') return checkMeta(homepage, claim.domain, claim.token, settings);
  return checkFile(homepage, claim.domain, claim.token, settings);
}

async function checkDns(domain: string, token: string, settings: ProofSettings): Promise<ProofCheck> {
  const name = `${DNS_LABEL}.${domain}`;
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (settings.dnsServers.length > 0) resolver.setServers([...settings.dnsServers]);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA')
      return { found: false, finding: `No TXT record at ${name} yet. DNS changes can take up to a day to be seen.` };
    return { found: false, finding: `The DNS look-up of ${name} failed (${code ?? 'error'}); try again in a few minutes.` };
  }
  // A record longer than 255 characters comes in several strings: they form one value.
  const values = records.map((strings) => strings.join(''));
  const expected = `${TXT_PREFIX}${token}`;
  if (values.some((value) => value.trim() === expected)) return { found: true, finding: `TXT record found at ${name}.` };
  const ours = values.filter((value) => value.trim().startsWith(TXT_PREFIX));
  if (ours.length > 0)
    return {
      found: false,
      finding: `TXT found at ${name}, but the token differs: it holds "${clip(ours[0].trim())}", expected "${expected}".`,
    };
  return {
    found: false,
    finding: `TXT records found at ${name}, but none is "${expected}" (found ${values.length}: ${values.map((v) => `"${clip(v)}"`).join(', ')}).`,
  };
}

async function checkMeta(homepage: string, domain: string, token: string, settings: ProofSettings): Promise<ProofCheck> {
  const page = await fetchOnDomain(homepage, domain, settings, 'The homepage');
  if ('finding' in page) return page;
  // Parsed by the crawler's reader of untrusted pages (htmlparser2: linear time on hostile markup).
  const root = parseHtml(page.body);
  const $ = cheerio.load(root ?? '');
  const contents = $(`meta[name="${META_NAME}" i]`)
    .toArray()
    .map((element) => ($(element).attr('content') ?? '').trim());
  if (contents.includes(token)) return { found: true, finding: `Meta tag found on ${page.url}.` };
  if (contents.length > 0)
    return { found: false, finding: `The meta tag on ${page.url} holds "${clip(contents[0])}", not this claim's token "${token}".` };
  return { found: false, finding: `${page.url} answered, but has no <meta name="${META_NAME}"> tag in its HTML.` };
}

async function checkFile(homepage: string, domain: string, token: string, settings: ProofSettings): Promise<ProofCheck> {
  const url = `${new URL(homepage).origin}${FILE_PATH}`;
  const file = await fetchOnDomain(url, domain, settings, `The file ${FILE_PATH}`);
  if ('finding' in file) return file;
  const lines = file.body.split(/\r?\n/).map((line) => line.trim());
  if (lines.includes(token)) return { found: true, finding: `File found at ${file.url}.` };
  const first = lines.find((line) => line !== '') ?? '';
  return {
    found: false,
    finding: first ? `${file.url} holds "${clip(first)}", not this claim's token "${token}".` : `${file.url} is empty.`,
  };
}

/** GET `url`, following redirects within the domain; the body, or a finding saying why there is none. */
async function fetchOnDomain(
  url: string,
  domain: string,
  settings: ProofSettings,
  what: string,
): Promise<{ url: string; body: string } | ProofCheck> {
  const guard = new AddressGuard({ allowHosts: settings.allowHosts, lookup: settings.lookup });
  const get = guardedFetch(guard);
  try {
    let current = new URL(url);
    for (let redirects = 0; ; redirects++) {
      if (!onDomain(current, domain))
        return {
          found: false,
          finding: `${what} redirects to ${current.host}, which is not ${domain}: a page on another domain proves nothing.`,
        };
      const response = await get(current.href, {
        headers: { 'user-agent': settings.userAgent, accept: 'text/html,text/plain;q=0.9,*/*;q=0.1' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        if (redirects >= MAX_REDIRECTS) return { found: false, finding: `${what} redirects more than ${MAX_REDIRECTS} times.` };
        current = new URL(location, current);
        continue;
      }
      if (!response.ok) return { found: false, finding: `${current.href} answered ${response.status}.` };
      return { url: current.href, body: await response.text() };
    }
  } catch (error) {
    return { found: false, finding: `${url} could not be read: ${describe(error)}.` };
  } finally {
    guard.destroy();
  }
}

function onDomain(url: URL, domain: string): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return (url.protocol === 'https:' || url.protocol === 'http:') && (host === domain || host === `www.${domain}`);
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const message = error instanceof Error ? error.message : String(error);
  return clip(message, 160);
}
