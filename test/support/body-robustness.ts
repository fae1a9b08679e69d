import http from 'node:http';
import net from 'node:net';
import { MAX_BODY_BYTES } from '../../src/web/json-body.js';
import { insertDraft, replaceDraftPages, setDraftStatus } from '../../src/drafting/draft-store.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { makeAccount } from './oauth.js';
import { startTestApp, type TestApp } from './app.js';
import type { Problem } from '../../src/errors.js';

export const MIB = MAX_BODY_BYTES;

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  bytes: number;
}

/** Body requests over node:http, so that no header is added behind the caller's back (fetch adds a text/plain Content-Type). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers = { ...(body && { 'content-length': String(body.length) }), ...options.headers };
  return request(url, options.method ?? 'POST', headers, (req) => req.end(body));
}

/** A body sent with Transfer-Encoding: chunked (no Content-Length), in pieces of at most 64 KiB. */
export function sendChunked(url: string, headers: Record<string, string>, body: string | Buffer, method = 'POST'): Promise<RawResponse> {
  const bytes = Buffer.from(body);
  return request(url, method, headers, (req) => {
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) req.write(bytes.subarray(offset, offset + 64 * 1024));
    req.end();
  });
}

function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  write: (req: http.ClientRequest) => void,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, text: all.toString('utf8'), bytes: all.length });
      });
      res.on('error', reject);
    });
    // The server may answer (413) and close before the whole body is written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    write(req);
  });
}

/**
 * Bytes written straight to a socket (e.g. a Content-Length that does not match the body);
 * resolves with everything the server wrote before it closed the connection or `idleMs` passed.
 */
export function sendBytes(url: string, head: string, body: Buffer | string, idleMs = 1_000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    let timer = setTimeout(done, idleMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(done, idleMs);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    socket.write(head);
    socket.write(body);
  });
}

/** The status code of every HTTP response found in raw socket output. */
export const statusLines = (raw: string) => [...raw.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));

/** `json` followed by spaces up to exactly `bytes` bytes of UTF-8 (still the same JSON). */
export function padTo(json: string, bytes: number): string {
  const missing = bytes - Buffer.byteLength(json);
  if (missing < 0) throw new Error(`${json.slice(0, 40)}… is already ${Buffer.byteLength(json)} bytes`);
  return json + ' '.repeat(missing);
}

/** `depth` nested arrays around nothing, e.g. depth 2: [[]]. */
export const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** `depth` nested objects {"a": … 1 …}. */
export const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

export type { Problem };

export const pathsOf = (problem: Problem) => (problem.errors ?? []).map((error) => error.path).sort();

export interface Founder {
  accountId: string;
  authorization: string;
}

/** The real app, with a crawler that fails at once (no site is ever fetched) so submissions settle quickly. */
export function startAppWithoutCrawling(): Promise<TestApp> {
  return startTestApp({ drafting: { crawl: async () => ({ ok: false, code: 'unreachable', reason: 'Tests do not crawl.' }) } });
}

/** A new account with an API key allowed to read its account and write listings. */
export async function founder(t: TestApp): Promise<Founder> {
  const account = await makeAccount(t.db);
  const { key } = await createApiKey(t.db, {
    accountId: account.id,
    name: 'body robustness',
    scopes: ['account:read', 'listings:write'],
    now: new Date(),
  });
  return { accountId: account.id, authorization: `Bearer ${key}` };
}

/** A draft of `who` that update_draft accepts edits on (status ready). */
export async function readyDraft(t: TestApp, who: Founder): Promise<string> {
  const draft = await insertDraft(t.db, who.accountId, 'https://example.com/', new Date());
  // The page its crawl read (a draft is redrafted from its stored pages).
  const text = 'Example builds example software.';
  await replaceDraftPages(t.db, draft.id, [{ url: 'https://example.com/', title: 'Example', text, markup: [], html: `<p>${text}</p>` }]);
  await setDraftStatus(t.db, draft.id, 'ready', new Date());
  return draft.id;
}
