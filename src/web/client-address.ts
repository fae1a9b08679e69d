import net from 'node:net';
import type { Middleware } from 'koa';

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'];

/**
 * Sets ctx.ip to the client's address. X-Forwarded-* headers are believed only from a trusted proxy:
 * the chain is walked from the nearest hop while each hop is a trusted proxy. From anyone else the
 * headers are removed, so that nothing later (Koa's protocol, the OAuth server) can be fooled by them.
 * `trusted` is read, never changed, once given (its answers are kept by address).
 */
export function clientAddress(trusted: net.BlockList | undefined): Middleware {
  return (ctx, next) => {
    const peer = normalise(ctx.req.socket.remoteAddress ?? '');
    if (!trusted || !isTrusted(trusted, peer)) {
      // Only those present: a delete would turn every request's header object into a slower kind of object.
      for (const header of FORWARDING_HEADERS) if (header in ctx.req.headers) delete ctx.req.headers[header];
      ctx.request.ip = peer;
      return next();
    }
    let client = peer;
    const hops = String(ctx.req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((hop) => normalise(hop.trim()))
      .filter(Boolean);
    while (isTrusted(trusted, client) && hops.length > 0) {
      const hop = hops.pop()!;
      if (!net.isIP(hop)) break;
      client = hop;
    }
    ctx.request.ip = client;
    return next();
  };
}

/** Answers of each list by address: a check builds a SocketAddress, and most requests come from a few proxies. */
const answers = new WeakMap<net.BlockList, Map<string, boolean>>();
/** Beyond this many addresses a list's answers start again (clients that come directly are many). */
const MAX_ANSWERS = 1_024;

function isTrusted(list: net.BlockList, address: string): boolean {
  let known = answers.get(list);
  if (!known) {
    known = new Map();
    answers.set(list, known);
  }
  let trusted = known.get(address);
  if (trusted === undefined) {
    const family = net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : undefined;
    trusted = family !== undefined && list.check(address, family);
    if (known.size >= MAX_ANSWERS) known.clear();
    known.set(address, trusted);
  }
  return trusted;
}

const normalise = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
