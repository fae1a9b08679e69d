/**
 * The network a request comes from, as the vote check and the per-network limits see it: an IPv4 address's /24, an
 * IPv6 address's /48 (what one household, office or small host usually holds), an IPv4-mapped IPv6 address as the
 * IPv4 one. What is stored (votes.network, accounts.signup_network) is a keyed hash of the network, never an address:
 * equal for two people on one network, and meaningless to anyone without the service's `network_key` secret.
 */
import { createHmac } from 'node:crypto';
import net from 'node:net';
import type { Database } from '../db/database.js';
import { randomToken } from '../security/random.js';
import { sharedSecret } from '../security/service-secrets.js';

/** How many hex characters of the HMAC are kept: 128 bits, plenty to tell networks apart. */
const KEY_LENGTH = 32;

/** The network of `address` ("203.0.113.0/24", "2001:db8:1::/48"); anything that is not an IP address is its own network. */
export function networkOf(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (net.isIPv4(bare)) return ipv4Network(bare);
  if (!net.isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return ipv4Network([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.'));
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

/** What is stored of `address`: the first 32 hex characters of HMAC-SHA256(secret, its network). */
export function networkKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(networkOf(address)).digest('hex').slice(0, KEY_LENGTH);
}

/** The service's network key secret, read once per database (every instance shares it). */
const secrets = new WeakMap<Database, Promise<string>>();

/** networkKey with the service's own secret (service_secrets `network_key`, made on first use). */
export async function networkKeyOf(db: Database, address: string): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = sharedSecret(db, 'network_key', () => randomToken(32));
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db)); // a failed read is tried again next time
  }
  return networkKey(await secret, address);
}

function ipv4Network(address: string): string {
  const [a, b, c] = address.split('.').map(Number);
  return `${a}.${b}.${c}.0/24`;
}

/** The eight 16-bit groups of a valid IPv6 address (a "::" expanded, a dotted IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
