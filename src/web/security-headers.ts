import type { Middleware } from 'koa';

/** Baseline headers on every answer; HTML gets a strict CSP unless the page set its own. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    await next();
    if (ctx.response.is('html')) {
      if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
      ctx.set('X-Frame-Options', 'DENY');
    }
  };
}
