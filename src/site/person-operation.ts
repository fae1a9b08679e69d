import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { DEFAULT_SCOPES } from '../accounts/caller.js';
import type { Registry } from '../registry/registry.js';
import type { Services } from '../services.js';
import { runForSession, type SessionOutcome } from '../web/session-operation.js';

/** Runs an operation from a founder's form as the signed-in person, with the scopes an assistant gets by default. */
export function runAsPerson(
  ctx: Context,
  deps: { services: Services; registry: Registry },
  account: AccountRecord,
  name: string,
  input: Record<string, unknown>,
): Promise<SessionOutcome> {
  return runForSession(ctx, deps, { accountId: account.id, scopes: DEFAULT_SCOPES, credential: { kind: 'session' } }, name, input, 'site');
}
