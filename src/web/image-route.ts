import type { Middleware } from 'koa';
import type { Services } from '../services.js';
import { loadImage } from '../images/image-store.js';
import { answerImage, answerNoImage } from './image-answer.js';

/** /images/{sha256}.{webp|png}: the addresses imagePath hands out. */
const IMAGE_PATH = /^\/images\/([0-9a-f]{64})\.(webp|png)$/;
const TYPES = { webp: 'image/webp', png: 'image/png' } as const;

/**
 * Serves the images the service keeps (logos, screenshots), from the database every instance shares. An address
 * names the hash of the bytes, so an answer never changes: it is cached for a year, immutable. Only images we
 * encoded are ever stored, and each is sent with its own type, nosniff and a policy that lets it load nothing.
 */
export function keptImages(services: Services): Middleware {
  return async (ctx, next) => {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? IMAGE_PATH.exec(ctx.path) : null;
    if (!match) return next();
    const [, sha256, extension] = match;
    const image = await loadImage(services.db, sha256, TYPES[extension as keyof typeof TYPES]);
    if (!image) return answerNoImage(ctx, 'No such image.');
    answerImage(ctx, { type: image.contentType, bytes: image.bytes, etag: sha256, cacheControl: 'public, max-age=31536000, immutable' });
  };
}
