import type { Context } from 'koa';

/** JSON-RPC error codes this binding answers itself, before the SDK sees a request. */
export const PARSE_ERROR = -32700;
/** The implementation-defined server error the SDK also uses for HTTP-level refusals. */
export const SERVER_ERROR = -32000;

/** An HTTP-level refusal in the shape the SDK gives its own (a JSON-RPC error with id null). */
export function sendJsonRpcError(ctx: Context, status: number, code: number, message: string): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** A JSON object (not an array, not null): what a JSON-RPC message and its params must be. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
