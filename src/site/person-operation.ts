import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { type Caller, DEFAULT_SCOPES } from '../accounts/caller.js';
import { ProblemError } from '../errors.js';
import { invokeTool } from '../registry/invoke.js';
import type { Registry } from '../registry/registry.js';
import type { Services } from '../services.js';

export type PersonOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; problem: ProblemError };

/**
 * Runs an operation from a page's form as the signed-in person: the same path as REST and MCP (validation, bounds,
 * rate limits, ownership, the operation itself), with the browser session as the credential and the scopes an
 * assistant gets by default. A 4xx comes back as the problem for the page to show beside its fields (its status set
 * on the page); anything else is thrown.
 */
export async function runAsPerson(
  ctx: Context,
  deps: { services: Services; registry: Registry },
  account: AccountRecord,
  name: string,
  input: Record<string, unknown>,
): Promise<PersonOutcome> {
  const tool = deps.registry.get(name);
  if (!tool) throw new Error(`The site calls an operation that does not exist: ${name}`);
  const caller: Caller = { accountId: account.id, scopes: DEFAULT_SCOPES, credential: { kind: 'session' } };
  try {
    const { result } = await invokeTool(
      tool,
      input,
      { services: deps.services, caller, requestId: String(ctx.state.requestId ?? '') },
      { surface: 'site' },
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
