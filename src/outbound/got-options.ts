import type { AddressGuard } from './address-guard.js';

/**
 * The options that send a got request (crawlee's HTTP client) out through `guard`: its agents and its lookup, no
 * HTTP/2 (its protocol probe would connect unguarded), no proxy, the strict HTTP parser and verified certificates.
 * Spread them over the request's own options, last, so that nothing overrides them.
 */
export function guardedGotOptions(guard: AddressGuard) {
  return {
    agent: { http: guard.httpAgent, https: guard.httpsAgent },
    dnsLookup: guard.lookup,
    http2: false,
    insecureHTTPParser: false,
    proxyUrl: undefined,
  } as const;
}
