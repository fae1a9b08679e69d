import type { Middleware } from 'koa';

/**
 * Every answer starts with this policy: nothing loads, nothing frames it. A script-src is named so
 * that oidc-provider, which writes its own answers, can add the hash of its form_post script.
 */
const BASE_POLICY = "default-src 'none'; script-src 'none'; frame-ancestors 'none'; base-uri 'none'";
/**
 * The policy of the service's own HTML pages: inline styles, own images, forms sent to this site and `formActions`.
 * connect-src 'self' lets the browser itself reach this site from a page: a link's `ping`, and the robots.txt fetch a
 * crawler check such as Lighthouse's makes from the page (refused, it scores the page's SEO as if robots.txt were
 * invalid); the pages run no script, so nothing else can use it.
 */
export function pagePolicy(formActions: string[] = []): string {
  return `default-src 'none'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action ${["'self'", ...formActions].join(' ')}`;
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
 * page policy, a policy naming a directive twice keeps the first (what browsers enforce, without the
 * console error they log for the others), and a policy without frame-ancestors gets frame-ancestors 'none'.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(BASELINE);
    await next();
    const set = ctx.response.get(CSP);
    if (isHtml(ctx.response.get('Content-Type')) && (set === BASE_POLICY || !set)) ctx.set(CSP, PAGE_POLICY);
    else if (!set) ctx.set(CSP, BASE_POLICY);
    else if (set !== BASE_POLICY && set !== PAGE_POLICY) {
      const policy = firstOfEachDirective(set);
      if (!/(^|;)\s*frame-ancestors\s/.test(policy)) ctx.set(CSP, `${policy}; frame-ancestors 'none'`);
      else if (policy !== set) ctx.set(CSP, policy);
    }
  };
}

/** `policy` with each directive once, the first kept (CSP 3 §2.2.1: a repeated directive is ignored); unchanged without repeats. */
function firstOfEachDirective(policy: string): string {
  const directives = policy.split(';');
  const names = new Set<string>();
  const kept = directives.filter((directive) => {
    const name = directive.trim().split(/\s/, 1)[0]?.toLowerCase() ?? '';
    if (names.has(name)) return false;
    names.add(name);
    return true;
  });
  return kept.length === directives.length ? policy : kept.join(';');
}

/** text/html with or without parameters (what type-is's 'html' matches, without parsing every answer's type). */
const isHtml = (contentType: string) => /^\s*text\/html\s*(;|$)/i.test(contentType);
