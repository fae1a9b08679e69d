/**
 * Fetches an image from another site for keeping: through the outbound address guard (every connection, each
 * redirect's too, is checked at connect time: private, loopback, link-local and metadata addresses are refused,
 * hosts in OUTBOUND_ALLOW_HOSTS excepted), within a byte cap (before any decoding) and a time limit.
 */
import http from 'node:http';
import https from 'node:https';
import { AddressGuard } from '../outbound/address-guard.js';
import { findRefusal } from '../outbound/refusal.js';
import { validateUrl } from '../crawler/crawl-site.js';
import type { HostLookup } from '../security/public-address.js';
import { ImageRefused } from './errors.js';
import { MAX_IMAGE_BYTES } from './process.js';

export interface ImageFetchOptions {
  /** Hosts that may be private or loopback (OUTBOUND_ALLOW_HOSTS); empty in production. */
  allowHosts: readonly string[];
  userAgent: string;
  /** The whole fetch, redirects included (default 10 s). */
  timeoutMs?: number;
  maxBytes?: number;
  /** Resolves host names (tests). */
  lookup?: HostLookup;
}

const MAX_REDIRECTS = 3;
const ACCEPT = 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.1';

/** The bytes at `raw`, or ImageRefused with a reason the sender can act on. */
export async function fetchImage(raw: string, options: ImageFetchOptions): Promise<Buffer> {
  const guard = new AddressGuard({ allowHosts: options.allowHosts, lookup: options.lookup });
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  try {
    let url = checkedUrl(raw);
    for (let hop = 0; ; hop++) {
      const answer = await get(url, guard, options, signal);
      if (answer.kind === 'bytes') return answer.bytes;
      if (hop >= MAX_REDIRECTS) throw new ImageRefused(`The image address redirects more than ${MAX_REDIRECTS} times.`);
      url = checkedUrl(new URL(answer.location, url).href);
    }
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    const refusal = findRefusal(error);
    if (refusal?.reason === 'private_address')
      throw new ImageRefused(`The image address points at a private, loopback or reserved network address; give a public one.`);
    if (refusal) throw new ImageRefused(`The image could not be fetched: ${refusal.message}`);
    if (signal.aborted) throw new ImageRefused('The image did not arrive in time.');
    throw new ImageRefused(`The image could not be fetched (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    guard.destroy();
  }
}

function checkedUrl(raw: string): URL {
  const url = validateUrl(raw);
  if (!(url instanceof URL)) throw new ImageRefused("Give the image's full http:// or https:// address, without a user name or password.");
  return url;
}

type Answer = { kind: 'bytes'; bytes: Buffer } | { kind: 'redirect'; location: string };

function get(url: URL, guard: AddressGuard, options: ImageFetchOptions, signal: AbortSignal): Promise<Answer> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const secure = url.protocol === 'https:';
  return new Promise<Answer>((resolve, reject) => {
    const request = (secure ? https : http).get(
      url,
      { headers: { 'User-Agent': options.userAgent, Accept: ACCEPT }, agent: secure ? guard.httpsAgent : guard.httpAgent, signal },
      (response) => {
        const status = response.statusCode ?? 502;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          return resolve({ kind: 'redirect', location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new ImageRefused(`The image address answered HTTP ${status}.`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          request.destroy();
          return reject(tooLarge(maxBytes));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) request.destroy(tooLarge(maxBytes));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => resolve({ kind: 'bytes', bytes: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
  });
}

const tooLarge = (maxBytes: number) => new ImageRefused(`The image is larger than ${maxBytes / 1024 / 1024} MB.`);
