import type { Context } from 'koa';
import { namesEtag } from './etag.js';

/**
 * An image answer of the service's own (a kept image, a social card): its type, nosniff, a policy that lets it
 * load nothing, loadable from other origins (a shared link's preview, a founder's site), and a 304 when the
 * client's ETag matches.
 */
export function answerImage(ctx: Context, image: { type: string; bytes: Buffer; etag: string; cacheControl: string }): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', image.cacheControl);
  ctx.set('Content-Security-Policy', "default-src 'none'");
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  ctx.etag = image.etag;
  ctx.status = 200;
  if (namesEtag(ctx.get('If-None-Match'), ctx.response.get('ETag'))) {
    ctx.status = 304;
    return;
  }
  ctx.type = image.type;
  ctx.body = image.bytes;
}

/** A plain-text 404 for an image address that names nothing (never HTML, never an image type). */
export function answerNoImage(ctx: Context, text: string): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.status = 404;
  ctx.type = 'text/plain';
  ctx.body = text;
}
