import { createHash } from 'node:crypto';

/** A strong validator of a body: its SHA-256 in base64url, the first `length` characters, quoted. */
export function strongEtag(body: Buffer | string, length = 32): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, length)}"`;
}

/**
 * Whether an If-None-Match header names `etag` (weak comparison, `*` any), as RFC 9110 §13.1.2 has the origin evaluate
 * it: whatever the request's Cache-Control says. Not Koa's ctx.fresh, which answers no to any request with no-cache,
 * and fetch sends that with every request it is given an If-None-Match for: a client that revalidates by hand would
 * never get its 304.
 */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
