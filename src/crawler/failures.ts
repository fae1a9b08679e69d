/**
 * Why a crawl failed, in words a founder can act on. A CrawlFailure thrown anywhere in the crawl
 * (redirect hook, response checks) travels inside got's and crawlee's error wrappers; `findFailure`
 * digs it out again, and turns the outbound guard's refusals (OutboundRefused) into the crawl's
 * own failures; `classifyError` maps everything else.
 */
import { type OutboundRefused, findCause, findRefusal, privateSubject } from '../outbound/refusal.js';

const CRAWL_FAILURE_CODES = [
  'invalid_url',
  'private_address',
  'dns_failed',
  'robots_disallowed',
  'unreachable',
  'timeout',
  'http_error',
  'not_html',
  'too_large',
] as const;
export type CrawlFailureCode = (typeof CRAWL_FAILURE_CODES)[number];

export class CrawlFailure extends Error {
  override readonly name = 'CrawlFailure';
  /** Whether a retry of the same request could succeed (server errors, dropped connections). */
  readonly retryable: boolean;

  constructor(
    readonly code: CrawlFailureCode,
    readonly reason: string,
    options: { cause?: unknown; retryable?: boolean } = {},
  ) {
    super(reason, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? false;
  }
}

/**
 * The CrawlFailure inside an error chain (got's RequestError keeps the original as `cause`), or the crawl failure an
 * outbound refusal in it stands for.
 */
export function findFailure(error: unknown): CrawlFailure | undefined {
  const failure = findCause(error, CrawlFailure);
  if (failure) return failure;
  const refusal = findRefusal(error);
  return refusal && crawlFailureOf(refusal);
}

/** What the outbound guard's refusal means for a crawl; undefined for a guard closed at the end of the crawl. */
function crawlFailureOf(refusal: OutboundRefused): CrawlFailure | undefined {
  const { host } = refusal;
  switch (refusal.reason) {
    case 'private_address':
      return new CrawlFailure(
        'private_address',
        `${privateSubject(host, refusal.literal)} not a public address; we only read public websites. Enter your site's public address, ${BY_HAND}.`,
      );
    case 'not_resolved':
      return new CrawlFailure(
        'dns_failed',
        `We could not find ${host}: its domain name does not resolve. Check the address and the domain's DNS settings, then try again, ${BY_HAND}.`,
        { cause: refusal.cause },
      );
    case 'no_address':
      return new CrawlFailure(
        'dns_failed',
        `We could not find ${host}: its domain name has no address. Check the domain's DNS settings, then try again, ${BY_HAND}.`,
      );
    case 'too_large':
      return new CrawlFailure('too_large', `The answer of ${host} is larger than we read, ${BY_HAND}.`);
    case 'scheme_not_allowed':
      return new CrawlFailure('invalid_url', `Only http:// and https:// addresses can be read. Enter your site's web address.`);
    case 'closed':
      return undefined;
  }
}

const errorCodes = (error: unknown): string[] => {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
};

const errorText = (error: unknown): string => {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    if (current instanceof Error) parts.push(`${current.name} ${current.message}`);
    else parts.push(String(current));
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return parts.join(' | ');
};

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'EREFUSED', 'ENONAME']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ABORT_ERR']);
const TLS_PATTERN =
  /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT)/;

export const BY_HAND = 'or fill the profile by hand';

/** Maps any error from a fetch of `url` to a failure; `what` names the thing fetched ("your home page"). */
export function classifyError(
  error: unknown,
  url: string,
  what: string,
  limits: { requestMs: number; maxRedirects: number },
): CrawlFailure {
  const found = findFailure(error);
  if (found) return found;
  const host = safeHost(url);
  const codes = errorCodes(error);
  const text = errorText(error);
  if (codes.some((code) => DNS_CODES.has(code))) {
    return new CrawlFailure(
      'dns_failed',
      `We could not find ${host}: its domain name does not resolve. Check the address and the domain's DNS settings, then try again, ${BY_HAND}.`,
      { cause: error },
    );
  }
  if (codes.includes('ERR_TOO_MANY_REDIRECTS') || /MaxRedirectsError|redirected \d+ times/i.test(text)) {
    return new CrawlFailure(
      'http_error',
      `${capitalize(what)} redirects more than ${limits.maxRedirects} times. Fix the redirect loop, then try again, ${BY_HAND}.`,
      { cause: error },
    );
  }
  if (codes.some((code) => TIMEOUT_CODES.has(code)) || /timed? ?out|TimeoutError/i.test(text)) {
    return new CrawlFailure(
      'timeout',
      `${capitalize(what)} did not answer in time (we wait at most ${seconds(limits.requestMs)} per request). Check that ${host} is online and responsive, then try again, ${BY_HAND}.`,
      { cause: error },
    );
  }
  const tls = codes.find((code) => TLS_PATTERN.test(code));
  if (tls) {
    return new CrawlFailure(
      'unreachable',
      `The HTTPS certificate of ${host} could not be verified (${tls}). Fix the certificate, then try again, ${BY_HAND}.`,
      { cause: error },
    );
  }
  const network = codes.find((code) => /^E[A-Z]+$/.test(code) && code !== 'ERR_GOT_REQUEST_ERROR');
  const detail =
    network === 'ECONNREFUSED'
      ? 'the connection was refused'
      : network === 'ECONNRESET'
        ? 'the connection was reset'
        : network === 'EHOSTUNREACH' || network === 'ENETUNREACH'
          ? 'the host is unreachable'
          : network
            ? `network error ${network}`
            : 'the connection failed';
  return new CrawlFailure(
    'unreachable',
    `We could not read ${what} at ${host} (${detail}). Check that the site is online, then try again, ${BY_HAND}.`,
    {
      cause: error,
      retryable: network === 'ECONNRESET' || network === 'EPIPE',
    },
  );
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the site';
  }
}

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function seconds(ms: number): string {
  const value = ms >= 10_000 ? Math.round(ms / 1000) : Math.round(ms / 100) / 10;
  return `${value} second${value === 1 ? '' : 's'}`;
}
