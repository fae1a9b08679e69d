import type { Context, Middleware } from 'koa';
import { ProblemError } from '../errors.js';
import { sendProblem } from './problem.js';

/** The two answers for a request nothing served: no such address, or an address that takes other methods. */
type UnservedStatus = 404 | 405;

/** Draws the site's own page for a browser: sets the status, type and body (the site's layout, with the visitor's account). */
export type UnservedPage = (ctx: Context, status: UnservedStatus) => Promise<void>;

interface FallbackOptions {
  /** The site's 404 and 405 pages, for requests that prefer HTML. */
  page: UnservedPage;
  /**
   * Sections that have no page of their own at their bare address, and where such a request goes instead (GET and HEAD,
   * with or without a trailing slash), e.g. `/listings` to the launches page.
   */
  sections?: Readonly<Record<string, string>>;
  /**
   * Addresses answered by handlers of their own that take GET and HEAD only (documents, images, health checks): any
   * other method there answers 405 with `Allow: GET, HEAD`, as the routers' addresses do.
   */
  readOnly?: readonly RegExp[];
}

/** Everything under these answers JSON whatever the request accepts: the API's clients are programs. */
const JSON_PATHS = /^\/api(\/|$)/;

const TEXT = { 404: 'Not found\n', 405: 'Method not allowed\n' } as const;

/** Methods no address takes, answered 405 everywhere (issue 52), and the methods the service takes somewhere. */
const NEVER_TAKEN = new Set(['TRACE', 'TRACK', 'CONNECT']);
const METHODS_TAKEN = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * The answer to a request that nothing else answered (mounted before the surfaces: it acts after them all). An unknown
 * address answers 404, a known address asked with a method it does not take 405 with `Allow` (the routers set that
 * status and header; here only the body is chosen), each in the form the client asked for: the site's page for a
 * browser (Accept prefers text/html), problem+json for JSON clients and everything under /api, else a short text.
 * HEAD gets the same status and headers without a body (Koa drops it). Answers a handler wrote itself (a body, a
 * status other than 404 and 405, or a raw answer such as the authorization server's) are left as they are.
 */
export function unservedAddresses(options: FallbackOptions): Middleware {
  const sections = new Map(Object.entries(options.sections ?? {}));
  return async (ctx, next) => {
    if (NEVER_TAKEN.has(ctx.method)) {
      // No address takes these (TRACE would echo the request, cookies included): 405 before any surface sees them.
      ctx.status = 405;
      ctx.set('Allow', METHODS_TAKEN);
      await answer(ctx, 405, options.page);
      return;
    }
    await next();
    if (ctx.respond === false || ctx.headerSent || ctx.body != null) return;
    if (ctx.status !== 404 && ctx.status !== 405) return;
    let status: UnservedStatus = ctx.status;
    if (status === 404 && ctx.method !== 'GET' && ctx.method !== 'HEAD' && options.readOnly?.some((path) => path.test(ctx.path))) {
      status = 405;
      ctx.status = status;
      ctx.set('Allow', 'GET, HEAD');
    }
    const section =
      status === 404 && (ctx.method === 'GET' || ctx.method === 'HEAD') ? sections.get(ctx.path.replace(/(.)\/+$/, '$1')) : undefined;
    if (section) {
      ctx.status = 302;
      ctx.redirect(section);
      return;
    }
    await answer(ctx, status, options.page);
  };
}

/** The body of a 404 or 405, in the form the request asked for. */
async function answer(ctx: Context, status: UnservedStatus, page: UnservedPage): Promise<void> {
  const form = JSON_PATHS.test(ctx.path) ? 'json' : ctx.accepts('text/plain', 'html', 'json', 'application/problem+json');
  if (form === 'html') {
    await page(ctx, status);
    ctx.status = status;
    return;
  }
  if (form === 'json' || form === 'application/problem+json') {
    sendProblem(ctx, problemFor(ctx, status));
    return;
  }
  ctx.status = status;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = TEXT[status];
}

function problemFor(ctx: Context, status: UnservedStatus): ProblemError {
  if (status === 405) {
    const allowed = ctx.response.get('Allow');
    return new ProblemError({
      status: 405,
      code: 'method_not_allowed',
      title: 'Method not allowed',
      detail: `${ctx.method} is not allowed on ${ctx.path}${allowed ? `; allowed: ${allowed}` : ''}.`,
      headers: allowed ? { Allow: allowed } : {},
    });
  }
  return new ProblemError({ status: 404, code: 'not_found', title: 'Not found', detail: `Nothing is at ${ctx.path}.` });
}
