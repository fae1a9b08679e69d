import type { SiteSettings } from '../catalogue/site-settings.js';
import type { RatePolicy } from './counter.js';
import type { WindowCount } from './fixed-window.js';

export function requestPolicy(limits: SiteSettings['rate_limits'], signedIn: boolean): RatePolicy {
  return signedIn
    ? { name: 'signed-in', limit: limits.signed_in_per_minute, windowSeconds: 60 }
    : { name: 'anonymous', limit: limits.anonymous_per_minute, windowSeconds: 60 };
}

/** RateLimit-Policy and RateLimit (IETF httpapi rate-limit headers draft: `"name";q=..;w=..` and `"name";r=..;t=..`). */
export function rateLimitHeaders(policy: RatePolicy, count: WindowCount): Record<string, string> {
  return {
    'RateLimit-Policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `"${policy.name}";r=${count.remaining};t=${count.resetSeconds}`,
  };
}

/**
 * The partition a client's requests count in: its account, else its address. An IPv6 client is
 * counted by its /64 network (one host can use any address of it); an IPv4-mapped address as IPv4.
 * The key holds `hash` of the address's partition (a keyed hash: src/security/keyed-hash.ts), never the address.
 */
export function partitionKey(accountId: string | undefined, address: string, hash: (value: string) => string): string {
  if (accountId) return `requests:account:${accountId}`;
  return `requests:ip:${hash(addressPartition(address))}`;
}

function addressPartition(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
