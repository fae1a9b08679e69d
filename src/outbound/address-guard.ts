/**
 * The outbound address rule (SSRF protection), enforced where connections are made: every request to an address
 * someone else chose (sites crawled, images, webhook deliveries, claim proofs, OAuth client metadata) goes out
 * through an AddressGuard.
 *
 * Every socket comes from this guard's two agents. Their `createConnection`
 * refuses literal IP hosts that are not public (those skip DNS), and replaces the socket's `lookup`
 * with one that resolves the name, refuses the answer when any address is not public, and hands
 * the checked addresses to `net.connect`, which then connects to exactly those: an answer that
 * changes between a check and the connection cannot slip through, because there is no second
 * resolution. As a last line, the socket's remote address is checked again on `connect` and the
 * socket destroyed before anything is written when it is not allowed.
 *
 * Hosts named in `allowHosts` (OUTBOUND_ALLOW_HOSTS: tests, local trials) may be private. Refusals are
 * OutboundRefused errors (refusal.ts).
 */
import http from 'node:http';
import https from 'node:https';
import net, { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { isPublicAddress, systemLookup, type HostLookup } from '../security/public-address.js';
import { OutboundRefused, privateAddress } from './refusal.js';

export interface ConnectionInfo {
  host: string;
  address: string;
  port: number;
}

export interface AddressGuardOptions {
  allowHosts: readonly string[];
  lookup?: HostLookup;
  /** Called for every TCP connection actually established (tests assert where a request went). */
  onConnection?: (info: ConnectionInfo) => void;
}

const bareHost = (host: string): string =>
  host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

export class AddressGuard {
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
  private readonly allow: Set<string>;
  private readonly resolveHost: HostLookup;
  private readonly onConnection?: (info: ConnectionInfo) => void;
  private closed = false;

  constructor(options: AddressGuardOptions) {
    this.allow = new Set(options.allowHosts.map(bareHost).filter(Boolean));
    this.resolveHost = options.lookup ?? systemLookup;
    this.onConnection = options.onConnection;
    const guard = this;
    // Per guard agents: sockets are never shared with other code or with a request under another policy.
    this.httpAgent = new (class extends http.Agent {
      override createConnection(
        options: http.ClientRequestArgs,
        callback?: (err: Error | null, stream: Duplex) => void,
      ): Duplex | null | undefined {
        return guard.connect(options, callback, (opts, cb) => super.createConnection(opts, cb));
      }
    })({ keepAlive: true, maxSockets: 4 });
    this.httpsAgent = new (class extends https.Agent {
      override createConnection(
        options: https.RequestOptions,
        callback?: (err: Error | null, stream: Duplex) => void,
      ): Duplex | null | undefined {
        return guard.connect(options, callback, (opts, cb) => super.createConnection(opts, cb));
      }
    })({ keepAlive: true, maxSockets: 4 });
  }

  isAllowedHost(host: string): boolean {
    return this.allow.has(bareHost(host));
  }

  /** Whether a connection to `address` for `host` is allowed. */
  permits(host: string, address: string): boolean {
    return isIP(address) !== 0 && (this.isAllowedHost(host) || isPublicAddress(address));
  }

  /** Resolves a host name (or checks a literal address); every address returned is allowed. */
  async resolve(hostname: string): Promise<string[]> {
    const host = bareHost(hostname);
    if (isIP(host)) {
      if (!this.permits(host, host)) throw privateAddress(host, host);
      return [host];
    }
    let answer: string[];
    try {
      answer = await this.resolveHost(host);
    } catch (error) {
      throw new OutboundRefused('not_resolved', host, `We could not find ${host}: its domain name does not resolve.`, { cause: error });
    }
    const addresses = [...new Set(answer.filter((address) => isIP(address) !== 0))];
    if (addresses.length === 0) throw new OutboundRefused('no_address', host, `We could not find ${host}: its domain name has no address.`);
    const refused = addresses.find((address) => !this.permits(host, address));
    if (refused) throw privateAddress(host, refused);
    return addresses;
  }

  /** The `lookup` given to every socket: resolves through `resolve`, so only checked addresses come back. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = family ? addresses.filter((address) => isIP(address) === family) : addresses;
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`No IPv${family} address for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '', 0);
          return;
        }
        if (options.all)
          callback(
            null,
            usable.map((address) => ({ address, family: isIP(address) })),
          );
        else callback(null, usable[0], isIP(usable[0]));
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  private connect<T extends http.ClientRequestArgs>(
    options: T,
    callback: ((err: Error | null, stream: Duplex) => void) | undefined,
    create: (options: T, callback?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined,
  ): Duplex | null | undefined {
    const host = bareHost(String(options.host ?? options.hostname ?? ''));
    const port = Number(options.port ?? 0);
    if (this.closed) {
      const refusal = new OutboundRefused('closed', host, 'The address guard is closed; no new connections.');
      process.nextTick(() => callback?.(refusal, undefined as unknown as Duplex));
      return undefined;
    }
    if (!host || (isIP(host) && !this.permits(host, host))) {
      const refusal = privateAddress(host || 'an empty host', host || 'none');
      process.nextTick(() => callback?.(refusal, undefined as unknown as Duplex));
      return undefined;
    }
    const socket = create({ ...options, lookup: this.lookup }, callback);
    if (socket instanceof net.Socket) {
      socket.once('connect', () => {
        const address = socket.remoteAddress ?? '';
        if (!this.permits(host, address)) {
          socket.destroy(privateAddress(host, address || 'unknown'));
          return;
        }
        this.onConnection?.({ host, address, port: socket.remotePort ?? port });
      });
    }
    return socket;
  }

  /** Closes every socket of this guard, aborting requests still running, and refuses new ones. */
  destroy(): void {
    this.closed = true;
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
