import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (2000::/3): everything outside it (IPv4-compatible ::/96, site-local fec0::/10, ...) is refused. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether outbound fetches of user-supplied URLs may reach this address. The ranges come from ipaddr.js, a maintained
 * list of special-use blocks (RFC 6890 and later), rather than a hand list: an IPv4 address must be plain unicast (not
 * private, loopback, link-local, carrier-grade NAT, reserved, documentation, multicast...), an IPv6 address must be
 * global unicast outside every special block, and an IPv4-mapped address (::ffff:a.b.c.d) is judged by the IPv4
 * address it carries. 6to4, Teredo and NAT64 addresses are refused whatever they embed.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  const v6 = parseIPv6(address);
  if (!v6) return false;
  if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

/**
 * Parses an IPv6 address after the URL parser has put it in canonical form: ipaddr.js reads `::8.8.8.8` (IPv4-compatible)
 * as if it were `::ffff:8.8.8.8` (IPv4-mapped), which would judge it by the IPv4 address. Scoped addresses (`%zone`) are
 * never public, so they do not parse.
 */
function parseIPv6(address: string): ipaddr.IPv6 | undefined {
  if (address.includes('%')) return undefined;
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${address}]`).hostname.slice(1, -1));
  } catch {
    return undefined;
  }
}

export type HostLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Whether every address the host name resolves to is public; false when it does not resolve. */
export async function hostIsPublic(hostname: string, resolve: HostLookup = systemLookup): Promise<boolean> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return isPublicAddress(bare);
  try {
    const addresses = await resolve(bare);
    return addresses.length > 0 && addresses.every((address) => isPublicAddress(address));
  } catch {
    return false;
  }
}
