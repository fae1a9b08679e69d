import type { IncomingHttpHeaders } from 'node:http';
import type { Context, Middleware } from 'koa';
import { createMcpHandler, isJsonContentType, type McpServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Registry } from '../registry/registry.js';
import type { Caller } from '../accounts/caller.js';
import type { Services } from '../services.js';
import { ProblemError } from '../errors.js';
import { sendProblem } from '../web/problem.js';
import { toolServerFactory } from './tool-server.js';
import { runInRequestScope } from './request-scope.js';
import { dnsRebindingPolicy, dnsRebindingRejection } from './dns-rebinding.js';
import { MAX_BODY_BYTES, readJsonBody } from '../web/json-body.js';
import { calledTools, scopeRefusal } from './scope-gate.js';
import {
  type DirectToolCall,
  directToolCallAnswer,
  LEGACY_STREAM_HEADERS,
  legacyToolCallAnswer,
  recogniseDirectToolCall,
} from './direct-tool-call.js';
import { callTool, type ToolCallContext } from './call-tool.js';
import { toolSelection } from './tool-selection.js';
import { withAuthenticationChallenge } from '../registry/scopes.js';
import { UnauthorizedError } from '../errors.js';
import { echoableId, PARSE_ERROR, SERVER_ERROR, sendJsonRpcError } from './json-rpc.js';
import { checkStandardHeaders } from './standard-headers.js';
import { listPrimitives, serverCard } from './server-card.js';
import { serverCardRoutes } from './server-card-route.js';
import { MCP_PATH, resourceMetadataUrl as metadataUrlOf } from '../web/paths.js';
import { ADMIN_SCOPE } from '../accounts/caller.js';
import { findStaffMember, type StaffRole } from '../staff/roles.js';

export interface McpOptions {
  registry: Registry;
  /** Passed through into every ToolContext. */
  services: Services;
  /** The service origin, e.g. http://localhost:3000; the MCP endpoint is publicUrl + '/mcp'. */
  publicUrl: string;
  /** Extra Host names accepted besides publicUrl's host and localhost/127.0.0.1/[::1] (any port). */
  allowedHosts: string[];
  resolveCaller: (headers: IncomingHttpHeaders) => Promise<Caller | null>;
  /**
   * A JSON-RPC batch carries several requests in one HTTP request: the rate limiter counts the ones
   * after the first here, and answers the 429 it returns.
   */
  chargeMoreRequests?: (ctx: Context, requests: number) => Promise<ProblemError | undefined>;
  /** Used when no earlier middleware put a request id into ctx.state.requestId. */
  newRequestId: () => string;
  /**
   * Unexpected failures: a tool that threw something other than a 4xx problem, and the SDK's own
   * reports (which include refused malformed requests). Default: tool failures go to console.error.
   */
  onError?: (error: unknown) => void;
  /**
   * Default true: a single `tools/call` of a registry tool (2026-07-28, or a 2025 revision) is answered without the SDK
   * (direct-tool-call.ts). False sends every message to the SDK; the test comparing the two uses it.
   */
  directToolCalls?: boolean;
  /** The site's name (its site_name setting) as this instance keeps it: the server's instructions, prompts and card name it. */
  siteName: () => string | Promise<string>;
  /** Registers more on every request's server (the dev server's conformance fixtures). */
  extendServer?: (server: McpServer) => void;
}

/**
 * The MCP endpoint (Streamable HTTP) for every registry tool, served by the official SDK:
 * protocol 2026-07-28 (stateless, `server/discover`) and the initialize-based 2025 revisions.
 * Handles /mcp for every method and passes any other path on. Mount it before any body parser:
 * it reads the request body itself.
 */
export function mcpMiddleware(options: McpOptions): Middleware {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const resourceMetadataUrl = metadataUrlOf(publicUrl, MCP_PATH);
  const rebinding = dnsRebindingPolicy(publicUrl, options.allowedHosts);
  const reportToolFailure = options.onError ?? ((error: unknown) => console.error('MCP tool call failed:', error));
  const handler = createMcpHandler(
    toolServerFactory(options.registry, options.services, publicUrl, reportToolFailure, options.extendServer),
    {
      ...(options.onError && { onerror: options.onError }),
    },
  );
  const serve = toNodeHandler(handler, { ...(options.onError && { onerror: options.onError }) });
  const mcpUrl = `${publicUrl}${MCP_PATH}`;
  const endpoint: Endpoint = {
    options,
    resourceMetadataUrl,
    directCalls: options.directToolCalls ?? true,
    callContext: { services: options.services, publicUrl, onUnexpectedError: reportToolFailure },
  };
  const selected = toolSelection(options.registry);
  // The Server Card lists what an anonymous client of /mcp is listed, asked of the handler itself.
  const anonymous = { caller: null, requestId: 'server-card', toolNames: selected({}).listed(undefined) };
  const card = serverCardRoutes({
    publicUrl,
    siteName: options.siteName,
    card: async (siteName) =>
      serverCard(
        publicUrl,
        await runInRequestScope({ ...anonymous, siteName }, () => listPrimitives((request) => handler.fetch(request), mcpUrl)),
        siteName,
      ),
  });

  return async (ctx, next) => {
    if (ctx.path !== MCP_PATH) return card(ctx, next);

    const rejection = dnsRebindingRejection(ctx.req.headers, rebinding);
    if (rejection) return sendJsonRpcError(ctx, 403, SERVER_ERROR, `Forbidden: ${rejection}`);

    const requestId = typeof ctx.state.requestId === 'string' ? ctx.state.requestId : options.newRequestId();
    let view: ReturnType<typeof selected>;
    try {
      view = selected(ctx.query);
    } catch (error) {
      if (error instanceof ProblemError) return sendProblem(ctx, error, requestId);
      throw error;
    }
    let request: McpRequest = { parsedBody: undefined, caller: null, toolNames: undefined, callsOnly: false, staffRole: undefined };
    if (ctx.method === 'POST') {
      const admitted = await admitPost(ctx, endpoint, view.registry, requestId);
      if (!admitted) return;
      request = admitted;
    }

    // GET and DELETE (2025 session operations) go to the SDK too: stateless serving answers them 405.
    const { parsedBody, caller, callsOnly, staffRole } = request;
    const toolNames = callsOnly ? request.toolNames : view.listed(staffRole);
    const siteName = await options.siteName();
    ctx.respond = false;
    await runInRequestScope({ caller, requestId, toolNames, callsOnly, perCaller: staffRole !== undefined, siteName }, () =>
      serve(ctx.req, ctx.res, parsedBody),
    );
  };
}

/** What the endpoint's steps share, made once with the middleware. */
interface Endpoint {
  options: McpOptions;
  resourceMetadataUrl: string;
  directCalls: boolean;
  callContext: Pick<ToolCallContext, 'services' | 'publicUrl' | 'onUnexpectedError'>;
}

/** A request on its way to the SDK, as the POST checks found it. */
interface McpRequest {
  parsedBody: unknown;
  caller: Caller | null;
  /** The tools this request's server serves: those it calls (a request of nothing but tool calls), else those listed. */
  toolNames: readonly string[] | undefined;
  callsOnly: boolean;
  staffRole: StaffRole | undefined;
}

/**
 * A POST's checks, in order: its body, its headers against the body, the batch's quota, the caller and its scopes;
 * then a direct tool call is answered here. Undefined when the request is answered (refused or called directly).
 */
async function admitPost(ctx: Context, endpoint: Endpoint, registry: Registry, requestId: string): Promise<McpRequest | undefined> {
  const { options, resourceMetadataUrl } = endpoint;
  const body = await readPostedJson(ctx);
  if (!body) return undefined;
  const parsedBody = body.value;
  // Headers that contradict the body are refused first, as the SDK would refuse them (SEP-2243).
  const { rejection: mismatch, ...headerCheck } = checkStandardHeaders(parsedBody, ctx.req.headers);
  if (mismatch) {
    sendJsonRpcError(ctx, 400, mismatch.code, mismatch.message, { data: mismatch.data, id: echoableId(parsedBody) });
    return undefined;
  }
  const overQuota = Array.isArray(parsedBody) ? await options.chargeMoreRequests?.(ctx, parsedBody.length - 1) : undefined;
  if (overQuota) {
    sendProblem(ctx, overQuota, requestId);
    return undefined;
  }

  const { calls, tools, callsOnly } = calledTools(parsedBody, registry);
  const toolNames = callsOnly ? tools.map((tool) => tool.name) : undefined;
  // A credential sent with any request is checked (an invalid one is 401 even on tools/list); public calls need none.
  let caller: Caller | null = null;
  if (calls || ctx.get('authorization')) {
    try {
      caller = await options.resolveCaller(ctx.req.headers);
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
      sendProblem(ctx, withAuthenticationChallenge(error, resourceMetadataUrl), requestId);
      return undefined;
    }
  }
  // The site team's tools are listed for a credential with the admin scope, by the account's role as it is now.
  let staffRole: StaffRole | undefined;
  if (!callsOnly && caller?.scopes.includes(ADMIN_SCOPE)) staffRole = (await findStaffMember(options.services.db, caller.accountId))?.role;
  const refusal = scopeRefusal(tools, caller);
  if (refusal) {
    sendProblem(ctx, withAuthenticationChallenge(refusal, resourceMetadataUrl), requestId);
    return undefined;
  }

  const direct = endpoint.directCalls ? recogniseDirectToolCall(parsedBody, ctx.req.headers, registry, headerCheck) : undefined;
  if (direct) {
    await answerDirectCall(ctx, direct, { ...endpoint.callContext, caller, requestId, meta: direct.meta });
    return undefined;
  }
  return { parsedBody, caller, toolNames, callsOnly, staffRole };
}

/** A POST's JSON body; undefined when the request is refused for it (content type, size, or not JSON), answered here. */
async function readPostedJson(ctx: Context): Promise<{ value: unknown } | undefined> {
  if (!isJsonContentType(ctx.get('content-type'))) {
    sendJsonRpcError(ctx, 415, SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json');
    return undefined;
  }
  const body = await readJsonBody(ctx.req);
  if (body.kind === 'too_large') {
    ctx.set('Connection', 'close');
    sendJsonRpcError(ctx, 413, SERVER_ERROR, `Payload Too Large: the request body exceeds ${MAX_BODY_BYTES} bytes`);
    return undefined;
  }
  if (body.kind !== 'parsed') {
    const reason = body.kind === 'invalid' ? body.message : `the request body is ${body.kind === 'empty' ? 'empty' : 'incomplete'}`;
    sendJsonRpcError(ctx, 400, PARSE_ERROR, `Parse error: ${reason}`);
    return undefined;
  }
  return { value: body.value };
}

/** A single tools/call of a registry tool, answered without the SDK, in the shape its era's SDK would answer. */
async function answerDirectCall(ctx: Context, direct: DirectToolCall, context: ToolCallContext): Promise<void> {
  // In the request's scope, as on the SDK's path: a failure's log line quotes the request id.
  const result = await runInRequestScope(
    { caller: context.caller, requestId: context.requestId, toolNames: [direct.tool.name], callsOnly: true },
    () => callTool(direct.tool, direct.args, context),
  );
  ctx.status = 200;
  if (direct.era === 'legacy') {
    ctx.set(LEGACY_STREAM_HEADERS);
    ctx.body = legacyToolCallAnswer(direct.id, result);
    return;
  }
  ctx.set('Content-Type', 'application/json'); // as the SDK answers (Koa would add a charset)
  ctx.body = directToolCallAnswer(direct.id, result);
}
