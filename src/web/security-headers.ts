import type { Middleware } from 'koa';

/**
 * Every answer starts with this policy: nothing loads, nothing frames it. A script-src is named so
 * that oidc-provider, which writes its own answers, can add the hash of its form_post script.
 */
const BASE_POLICY = "default-src 'none'; script-src 'none'; frame-ancestors 'none'; base-uri 'none'";
/** The policy of the service's own HTML pages: inline styles, own images, forms sent to this site and `formActions`. */
export function pagePolicy(formActions: string[] = []): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action ${["'self'", ...formActions].join(' ')}`;
}
/** HTML that did not choose its own policy. */
const PAGE_POLICY = pagePolicy();
const CSP = 'Content-Security-Policy';

const BASELINE = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  [CSP]: BASE_POLICY,
};

/**
 * Baseline headers on every answer, set before the handler runs (the OAuth server and the MCP
 * endpoint write their answers themselves). Afterwards HTML that set no policy of its own gets the
 * page policy, and a policy a handler set without frame-ancestors gets frame-ancestors 'none'.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(BASELINE);
    await next();
    const policy = ctx.response.get(CSP);
    if (isHtml(ctx.response.get('Content-Type')) && (policy === BASE_POLICY || !policy)) ctx.set(CSP, PAGE_POLICY);
    else if (!policy) ctx.set(CSP, BASE_POLICY);
    else if (!/(^|;)\s*frame-ancestors\s/.test(policy)) ctx.set(CSP, `${policy}; frame-ancestors 'none'`);
  };
}

/** text/html with or without parameters (what type-is's 'html' matches, without parsing every answer's type). */
const isHtml = (contentType: string) => /^\s*text\/html\s*(;|$)/i.test(contentType);
