import type { Middleware } from 'koa';

/** The headers set before a failure that its answer keeps: the request id, the security baseline and CORS. */
const KEPT_ON_ERRORS = [
  'request-id',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'content-security-policy',
  'access-control-allow-origin',
  'access-control-expose-headers',
];

/**
 * Koa answers an error thrown past every middleware with err.headers only: it removes the headers
 * set before. Mounted outside the middleware that set them, this copies the ones the answer must
 * keep onto the error (the error's own take precedence).
 */
export function keepHeadersOnErrors(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (typeof error === 'object' && error !== null) {
        const kept = Object.fromEntries(
          KEPT_ON_ERRORS.flatMap((name) => (ctx.res.hasHeader(name) ? [[name, String(ctx.res.getHeader(name))]] : [])),
        );
        const carrier = error as { headers?: Record<string, string> };
        carrier.headers = { ...kept, ...carrier.headers };
      }
      throw error;
    }
  };
}
