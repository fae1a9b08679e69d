/**
 * The service's policy for addresses people give it to read (a product's site, an image, a claim's proof): what it
 * takes at all, and what it takes as a submission (a public host). Whether a name resolves to a public address is
 * checked again on connecting (outbound/address-guard.ts).
 */
import { isIP } from 'node:net';
import { ValidationError } from '../errors.js';
import { isPublicAddress } from './public-address.js';

const MAX_URL_LENGTH = 2048;

/** A web address the service will read at all: http(s), no credentials, a host, at most 2048 characters; or why not, in words a person can act on. */
export function readWebAddress(raw: string): URL | { problem: string } {
  const invalid = (problem: string) => ({ problem });
  const input = typeof raw === 'string' ? raw.trim() : '';
  if (!input) return invalid("No web address was given. Enter your site's address, for example https://example.com.");
  if (input.length > MAX_URL_LENGTH)
    return invalid(
      `The address is longer than ${MAX_URL_LENGTH} characters. Enter your site's home page address, for example https://example.com.`,
    );
  if (/[\s\u0000-\u001f\u007f]/.test(input))
    return invalid("The address contains spaces or control characters. Enter your site's address, for example https://example.com.");
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return invalid('This is not a complete web address. Enter it with https:// in front, for example https://example.com.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return invalid(
      `Only http:// and https:// addresses can be read (this one starts with ${url.protocol}). Enter your site's web address.`,
    );
  }
  if (url.username || url.password)
    return invalid("The address contains a user name or password. Remove them and enter your site's public address.");
  if (!url.hostname) return invalid("The address has no host name. Enter your site's address, for example https://example.com.");
  url.hash = '';
  if (url.href.length > MAX_URL_LENGTH)
    return invalid(
      `The address is longer than ${MAX_URL_LENGTH} characters. Enter your site's home page address, for example https://example.com.`,
    );
  return url;
}

const RESERVED_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.test', '.invalid', '.example'];

/**
 * A product URL the service will read: the crawler's own address rules (http(s), no credentials,
 * at most 2048 characters), and a public host name or public IP. Hosts in `allowHosts`
 * (OUTBOUND_ALLOW_HOSTS) pass for tests and trials. Whether the name resolves to a public address is
 * checked again when the crawler connects. A refusal is a 400 naming /url.
 */
export function checkSubmissionUrl(raw: string, allowHosts: readonly string[]): string {
  const checked = readSubmissionUrl(raw, allowHosts);
  if (typeof checked !== 'string') throw new ValidationError([{ path: '/url', message: checked.problem }]);
  return checked;
}

/** Why the service would refuse `raw` as a submission URL, in words a person can act on; undefined when it would take it. */
export function submissionUrlProblem(raw: string, allowHosts: readonly string[]): string | undefined {
  const checked = readSubmissionUrl(raw, allowHosts);
  return typeof checked === 'string' ? undefined : checked.problem;
}

function readSubmissionUrl(raw: string, allowHosts: readonly string[]): string | { problem: string } {
  const url = readWebAddress(raw);
  if (!(url instanceof URL)) return url;
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (allowHosts.includes(host)) return url.toString();
  if (isIP(host)) {
    if (!isPublicAddress(host)) return { problem: 'The address points at a private or reserved network address; send the public website' };
    return url.toString();
  }
  if (!host.includes('.') || RESERVED_SUFFIXES.some((suffix) => host.endsWith(suffix) || host === suffix.slice(1))) {
    return { problem: 'The address must name a public website (a domain such as example.com)' };
  }
  return url.toString();
}
