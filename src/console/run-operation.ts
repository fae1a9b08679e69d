import type { Context } from 'koa';
import { ADMIN_SCOPE, type Caller } from '../accounts/caller.js';
import { runForSession, type SessionOutcome } from '../web/session-operation.js';
import type { ConsoleDeps, StaffVisit } from './console-deps.js';

/**
 * Runs a staff operation from a console form as the signed-in member: the same path as REST and MCP (validation,
 * role check as it is now, the operation, its audit entry), with the browser session as the credential.
 */
export function runOperation(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  name: string,
  input: Record<string, unknown>,
): Promise<SessionOutcome> {
  const caller: Caller = { accountId: visit.member.accountId, scopes: [ADMIN_SCOPE], credential: { kind: 'session' } };
  return runForSession(ctx, deps, caller, name, input, 'console');
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
