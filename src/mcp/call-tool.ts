import type { CallToolResult } from '@modelcontextprotocol/server';
import type { AnyTool } from '../registry/tool.js';
import type { Services } from '../services.js';
import type { Caller } from '../accounts/caller.js';
import { invokeTool } from '../registry/invoke.js';
import { ProblemError } from '../errors.js';
import { IDEMPOTENCY_KEY_ARGUMENT } from './tool-definition.js';
import { toolError, toolSuccess } from './tool-result.js';
import { parentFromMeta } from '../observability/trace-context.js';

export interface ToolCallContext {
  services: Services;
  caller: Caller | null;
  requestId: string;
  publicUrl: string;
  /** A tool that threw something other than a 4xx problem. */
  onUnexpectedError: (error: unknown) => void;
  /** The request's params._meta (its W3C traceparent and tracestate continue the caller's trace). */
  meta?: Record<string, unknown>;
}

/**
 * One `tools/call` of a registry tool, answered as MCP answers it: the result, or the problem REST would
 * answer as a tool error. The SDK's registered tools and the direct path (direct-tool-call.ts) both call this.
 */
export async function callTool(tool: AnyTool, args: Record<string, unknown>, context: ToolCallContext): Promise<CallToolResult> {
  try {
    // A tool without the argument reports it as an unknown property; invokeTool ignores the key then.
    const { [IDEMPOTENCY_KEY_ARGUMENT]: key, ...input } = args;
    const { result, replayed } = await invokeTool(
      tool,
      tool.idempotencyKey ? input : args,
      { services: context.services, caller: context.caller, requestId: context.requestId },
      {
        idempotencyKey: key === undefined ? undefined : { value: key, path: `/${IDEMPOTENCY_KEY_ARGUMENT}` },
        surface: 'mcp',
        trace: parentFromMeta(context.meta),
      },
    );
    return toolSuccess(result, replayed);
  } catch (error) {
    if (!(error instanceof ProblemError) || error.status >= 500) context.onUnexpectedError(error);
    return toolError(error, context.requestId, context.publicUrl);
  }
}
