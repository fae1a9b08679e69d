import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import type { Statements } from '../db/database.js';
import type { ListingStatus } from '../db/entities/listing.js';

/**
 * Which product a website is, for "one listing per product": its registrable domain under the public
 * suffix list, private suffixes included. So www.example.com, blog.example.com and example.com are one
 * product (example.com), while a.github.io and b.github.io (or a.vercel.app and b.vercel.app) are two
 * customers of one hosting suffix, hence two products. A host that is itself a public suffix stands for
 * itself. A site addressed by IP address or localhost (tests, local trials) is its host and port
 * together: 127.0.0.1:4001 and 127.0.0.1:4002 are two products. Undefined when `url` is no http(s) URL.
 */
export function registrableDomain(url: string | URL): string | undefined {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return undefined;
  if (isLocal(host)) return `${host}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** An IP address (URL.hostname writes IPv6 in brackets) or localhost and its subdomains (RFC 6761). */
function isLocal(host: string): boolean {
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0 || host === 'localhost' || host.endsWith('.localhost');
}

/** The host names a listing on `domain` can have: the domain itself (without the port of a local site) or a subdomain of it. */
function hostOf(domain: string): string {
  return domain.replace(/:\d+$/, '');
}

export type ListingOnDomain = {
  id: number;
  slug: string;
  status: ListingStatus;
  /** Whether the asking account owns it (listing_owners). */
  owned: boolean;
};

/**
 * The listing of the product on `domain` (from registrableDomain), whatever its status: one the asking
 * account owns first, then a public one, then the oldest. Candidates come from listings.domain (the
 * site's host without www., indexed as reversed text for the subdomain match, migration 0023); the
 * public suffix list then decides on each candidate's address.
 */
export async function listingOnDomain(db: Statements, domain: string, accountId: string): Promise<ListingOnDomain | undefined> {
  const host = hostOf(domain);
  const rows = await db.query<ListingOnDomain & { url: string; domain: string }>(
    `SELECT l.id, l.slug, l.status, l.url, l.domain,
       EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $3::uuid) AS owned
     FROM listings l
     WHERE reverse(lower(l.domain)) = $1 OR reverse(lower(l.domain)) LIKE $2
     ORDER BY owned DESC, l.status IN ('live', 'scheduled') DESC, l.id`,
    [reverse(host), `${reverse(`.${host}`).replace(/[\\%_]/g, (c) => `\\${c}`)}%`, accountId],
  );
  const match = rows.find((row) => (registrableDomain(row.url) ?? registrableDomain(`http://${row.domain}`)) === domain);
  return match && { id: match.id, slug: match.slug, status: match.status, owned: match.owned };
}

const reverse = (text: string) => [...text].reverse().join('');
