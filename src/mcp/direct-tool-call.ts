import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest, SERVER_INFO_META_KEY, type CallToolResult } from '@modelcontextprotocol/server';
import type { Registry } from '../registry/registry.js';
import type { AnyTool } from '../registry/tool.js';
import { MODERN_PROTOCOL_VERSION } from '../registry/protocol-versions.js';
import { SERVER_INFO } from './server-info.js';
import { resultJson } from '../registry/result-json.js';
import { isRecord } from './json-rpc.js';
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
}

/** What a plain call's params hold; another member (a task request, say) is left to the SDK. */
const CALL_PARAMS = new Set(['name', 'arguments', '_meta']);

export function recogniseDirectToolCall(body: unknown, headers: IncomingHttpHeaders, registry: Registry): DirectToolCall | undefined {
  if (!isRecord(body) || body.method !== 'tools/call' || !isRecord(body.params)) return undefined;
  const { params, id } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || !Object.keys(params).every((key) => CALL_PARAMS.has(key))) return undefined;
  if (typeof params.name !== 'string' || !isRecord(params.arguments)) return undefined;
  const version = header(headers, 'mcp-protocol-version');
  if (
    version !== MODERN_PROTOCOL_VERSION ||
    header(headers, 'mcp-method') !== 'tools/call' ||
    header(headers, 'mcp-name') !== params.name
  ) {
    return undefined;
  }
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    body,
    protocolVersionHeader: version,
    mcpMethodHeader: 'tools/call',
    mcpNameHeader: params.name,
  });
  if (route.kind !== 'modern' || route.messageKind !== 'request' || route.classification.revision !== MODERN_PROTOCOL_VERSION) {
    return undefined;
  }
  const tool = registry.get(params.name);
  // A link for the person goes through the SDK's input_required round when the client can show one.
  if (tool?.personLink && isRecord(params._meta) && declaresUrlElicitation(params._meta)) return undefined;
  if (!tool) return undefined;
  return { id, tool, args: params.arguments, ...(isRecord(params._meta) && { meta: params._meta }) };
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

/** A header as HTTP allows it to arrive: optional whitespace around the value. */
function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}
