import type { CallToolResult } from '@modelcontextprotocol/server';
import { ProblemError, toProblem } from '../errors.js';
import { resultJson } from '../registry/result-json.js';

/** Marks an answer stored for an earlier call with the same idempotency_key (REST: header Idempotent-Replayed). */
const REPLAYED_META = { _meta: { idempotentReplayed: true } } as const;

/**
 * A successful call: the result object as structured content, and the same JSON as text for clients that read only
 * text (resultJson: the direct path splices that text in as the structured content).
 */
export function toolSuccess(result: Record<string, unknown>, replayed = false): CallToolResult {
  return { content: [{ type: 'text', text: resultJson(result) }], structuredContent: result, ...(replayed && REPLAYED_META) };
}

/**
 * A failed call: the problem details REST would answer, as the text of a tool error.
 * No structuredContent: SDK v1 clients (still in most hosts) validate it against the tool's
 * outputSchema even when isError is true and would turn the answer into a protocol error.
 */
export function toolError(error: unknown, requestId: string, publicUrl: string): CallToolResult {
  const { problem } = toProblem(error, requestId, publicUrl);
  const replayed = error instanceof ProblemError && error.headers['Idempotent-Replayed'] === 'true';
  return { content: [{ type: 'text', text: JSON.stringify(problem) }], isError: true, ...(replayed && REPLAYED_META) };
}
