import type { Context } from 'koa';

/** JSON-RPC error codes this binding answers itself, before the SDK sees a request. */
export const PARSE_ERROR = -32700;
/** The implementation-defined server error the SDK also uses for HTTP-level refusals. */
export const SERVER_ERROR = -32000;
/** SEP-2243's HeaderMismatch: a request's standard headers contradict its body (answered with HTTP 400). */
export const HEADER_MISMATCH = -32020;

/** An HTTP-level refusal in the shape the SDK gives its own (a JSON-RPC error; id null unless the request's is given). */
export function sendJsonRpcError(
  ctx: Context,
  status: number,
  code: number,
  message: string,
  extra: { data?: unknown; id?: string | number | null } = {},
): void {
  ctx.status = status;
  ctx.type = 'application/json';
  const error = extra.data === undefined ? { code, message } : { code, message, data: extra.data };
  ctx.body = JSON.stringify({ jsonrpc: '2.0', error, id: extra.id ?? null });
}

/** The id of a request to echo in an error answer, as the SDK echoes it (null for anything else). */
export function echoableId(body: unknown): string | number | null {
  if (!isRecord(body) || typeof body.method !== 'string') return null;
  return typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null;
}

/** A JSON object (not an array, not null): what a JSON-RPC message and its params must be. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
