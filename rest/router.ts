import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { IncomingHttpHeaders } from 'node:http';
import type { Registry } from '../src/registry/registry.js';
import type { AnyTool } from '../src/registry/tool.js';
import type { Caller } from '../src/accounts/caller.js';
import type { Services } from '../src/services.js';
import { invokeTool } from '../src/registry/invoke.js';
import { inputJsonSchema } from '../src/registry/json-schema.js';
import { withAuthenticationChallenge } from '../src/registry/scopes.js';
import { ProblemError, ValidationError } from '../src/errors.js';
import { readRequestBody } from './body.js';
import { coerceParams } from './coerce.js';
import { sendProblem } from '../src/web/problem.js';
import { buildOpenApi } from './openapi.js';
import { resultJson } from '../src/registry/result-json.js';
import { API_PREFIX, resourceMetadataUrl } from '../src/web/paths.js';

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface RestOptions {
  registry: Registry;
  services: Services;
  publicUrl: string;
  resolveCaller: (headers: IncomingHttpHeaders) => Promise<Caller | null>;
  /** Unexpected failures (answered as a bare 500); the request id ties the log line to the problem body. */
  onError: (error: unknown, requestId: string) => void;
}

/** Maps every registered tool onto /api/v1; nothing here knows any single operation. */
export function restApi(options: RestOptions): Middleware {
  const router = new Router({ prefix: API_PREFIX });
  const openApi = JSON.stringify(buildOpenApi(options.registry, options.publicUrl));
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApi;
  });
  for (const tool of options.registry.tools) {
    router.register(koaPath(tool.http.path), [tool.http.method], operation(tool, options));
  }
  const routes = router.routes();
  const allowed = router.allowedMethods();
  return async (ctx, next) => {
    if (ctx.path !== API_PREFIX && !ctx.path.startsWith(`${API_PREFIX}/`)) return next();
    await routes(ctx as never, () => allowed(ctx as never, async () => {}));
    if (ctx.body !== undefined || ctx.method === 'OPTIONS') return;
    sendProblem(ctx, unroutable(ctx), ctx.state.requestId);
  };
}

/** No operation answered: a known path with another method (405, with Allow), or an unknown path. */
function unroutable(ctx: Context): ProblemError {
  if (ctx.status === 405) {
    return new ProblemError({
      status: 405,
      code: 'method_not_allowed',
      title: 'Method not allowed',
      detail: `${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('Allow')}.`,
      headers: { Allow: String(ctx.response.get('Allow')) },
    });
  }
  return new ProblemError({ status: 404, code: 'not_found', title: 'Not found', detail: `No operation at ${ctx.method} ${ctx.path}.` });
}

function operation(tool: AnyTool, options: RestOptions): Middleware {
  const schema = inputJsonSchema(tool.input);
  const takesBody = tool.http.method !== 'GET' && tool.http.method !== 'DELETE';
  const resourceMetadata = resourceMetadataUrl(options.publicUrl, API_PREFIX);
  return async (ctx) => {
    try {
      const caller = await options.resolveCaller(ctx.req.headers);
      const fromPath = coerceParams(ctx.params as Record<string, string>, schema);
      const fromRequest = takesBody ? await readRequestBody(ctx) : coerceParams(ctx.query as Record<string, string | string[]>, schema);
      const input = mergeInput(fromRequest, fromPath);
      const idempotencyKey = ctx.req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const { result, replayed } = await invokeTool(
        tool,
        input,
        { services: options.services, caller, requestId: ctx.state.requestId },
        { idempotencyKey: idempotencyKey === undefined ? undefined : { value: idempotencyKey, path: IDEMPOTENCY_KEY_HEADER } },
      );
      ctx.status = tool.http.status;
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      ctx.type = 'application/json';
      ctx.body = resultJson(result);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.status >= 500) options.onError(error, ctx.state.requestId);
      sendProblem(ctx, withAuthenticationChallenge(error, resourceMetadata), ctx.state.requestId);
    }
  };
}

/** The operation's input is one object: the body (or query) with the path parameters laid over it. */
function mergeInput(fromRequest: unknown, fromPath: Record<string, unknown>): Record<string, unknown> {
  if (fromRequest === undefined) return fromPath;
  if (typeof fromRequest !== 'object' || fromRequest === null || Array.isArray(fromRequest)) {
    throw new ValidationError([{ path: '', message: 'The request body must be a JSON object' }]);
  }
  return { ...fromRequest, ...fromPath };
}

const koaPath = (path: string) => path.replace(/\{([a-z_]+)\}/g, ':$1');
