import net from 'node:net';
import type { Middleware } from 'koa';

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'];

/** Addresses a trusted proxy may have when TRUST_PROXY=true names none: loopback and private networks. */
export const PRIVATE_NETWORKS = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '::1/128', 'fc00::/7'];

/** A set of proxy addresses and networks (`10.0.0.7`, `10.0.0.0/8`, `::1`). */
export function proxyList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    const prefix = Number(bits);
    const validPrefix = bits === undefined || (/^\d{1,3}$/.test(bits) && prefix <= (family === 'ipv6' ? 128 : 32));
    if (!net.isIP(address) || !validPrefix || rest.length > 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or network`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return list;
}

/**
 * Sets ctx.ip to the client's address. X-Forwarded-* headers are believed only from a trusted proxy:
 * the chain is walked from the nearest hop while each hop is a trusted proxy. From anyone else the
 * headers are removed, so that nothing later (Koa's protocol, the OAuth server) can be fooled by them.
 */
export function clientAddress(trusted: net.BlockList | undefined): Middleware {
  return async (ctx, next) => {
    const peer = normalise(ctx.req.socket.remoteAddress ?? '');
    if (!trusted || !isTrusted(trusted, peer)) {
      for (const header of FORWARDING_HEADERS) delete ctx.req.headers[header];
      ctx.request.ip = peer;
      return next();
    }
    let client = peer;
    const hops = String(ctx.req.headers['x-forwarded-for'] ?? '').split(',').map((hop) => normalise(hop.trim())).filter(Boolean);
    while (isTrusted(trusted, client) && hops.length > 0) {
      const hop = hops.pop()!;
      if (!net.isIP(hop)) break;
      client = hop;
    }
    ctx.request.ip = client;
    return next();
  };
}

function isTrusted(list: net.BlockList, address: string): boolean {
  const family = net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : undefined;
  return family !== undefined && list.check(address, family);
}

const normalise = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
