import type { Caller } from '../accounts/caller.js';
import type { Registry } from '../registry/registry.js';
import type { AnyTool } from '../registry/tool.js';
import { requireScopes } from '../registry/scopes.js';
import { InsufficientScopeError, UnauthorizedError } from '../errors.js';
import { isRecord } from './json-rpc.js';

/**
 * The registry tools a JSON-RPC body calls (`tools/call`, single message or batch).
 * Unknown names are left out: the SDK answers them with its own protocol error.
 * `callsOnly`: every message is a call of a registry tool, so a server with just those tools answers it.
 */
export function calledTools(body: unknown, registry: Registry): { calls: boolean; tools: AnyTool[]; callsOnly: boolean } {
  const messages = Array.isArray(body) ? body : [body];
  let calls = false;
  let callsOnly = messages.length > 0;
  const tools: AnyTool[] = [];
  for (const message of messages) {
    if (!isRecord(message) || message.method !== 'tools/call') {
      callsOnly = false;
      continue;
    }
    calls = true;
    const name = isRecord(message.params) ? message.params.name : undefined;
    const tool = typeof name === 'string' ? registry.get(name) : undefined;
    if (tool) tools.push(tool);
    else callsOnly = false;
  }
  return { calls, tools, callsOnly };
}

/**
 * Signed-in tools are refused at the HTTP level, before the SDK sees the request: an MCP client
 * starts its sign-in flow on 401 and its scope step-up on 403, never on a tool error.
 * The policy is invokeTool's own (requireScopes); this only moves the answer to HTTP.
 */
export function scopeRefusal(tools: readonly AnyTool[], caller: Caller | null): UnauthorizedError | InsufficientScopeError | undefined {
  for (const tool of tools) {
    try {
      requireScopes(tool, caller);
    } catch (error) {
      if (error instanceof UnauthorizedError || error instanceof InsufficientScopeError) return error;
      throw error;
    }
  }
  return undefined;
}
