import type { Context } from 'koa';
import { ADMIN_SCOPE, type Caller } from '../accounts/caller.js';
import { ProblemError } from '../errors.js';
import { invokeTool } from '../registry/invoke.js';
import type { ConsoleDeps, StaffVisit } from './console-deps.js';

export type OperationOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; problem: ProblemError };

/**
 * Runs a staff operation from a console form as the signed-in member: the same path as REST and MCP (validation,
 * role check as it is now, the operation, its audit entry), with the browser session as the credential. A 4xx
 * comes back as the problem for the page to show; anything else is thrown.
 */
export async function runOperation(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  name: string,
  input: Record<string, unknown>,
): Promise<OperationOutcome> {
  const tool = deps.registry.get(name);
  if (!tool) throw new Error(`The console calls an operation that does not exist: ${name}`);
  const caller: Caller = { accountId: visit.member.accountId, scopes: [ADMIN_SCOPE], credential: { kind: 'session' } };
  try {
    const { result } = await invokeTool(
      tool,
      input,
      { services: deps.services, caller, requestId: String(ctx.state.requestId ?? '') },
      { surface: 'console' },
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

/** After a form did its work: 303 to `path`, which shows `notice` (one of the page's own messages, named by key). */
export function seeOther(ctx: Context, path: string, notice?: string): void {
  ctx.status = 303;
  ctx.redirect(notice ? `${path}${path.includes('?') ? '&' : '?'}done=${encodeURIComponent(notice)}` : path);
}

/** The page's message for the `done` key a redirect carried (only the page's own texts: nothing from the address is shown). */
export function noticeOf(ctx: Context, messages: Record<string, string>): string | undefined {
  const key = typeof ctx.query.done === 'string' ? ctx.query.done : undefined;
  return key && Object.hasOwn(messages, key) ? messages[key] : undefined;
}
