import type { CallToolResult } from '@modelcontextprotocol/server';
import { toProblem } from '../errors.js';

/** A successful call: the result object as structured content, and the same JSON as text for clients that read only text. */
export function toolSuccess(result: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}

/**
 * A failed call: the problem details REST would answer, as the text of a tool error.
 * No structuredContent: SDK v1 clients (still in most hosts) validate it against the tool's
 * outputSchema even when isError is true and would turn the answer into a protocol error.
 */
export function toolError(error: unknown, requestId: string): CallToolResult {
  const { problem } = toProblem(error, requestId);
  return { content: [{ type: 'text', text: JSON.stringify(problem) }], isError: true };
}
