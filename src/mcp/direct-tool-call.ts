import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest, SERVER_INFO_META_KEY, type CallToolResult } from '@modelcontextprotocol/server';
import type { Registry } from '../registry/registry.js';
import type { AnyTool } from '../registry/tool.js';
import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from '../registry/protocol-versions.js';
import { SERVER_INFO } from './server-info.js';
import { resultJson } from '../registry/result-json.js';
import { isRecord } from './json-rpc.js';
import { type HeaderCheck, headerValue } from './standard-headers.js';
import { declaresUrlElicitation } from './person-link.js';

/**
 * The message assistants send most, recognised so that the MCP binding can answer it without the SDK:
 * one 2026-07-28 `tools/call` of a registry tool. The SDK serves every message through a server built
 * for the request, a web Request and Response and its own schema checks, which cost more than reading
 * a profile. The request is first classified by the SDK's own router (classifyInboundRequest: envelope,
 * version header against body, Mcp-Method against method); only a plain call whose headers name
 * exactly what the body does is taken. Anything else — a batch, a task, an encoded or missing header,
 * arguments that are not an object, an unknown tool — goes to the SDK, which answers it or its error.
 * The answer is the SDK's, byte for byte in meaning: test/mcp/direct-tool-call.test.ts sends the same
 * requests both ways and compares.
 */
export interface DirectToolCall {
  id: string | number;
  tool: AnyTool;
  args: Record<string, unknown>;
  /** The request's params._meta (its traceparent continues the caller's trace). */
  meta?: Record<string, unknown>;
  /** 2026-07-28 (answered as JSON) or a 2025 revision (answered as the SDK does, one event of a stream). */
  era: 'modern' | 'legacy';
}

/** The SDK router's finding on the message, as the header check made it (the same inputs: body and standard headers). */
type Classified = Pick<HeaderCheck, 'modernRequest' | 'legacyRequest'>;

/** The 2025 revisions the address serves. */
const LEGACY_VERSIONS = new Set(PROTOCOL_VERSIONS.filter((version) => version !== MODERN_PROTOCOL_VERSION));

/** What a plain call's params hold; another member (a task request, say) is left to the SDK. */
const CALL_PARAMS = new Set(['name', 'arguments', '_meta']);

/** `classified`: the header check's finding (standard-headers.ts), when it was made; else the call is classified here. */
export function recogniseDirectToolCall(
  body: unknown,
  headers: IncomingHttpHeaders,
  registry: Registry,
  classified?: Classified,
): DirectToolCall | undefined {
  if (!isRecord(body) || body.method !== 'tools/call' || !isRecord(body.params)) return undefined;
  const { params, id } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || !Object.keys(params).every((key) => CALL_PARAMS.has(key))) return undefined;
  if (typeof params.name !== 'string' || !isRecord(params.arguments)) return undefined;
  const meta = isRecord(params._meta) ? params._meta : undefined;
  const era =
    headerValue(headers, 'mcp-protocol-version') === MODERN_PROTOCOL_VERSION
      ? modernCall(body, params.name, headers, classified)
      : legacyCall(body, meta, headers, classified);
  if (!era) return undefined;
  const tool = registry.get(params.name);
  if (!tool) return undefined;
  // A link for the person goes through the SDK's input_required round when the client can show one (2026-07-28).
  if (tool.personLink && (era === 'legacy' || (meta && declaresUrlElicitation(meta)))) return undefined;
  return { id, tool, args: params.arguments, era, ...(meta && { meta }) };
}

/** A 2026-07-28 call whose headers name exactly what its body does, as the SDK's own router classifies it. */
function modernCall(
  body: Record<string, unknown>,
  name: string,
  headers: IncomingHttpHeaders,
  classified: Classified | undefined,
): 'modern' | undefined {
  if (headerValue(headers, 'mcp-method') !== 'tools/call' || headerValue(headers, 'mcp-name') !== name) return undefined;
  if (classified) return classified.modernRequest ? 'modern' : undefined;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    body,
    protocolVersionHeader: MODERN_PROTOCOL_VERSION,
    mcpMethodHeader: 'tools/call',
    mcpNameHeader: name,
  });
  const modern = route.kind === 'modern' && route.messageKind === 'request' && route.classification.revision === MODERN_PROTOCOL_VERSION;
  return modern ? 'modern' : undefined;
}

/**
 * A 2025-era call (initialize-based revisions, served statelessly): a version header the address serves, an Accept
 * of both JSON and event streams (else the SDK's 406), no session, no progress token (the SDK would stream
 * progress), and no per-request envelope (the SDK's router calls it legacy traffic).
 */
function legacyCall(
  body: Record<string, unknown>,
  meta: Record<string, unknown> | undefined,
  headers: IncomingHttpHeaders,
  classified: Classified | undefined,
) {
  const version = headerValue(headers, 'mcp-protocol-version');
  if (!version || !LEGACY_VERSIONS.has(version) || headers['mcp-session-id'] !== undefined) return undefined;
  const accept = headerValue(headers, 'accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (meta && 'progressToken' in meta) return undefined;
  if (classified) return classified.legacyRequest ? ('legacy' as const) : undefined;
  const route = classifyInboundRequest({ httpMethod: 'POST', body, protocolVersionHeader: version });
  return route.kind === 'legacy' && route.reason === 'no-claim' ? ('legacy' as const) : undefined;
}

/**
 * The JSON-RPC answer to a direct call, encoded as the SDK encodes a tools/call result on 2026-07-28:
 * `resultType: "complete"` and the server's identity in `_meta`.
 */
export function directToolCallAnswer(id: string | number, result: CallToolResult): string {
  const { structuredContent, ...rest } = result;
  const stamped = { ...rest, resultType: 'complete', _meta: { ...result._meta, [SERVER_INFO_META_KEY]: SERVER_INFO } };
  const tail = `"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
  if (!structuredContent) return `{"result":${JSON.stringify(stamped)},${tail}`;
  // A profile is the bulk of the answer: its JSON, made once for the text block (toolSuccess), is spliced in.
  return `{"result":{"structuredContent":${resultJson(structuredContent as Record<string, unknown>)},${JSON.stringify(stamped).slice(1)},${tail}`;
}

/**
 * The answer to a direct 2025-era call, as the SDK's stateless serving sends it: the JSON-RPC result (no
 * `resultType`, no server identity) as the one `message` event of an event stream.
 */
export function legacyToolCallAnswer(id: string | number, result: CallToolResult): string {
  const { structuredContent, ...rest } = result;
  const tail = `"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
  const plain = JSON.stringify(rest);
  const message = structuredContent
    ? `{"result":{"structuredContent":${resultJson(structuredContent as Record<string, unknown>)}${plain === '{}' ? '' : `,${plain.slice(1, -1)}`}},${tail}`
    : `{"result":${plain},${tail}`;
  return `event: message\ndata: ${message}\n\n`;
}

/** The headers the SDK's event stream carries. */
export const LEGACY_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;
