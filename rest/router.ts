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
import { paramCoercer } from './coerce.js';
import { RouteTable } from './route-table.js';
import { sendProblem } from '../src/web/problem.js';
import { buildOpenApi } from './openapi.js';
import { DEFAULT_SITE_SETTINGS } from '../src/catalogue/site-settings.js';
import { resultJson } from '../src/registry/result-json.js';
import { API_PREFIX, resourceMetadataUrl } from '../src/web/paths.js';

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface RestOptions {
  registry: Registry;
  services: Services;
  publicUrl: string;
  /** The site's name (its site_name setting) as this instance keeps it: the OpenAPI document's title. */
  siteName: () => string | Promise<string>;
  resolveCaller: (headers: IncomingHttpHeaders) => Promise<Caller | null>;
  /** Unexpected failures (answered as a bare 500); the request id ties the log line to the problem body. */
  onError: (error: unknown, requestId: string) => void;
}

/**
 * The REST routes under /api/v1: the OpenAPI document and every tool's. Two that overlap are refused here, naming
 * both (RouteTable.add): when the service starts, and in `npm run check` (scripts/check-routes.ts).
 */
export function restRoutes<H>(registry: Registry, openApi: H, operationOf: (tool: AnyTool) => H): RouteTable<H> {
  const table = new RouteTable<H>();
  table.add('GET', '/openapi.json', openApi, 'the OpenAPI document');
  for (const tool of registry.tools) table.add(tool.http.method, tool.http.path, operationOf(tool), tool.name);
  return table;
}

/** Maps every registered tool onto /api/v1; nothing here knows any single operation. */
export function restApi(options: RestOptions): Middleware {
  // Built at once (a registry that cannot be published fails here), and again when the site's name has changed.
  let openApi = { siteName: DEFAULT_SITE_SETTINGS.site_name, body: JSON.stringify(buildOpenApi(options.registry, options.publicUrl)) };
  const openApiRoute: Middleware = async (ctx) => {
    const siteName = await options.siteName();
    if (openApi.siteName !== siteName) {
      openApi = { siteName, body: JSON.stringify(buildOpenApi(options.registry, options.publicUrl, siteName)) };
    }
    ctx.type = 'application/json';
    ctx.body = openApi.body;
  };
  const table = restRoutes(options.registry, openApiRoute, (tool) => operation(tool, options));
  return (ctx, next) => {
    if (ctx.path !== API_PREFIX && !ctx.path.startsWith(`${API_PREFIX}/`)) return next();
    const route = table.match(ctx.method, ctx.path.slice(API_PREFIX.length));
    if (route.kind === 'found') {
      ctx.params = route.params;
      return route.handler(ctx, next);
    }
    if (route.kind === 'method_not_allowed' && ctx.method === 'OPTIONS') {
      ctx.set('Allow', route.allowed.join(', '));
      ctx.body = '';
      return;
    }
    sendProblem(ctx, unroutable(ctx, route.kind === 'method_not_allowed' ? route.allowed : undefined), ctx.state.requestId);
  };
}

/** No operation answered: a known path with another method (405, with Allow), or an unknown path. */
function unroutable(ctx: Context, allowed: string[] | undefined): ProblemError {
  if (allowed) {
    return new ProblemError({
      status: 405,
      code: 'method_not_allowed',
      title: 'Method not allowed',
      detail: `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allowed.join(', ')}.`,
      headers: { Allow: allowed.join(', ') },
    });
  }
  return new ProblemError({ status: 404, code: 'not_found', title: 'Not found', detail: `No operation at ${ctx.method} ${ctx.path}.` });
}

function operation(tool: AnyTool, options: RestOptions): Middleware {
  const coerce = paramCoercer(inputJsonSchema(tool.input));
  const takesBody = tool.http.method !== 'GET' && tool.http.method !== 'DELETE';
  const resourceMetadata = resourceMetadataUrl(options.publicUrl, API_PREFIX);
  const route = `${API_PREFIX}${tool.http.path}`;
  return async (ctx) => {
    ctx.state.route = route; // the template, for the request metrics (never the path with its values)
    try {
      const caller = await options.resolveCaller(ctx.req.headers);
      const fromPath = coerce(ctx.params as Record<string, string>);
      const fromRequest = takesBody
        ? await readRequestBody(ctx)
        : ctx.querystring === ''
          ? undefined
          : coerce(ctx.query as Record<string, string | string[]>);
      const input = mergeInput(fromRequest, fromPath);
      const idempotencyKey = ctx.req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      const { result, replayed } = await invokeTool(
        tool,
        input,
        { services: options.services, caller, requestId: ctx.state.requestId },
        {
          idempotencyKey: idempotencyKey === undefined ? undefined : { value: idempotencyKey, path: IDEMPOTENCY_KEY_HEADER },
          surface: 'rest',
        },
      );
      ctx.status = tool.http.existing?.when(result) ? tool.http.existing.status : tool.http.status;
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
