import type { Middleware } from 'koa';

/** Baseline headers on every answer; pages get a strict CSP of their own. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    await next();
    if (ctx.response.is('html')) {
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
      ctx.set('X-Frame-Options', 'DENY');
    }
  };
}
