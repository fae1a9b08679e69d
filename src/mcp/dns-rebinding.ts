import type { IncomingHttpHeaders } from 'node:http';
import { validateHostHeader } from '@modelcontextprotocol/server';

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface DnsRebindingPolicy {
  /** Host names (any port) the Host header may carry. */
  hostnames: string[];
  /** The service's own origin, the one a browser page of ours sends. */
  publicOrigin: string;
}

/** publicUrl's host, loopback and the configured extra names; entries may carry a port, which is ignored. */
export function dnsRebindingPolicy(publicUrl: string, allowedHosts: readonly string[]): DnsRebindingPolicy {
  const url = new URL(publicUrl);
  const extra = allowedHosts.map((host) => hostnameOf(host)).filter((host): host is string => host !== undefined);
  return { hostnames: [...new Set([url.hostname, ...LOOPBACK_HOSTNAMES, ...extra])], publicOrigin: url.origin };
}

/**
 * Why a request must be refused, or undefined. A page on another site that rebinds its own name to
 * this server's address reaches it with a foreign Host; a browser page of another origin sends its
 * Origin. Requests without Origin (every non-browser MCP client) pass that check.
 */
export function dnsRebindingRejection(headers: IncomingHttpHeaders, policy: DnsRebindingPolicy): string | undefined {
  const host = validateHostHeader(headers.host, policy.hostnames);
  if (!host.ok) return host.message;
  const origin = headers.origin;
  if (origin !== undefined && origin !== '' && !originAllowed(origin, policy)) return `Invalid Origin: ${origin}`;
  return undefined;
}

function originAllowed(origin: string, policy: DnsRebindingPolicy): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque origin "null"
  }
  if (url.origin === policy.publicOrigin) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.includes(url.hostname);
}

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host.trim()}`).hostname || undefined;
  } catch {
    return undefined;
  }
}
