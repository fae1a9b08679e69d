/**
 * Why the outbound guard refused a request: its own failures, in neutral words (they end up in webhook delivery
 * logs, claim findings, image refusals and OAuth errors alike). Each caller says what a refusal means for its own
 * work: the crawler maps them to crawl failures (src/crawler/failures.ts), images to image refusals.
 */

export type OutboundRefusalReason =
  /** The host is, or resolves to, a private, loopback, link-local or metadata address (and is not allowed). */
  | 'private_address'
  /** The host name does not resolve. */
  | 'not_resolved'
  /** The host name resolves, but to no address. */
  | 'no_address'
  /** Not http or https. */
  | 'scheme_not_allowed'
  /** The answer is larger than the guard reads. */
  | 'too_large'
  /** The guard was destroyed: no new connections. */
  | 'closed';

export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  /** The host is a literal IP address (private_address: "The address … is" rather than "The host … resolves to"). */
  readonly literal: boolean;

  constructor(
    readonly reason: OutboundRefusalReason,
    /** The host asked for (never the address it resolved to). */
    readonly host: string,
    message: string,
    options: { cause?: unknown; literal?: boolean } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.literal = options.literal ?? false;
  }
}

/**
 * The refusal of a private address, in words that name the host given but never the address it resolved to, which
 * would tell a prober what lies inside the network.
 */
export function privateAddress(host: string, address: string): OutboundRefused {
  const literal = host === address;
  return new OutboundRefused(
    'private_address',
    host,
    `${privateSubject(host, literal)} not a public address; we connect only to public addresses.`,
    {
      literal,
    },
  );
}

/** "The address 10.0.0.1 is" (a literal address) or "The host intranet.example resolves to something that is". */
export const privateSubject = (host: string, literal: boolean): string =>
  literal ? `The address ${host} is` : `The host ${host} resolves to something that is`;

/** The OutboundRefused inside an error chain (got, undici and node keep the original as `cause`). */
export function findRefusal(error: unknown): OutboundRefused | undefined {
  return findCause(error, OutboundRefused);
}

/** The first error of class `type` in an error chain, following `cause` (at most 8 deep). */
export function findCause<T>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    if (current instanceof type) return current;
    if (typeof current !== 'object') return undefined;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
