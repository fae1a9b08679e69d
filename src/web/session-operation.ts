import type { Context } from 'koa';
import type { Caller } from '../accounts/caller.js';
import { ProblemError } from '../errors.js';
import type { ToolSurface } from '../observability/metrics.js';
import { invokeTool } from '../registry/invoke.js';
import type { Registry } from '../registry/registry.js';
import type { Services } from '../services.js';

export type SessionOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; problem: ProblemError };

/**
 * Runs an operation from a page's form with the browser session as the credential: the same path as REST and MCP
 * (validation, bounds, rate limits, permissions, the operation, its audit entry). A 4xx comes back as the problem for
 * the page to show beside its fields (its status set on the page); anything else is thrown.
 */
export async function runForSession(
  ctx: Context,
  deps: { services: Services; registry: Registry },
  caller: Caller,
  name: string,
  input: Record<string, unknown>,
  surface: ToolSurface,
): Promise<SessionOutcome> {
  const tool = deps.registry.get(name);
  if (!tool) throw new Error(`A page calls an operation that does not exist: ${name}`);
  try {
    const { result } = await invokeTool(
      tool,
      input,
      { services: deps.services, caller, requestId: String(ctx.state.requestId ?? '') },
      { surface },
    );
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ProblemError && error.status < 500) {
      ctx.status = error.status;
      return { ok: false, problem: error };
    }
    throw error;
  }
}
