import type { Context, Middleware } from 'koa';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import { failed, openSpan, SpanKind, tracingOn } from '../observability/tracing.js';
import { contextFromHeaders } from '../observability/trace-context.js';
import { MCP_PATH } from './paths.js';

/**
 * One SERVER span per request, continuing the caller's trace when its headers carry a W3C traceparent.
 * Named by method and route template (`GET /api/v1/listings/{slug}`, `POST /mcp`), never by the raw path;
 * just the method when no route is known. It is the active span for the rest of the chain, and ends when the
 * answer is finished (streamed answers included), with the status sent; 5xx answers are errors.
 * Mount it before the request log, so the request's log line carries its trace id. Tracing off, it does nothing.
 */
export function traceRequests(): Middleware {
  return (ctx, next) => {
    if (!tracingOn()) return next();
    const { span, run } = openSpan(ctx.method, {
      kind: SpanKind.SERVER,
      parent: contextFromHeaders(ctx.req.headers),
      attributes: {
        [ATTR_HTTP_REQUEST_METHOD]: ctx.method,
        [ATTR_URL_PATH]: ctx.path,
        [ATTR_URL_SCHEME]: ctx.protocol,
        // The id the answer's Request-Id header, its problem body and its log line quote.
        'launch.request.id': String(ctx.state.requestId),
      },
    });
    let failure: unknown;
    ctx.res.once('close', () => {
      const route = routeOf(ctx);
      if (route) span.updateName(`${ctx.method} ${route}`).setAttribute(ATTR_HTTP_ROUTE, route);
      const status = ctx.res.statusCode;
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (status >= 500) failed(span, failure ?? String(status));
      span.end();
    });
    return run(() =>
      next().catch((error: unknown) => {
        failure = error;
        throw error;
      }),
    );
  };
}

/** The route template a surface left in ctx.state.route (REST), or the MCP endpoint's fixed path. */
function routeOf(ctx: Context): string | undefined {
  if (typeof ctx.state.route === 'string') return ctx.state.route;
  return ctx.path === MCP_PATH ? MCP_PATH : undefined;
}
