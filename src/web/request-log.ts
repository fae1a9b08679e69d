import type { Context, Middleware } from 'koa';
import type { Logger } from '../logging/logger.js';
import { bindToActiveContext } from '../observability/tracing.js';

/** Requests whose thrown error the request line already carries. */
const failedRequests = new WeakSet<Context>();

/**
 * One line per request, written when its answer is finished (streamed answers included): the
 * request id, method, path, status, duration, client address and the account when one is signed
 * in. Never the query string, headers or body: OAuth and sign-in URLs carry codes and states, and
 * headers and bodies carry credentials. 5xx answers are logged at error level, the rest at info.
 * Mount it right after the middleware that sets ctx.state.requestId and the request's span (trace-requests.ts).
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    let failure: unknown;
    // Written in the request's trace context (its span, when traced): the line carries the trace id.
    ctx.res.once(
      'close',
      bindToActiveContext(() => writeRequestLine(logger, ctx, performance.now() - started, failure)),
    );
    try {
      await next();
    } catch (error) {
      failure = error;
      failedRequests.add(ctx);
      throw error;
    }
  };
}

/** For koa.on('error'): errors the request line did not carry (a response stream that failed, for instance). */
export function logUnhandledError(logger: Logger): (error: unknown, ctx?: Context) => void {
  return (error, ctx) => {
    if (ctx && failedRequests.has(ctx)) return;
    logger.error({ err: error, request_id: ctx?.state.requestId, method: ctx?.method, path: ctx?.path }, 'request error');
  };
}

function writeRequestLine(logger: Logger, ctx: Context, durationMs: number, failure: unknown): void {
  const status = ctx.res.statusCode;
  if (!logger.isLevelEnabled(status >= 500 ? 'error' : 'info')) return;
  const accountId: unknown = ctx.state.caller?.accountId;
  const fields = {
    request_id: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    status,
    duration_ms: Math.round(durationMs * 10) / 10,
    ip: ctx.ip,
    ...(typeof accountId === 'string' && { account_id: accountId }),
    ...(!ctx.res.writableFinished && { aborted: true }),
    ...(failure !== undefined && status >= 500 && { err: failure }),
  };
  if (status >= 500) logger.error(fields, 'request failed');
  else logger.info(fields, 'request');
}
