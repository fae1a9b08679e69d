import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';

/**
 * Compressed pages. A page of the site is 15 to 35 KB of HTML and a fifth of that compressed: every browser asks
 * for br or gzip (Accept-Encoding), and so does a CDN on a browser's behalf. A kept page is compressed once per
 * coding, the first time a client asks for it, and answered compressed from then on (see src/site/kept-pages.ts).
 */
export type ContentCoding = 'br' | 'gzip';

/** Below this many bytes compressing saves less than the headers it adds. */
const MIN_BYTES = 1_024;

/**
 * The coding to answer with, by the request's Accept-Encoding (RFC 9110 §12.5.3): br, else gzip, each unless
 * refused (`q=0`) or unnamed (`*` names both); undefined for the body as it is.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let any = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'br') br = accepted;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = accepted;
    else if (coding === '*') any = accepted;
  }
  if (br ?? any) return 'br';
  if (gzip ?? any) return 'gzip';
  return undefined;
}

/**
 * How hard a body is compressed. 'fast' on the request path, where most pages of the long tail are read once: measured
 * on a listing page of 20.5 KB (2026-11-29, one core of the 2-core machine), brotli at quality 1 makes 6.6 KB in
 * 84 µs, quality 2 6.1 KB in 123 µs (a third more time for 8% fewer bytes, 4% of a cold listing page's CPU), gzip at
 * level 1 6.3 KB in 95 to 119 µs. 'tight' for a kept page read again, made once and sent many times: brotli at
 * quality 5, gzip at level 6.
 */
export type Effort = 'fast' | 'tight';

const BROTLI_QUALITY: Record<Effort, number> = { fast: 1, tight: 5 };
const GZIP_LEVEL: Record<Effort, number> = { fast: 1, tight: 6 };

/** `body` in `coding`, compressed with `effort`. */
export function encodeBody(body: Buffer, coding: ContentCoding, effort: Effort = 'fast'): Buffer {
  const coded =
    coding === 'gzip'
      ? gzipSync(body, { level: GZIP_LEVEL[effort] })
      : brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
  return ownBytes(coded);
}

/**
 * A buffer of its own length: zlib answers a view of its 16 KiB output chunk, which a kept page's 5 KB copy would hold
 * whole (three times the memory it needs, for as long as the page is kept).
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/** Whether a body of `bytes` is worth compressing. */
const worthCompressing = (bytes: number): boolean => bytes >= MIN_BYTES;

/**
 * Answers `body` (of type `type`), compressed as the request asks when it is worth it, and says which coding it took
 * (undefined: the body as it is); the answer varies by Accept-Encoding either way. `made`: the codings made of this
 * body before (a kept page's) with `effort`, reused, and given the one made now.
 */
export function answerEncoded(
  ctx: Context,
  body: Buffer,
  type: string,
  made: Partial<Record<ContentCoding, Buffer>> = {},
  effort: Effort = 'fast',
): ContentCoding | undefined {
  const coding = worthCompressing(body.length) ? preferredCoding(ctx.get('Accept-Encoding')) : undefined;
  ctx.vary('Accept-Encoding');
  if (coding) {
    ctx.body = made[coding] ??= encodeBody(body, coding, effort);
    ctx.set('Content-Encoding', coding);
  } else ctx.body = body;
  ctx.type = type;
  return coding;
}

/**
 * The strong ETag of a body's compressed representation: another representation, so another validator (RFC 9110
 * §8.8.3); the same body compressed tighter is other bytes, so another validator again ("-br", "-br-t").
 */
export function codedEtag(etag: string, coding: ContentCoding | undefined, effort: Effort = 'fast'): string {
  return coding ? `${etag.slice(0, -1)}-${coding}${effort === 'tight' ? '-t' : ''}"` : etag;
}

/**
 * Mounted before a page route whose pages are not kept: its HTML page (answered 200, as a string) compressed as the
 * client asks, for this answer only, with its ETag made the coding's own. A body already encoded, or any other
 * answer, passes as it is; the answer varies by Accept-Encoding either way. (Kept pages are compressed by
 * src/site/kept-pages.ts, once per page.)
 */
export const compressedPage: Middleware = async (ctx, next) => {
  await next();
  compressPage(ctx);
};

/** The answer's HTML page (200, a string) compressed as the client asks, for this answer only; anything else as it is. */
export function compressPage(ctx: Context): void {
  const type = ctx.response.get('Content-Type');
  if (ctx.status !== 200 || typeof ctx.body !== 'string' || !/^text\/html/i.test(type) || ctx.response.get('Content-Encoding')) {
    ctx.vary('Accept-Encoding');
    return;
  }
  const etag = ctx.response.get('ETag');
  const coding = answerEncoded(ctx, Buffer.from(ctx.body), type);
  if (coding && etag) ctx.set('ETag', codedEtag(etag, coding));
}
