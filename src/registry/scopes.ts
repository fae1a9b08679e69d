import { ProblemError } from '../errors.js';
import type { Caller } from './context.js';
import type { AnyTool } from './tool.js';

export class UnauthorizedError extends ProblemError {
  constructor(detail = 'This operation needs a signed-in caller: send Authorization: Bearer <ACCESS_TOKEN_OR_API_KEY>.') {
    super({ status: 401, code: 'unauthorized', title: 'Sign-in required', detail });
  }
}

export class InsufficientScopeError extends ProblemError {
  readonly scopes: readonly string[];
  constructor(scopes: readonly string[]) {
    super({
      status: 403,
      code: 'insufficient_scope',
      title: 'Missing scope',
      detail: `The credential lacks the scope this operation needs: ${scopes.join(' ')}.`,
    });
    this.scopes = scopes;
  }
}

/** Public tools need nothing; the others need a caller whose credential carries every scope. */
export function requireScopes(tool: AnyTool, caller: Caller | null): void {
  if (tool.scopes.length === 0) return;
  if (!caller) throw new UnauthorizedError();
  const missing = tool.scopes.filter((scope) => !caller.scopes.includes(scope));
  if (missing.length > 0) throw new InsufficientScopeError(tool.scopes);
}
