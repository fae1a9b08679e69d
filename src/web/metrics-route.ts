import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Metrics } from '../observability/metrics.js';
import { secondsSince } from '../observability/metrics.js';
import { API_PREFIX, MCP_PATH } from './paths.js';

const METRICS_PATH = '/metrics';

/**
 * The surface a request without a known route template belongs to: a small fixed set, so a path
 * (slug, id, probe) never becomes a label value.
 */
function surfaceOf(path: string): string {
  if (path === MCP_PATH) return 'mcp';
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return 'api_unrouted';
  if (path === '/healthz' || path === '/readyz') return path.slice(1);
  if (path === METRICS_PATH) return 'metrics';
  if (path.startsWith('/badges/')) return 'badges';
  if (path.startsWith('/images/')) return 'images';
  if (path.startsWith('/cards/')) return 'cards';
  if (path.startsWith('/oauth/') || path.startsWith('/.well-known/')) return 'oauth';
  if (path.startsWith('/admin')) return 'console';
  return 'site';
}

/**
 * Counts and times every request by route: the matched template an adapter left in ctx.state.route
 * (e.g. `/api/v1/listings/{slug}`), else the surface the path belongs to. Mount it before the surfaces.
 */
export function requestMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      record(metrics, ctx, typeof status === 'number' ? status : 500, started);
      throw error;
    }
    record(metrics, ctx, ctx.status, started);
  };
}

function record(metrics: Metrics, ctx: Context, status: number, started: number): void {
  const route = typeof ctx.state.route === 'string' ? ctx.state.route : surfaceOf(ctx.path);
  metrics.httpRequest(ctx.method, route, status, secondsSince(started));
}

/** SHA-256 of a string: two digests of equal length compare in constant time whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics: Prometheus text, closed to the public. Without a token configured the path is absent
 * (404 through the handlers below); with one, only `Authorization: Bearer <token>` is answered, compared
 * in constant time, and anything else is 401 with a Bearer challenge.
 */
export function metricsEndpoint(metrics: Metrics, token: string): Middleware {
  const expected = digest(`Bearer ${token}`);
  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH || !token) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    ctx.set('Cache-Control', 'no-store');
    const sent = ctx.get('Authorization');
    if (!timingSafeEqual(digest(sent), expected)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.type = 'text/plain';
      ctx.body = 'A bearer token is needed.\n';
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
