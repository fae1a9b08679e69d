import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { MODERN_PROTOCOL_VERSION } from '../registry/protocol-versions.js';
import { HEADER_MISMATCH, isRecord } from './json-rpc.js';

/**
 * What the header check found: a refusal, or whether the SDK's router took the message for a 2026-07-28 request
 * whose headers agree with it, or for a 2025-era request (no envelope claim). The direct path then needs no second
 * classification.
 */
export interface HeaderCheck {
  rejection?: HeaderRejection;
  modernRequest: boolean;
  legacyRequest?: boolean;
}

/** A request refused for its standard headers: the SDK's own answer (HTTP 400, JSON-RPC -32020). */
interface HeaderRejection {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * The body field each method's `Mcp-Name` header mirrors (SEP-2243 "Required For"; the tasks rows are
 * SEP-2663's), as the SDK's own table has them.
 */
const NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

const BASE64_SENTINEL = /^=\?base64\?(.*)\?=$/s;
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * SEP-2243's header checks of a 2026-07-28 request (the standard `MCP-Protocol-Version`, `Mcp-Method` and
 * `Mcp-Name` headers against the body), made before the binding's own HTTP answers: a request whose headers
 * contradict its body is a 400 with `-32020` (HeaderMismatch), not a sign-in challenge for the tool it seems
 * to call. The rules are the SDK's (`classifyInboundRequest` for the protocol version and method, then the
 * presence and `Mcp-Name` checks its entry makes), so the SDK would answer the same; header values are read
 * without the optional whitespace around them (RFC 9110 §5.5), header names in any case. Batches, notifications,
 * 2025-era requests and unsupported revisions pass: the SDK answers them as before.
 */
export function checkStandardHeaders(body: unknown, headers: IncomingHttpHeaders): HeaderCheck {
  if (!isRecord(body)) return { modernRequest: false };
  const request = {
    protocolVersionHeader: headerValue(headers, 'mcp-protocol-version'),
    mcpMethodHeader: headerValue(headers, 'mcp-method'),
    mcpNameHeader: headerValue(headers, 'mcp-name'),
  };
  const key = plainCallKey(body, request);
  const remembered = key === undefined ? undefined : plainCallChecks.get(key);
  if (remembered) return remembered;
  const check = classifiedCheck(body, request);
  if (key !== undefined && !check.rejection) remember(key, check);
  return check;
}

function classifiedCheck(body: Record<string, unknown>, request: StandardHeaders): HeaderCheck {
  const route = classifyInboundRequest({ httpMethod: 'POST', body, ...request });
  if (route.kind === 'reject') {
    return {
      modernRequest: false,
      ...(route.code === HEADER_MISMATCH && { rejection: { code: route.code, message: route.message, data: route.data } }),
    };
  }
  if (route.kind === 'legacy') return { modernRequest: false, legacyRequest: route.reason === 'no-claim' };
  if (route.kind !== 'modern' || route.messageKind !== 'request') return { modernRequest: false };
  if (route.classification.revision !== MODERN_PROTOCOL_VERSION) return { modernRequest: false };
  const method = String(route.message.method);
  const rejection =
    request.protocolVersionHeader === undefined
      ? mismatch(
          '(missing)',
          `the body envelope names protocol version ${MODERN_PROTOCOL_VERSION} but the required MCP-Protocol-Version header is absent`,
        )
      : request.mcpMethodHeader === undefined
        ? mismatch('(missing)', `the body names method ${method} but the required Mcp-Method header is absent`)
        : nameRejection(method, route.message.params, request.mcpNameHeader);
  return rejection ? { modernRequest: false, rejection } : { modernRequest: true };
}

/** The standard headers' values, as classifyInboundRequest takes them. */
interface StandardHeaders {
  protocolVersionHeader: string | undefined;
  mcpMethodHeader: string | undefined;
  mcpNameHeader: string | undefined;
}

/**
 * The findings on plain calls, by everything the check reads of them. An assistant sends the same envelope, method
 * and tool with every call, and the SDK's classification of one (three schema checks of the message and one of its
 * envelope) cost about 6% of a call's time; only the id and the arguments differ from call to call. Refusals are
 * not kept. Bounded: emptied when full.
 */
const plainCallChecks = new Map<string, Readonly<HeaderCheck>>();
const REMEMBERED_CHECKS = 256;
/** A longer key (a large `_meta`) is not kept: 256 keys of a megabyte each would be memory a client could fill. */
const LONGEST_KEY = 2_048;

/** How many findings are remembered (for the tests of the bounds). */
export const rememberedChecks = () => plainCallChecks.size;

function remember(key: string, check: HeaderCheck) {
  if (key.length > LONGEST_KEY) return;
  if (plainCallChecks.size >= REMEMBERED_CHECKS) plainCallChecks.clear();
  plainCallChecks.set(key, Object.freeze(check));
}

/**
 * What the check of a plain request reads of it: the headers, the method, the kind of id, the params' members but
 * the arguments' values, and the whole `_meta`. A message of any other shape (a response, a notification, more
 * members, an id that is neither a string nor an integer, arguments that are not an object) has no key and is
 * always classified.
 */
function plainCallKey(body: Record<string, unknown>, request: StandardHeaders): string | undefined {
  const { params, id } = body;
  if (body.jsonrpc !== '2.0' || typeof body.method !== 'string' || !isRecord(params)) return undefined;
  const idKind = typeof id === 'string' ? 'string' : Number.isSafeInteger(id) ? 'integer' : undefined;
  if (idKind === undefined || Object.keys(body).length !== 4) return undefined;
  const names = Object.keys(params);
  if (!names.every((name) => PLAIN_PARAMS.has(name)) || ('arguments' in params && !isRecord(params.arguments))) return undefined;
  if ('name' in params && typeof params.name !== 'string') return undefined;
  const { protocolVersionHeader, mcpMethodHeader, mcpNameHeader } = request;
  return JSON.stringify([protocolVersionHeader, mcpMethodHeader, mcpNameHeader, body.method, idKind, names, params.name, params._meta]);
}

const PLAIN_PARAMS = new Set(['name', 'arguments', '_meta']);

/** The `Mcp-Name` half: required where the body carries the value it mirrors, and equal to it (Base64 sentinel decoded). */
function nameRejection(method: string, params: unknown, header: string | undefined): HeaderRejection | undefined {
  const field = Object.hasOwn(NAME_SOURCE, method) ? NAME_SOURCE[method]! : undefined;
  if (field === undefined) return undefined;
  const raw = isRecord(params) ? params[field] : undefined;
  const bodyValue = typeof raw === 'string' ? raw : undefined;
  if (header === undefined) {
    return bodyValue === undefined
      ? undefined
      : mismatch('(missing)', `the body carries params.${field}="${bodyValue}" but the required Mcp-Name header is absent`);
  }
  const decoded = decodeSentinel(header);
  if (decoded === undefined) return mismatch(header, 'the Mcp-Name header carries an invalid Base64 sentinel value');
  if (bodyValue !== undefined && decoded !== bodyValue) {
    return mismatch(header, `the body carries params.${field}="${bodyValue}" but the Mcp-Name header names "${decoded}"`);
  }
  return undefined;
}

function mismatch(header: string, body: string): HeaderRejection {
  return {
    code: HEADER_MISMATCH,
    message: `Bad Request: the request headers and body disagree: ${body}`,
    data: { mismatch: { header, body } },
  };
}

/** A `=?base64?…?=` value decoded (undefined when its Base64 or UTF-8 is not canonical); any other value as it is. */
function decodeSentinel(value: string): string | undefined {
  const match = BASE64_SENTINEL.exec(value);
  if (!match) return value;
  const payload = match[1]!;
  if (!CANONICAL_BASE64.test(payload)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(payload, 'base64'));
  } catch {
    return undefined;
  }
}

/** A header's value without the optional whitespace (SP, HTAB) HTTP allows around it; Node's names are lower case. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (typeof value !== 'string') return undefined;
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}
