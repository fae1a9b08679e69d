import { DEFAULT_SCOPES, type Caller } from '../accounts/caller.js';
import { InsufficientScopeError, UnauthorizedError } from '../errors.js';
import type { AnyTool } from './tool.js';

/** Public tools need nothing; the others need a caller whose credential carries every scope. */
export function requireScopes(tool: AnyTool, caller: Caller | null): void {
  if (tool.scopes.length === 0) return;
  if (!caller) throw new UnauthorizedError(undefined, false, tool.scopes);
  const missing = tool.scopes.filter((scope) => !caller.scopes.includes(scope));
  if (missing.length > 0) throw new InsufficientScopeError(missing);
}

/**
 * The WWW-Authenticate challenge for a refusal (RFC 6750, RFC 9728): it points the client at the
 * protected-resource metadata, where the sign-in flow starts, and names the scope to step up to.
 */
function authenticationChallenge(refusal: UnauthorizedError | InsufficientScopeError, resourceMetadataUrl: string): string {
  if (refusal instanceof InsufficientScopeError) {
    return `Bearer error="insufficient_scope", scope="${refusal.scopes.join(' ')}", resource_metadata="${resourceMetadataUrl}"`;
  }
  const error = refusal.invalidToken ? `error="invalid_token", error_description="${(refusal.detail ?? '').replace(/["\\]/g, '')}", ` : '';
  // One consent for the founder's journey: a sign-in asked for by any of its tools asks for its scopes together
  // (webhooks:write only when the refused tool needs it), not one consent per tool. The site team's tools ask for admin.
  const scopes =
    refusal.scopes.length === 0 || refusal.scopes.includes('admin') ? refusal.scopes : [...new Set([...DEFAULT_SCOPES, ...refusal.scopes])];
  const scope = scopes.length > 0 ? `scope="${scopes.join(' ')}", ` : '';
  return `Bearer ${error}${scope}resource_metadata="${resourceMetadataUrl}"`;
}

/** The refusal with its WWW-Authenticate challenge, as REST and MCP both send it; other errors as they are. */
export function withAuthenticationChallenge(error: unknown, resourceMetadataUrl: string): unknown {
  if (error instanceof UnauthorizedError || error instanceof InsufficientScopeError) {
    error.headers['WWW-Authenticate'] = authenticationChallenge(error, resourceMetadataUrl);
  }
  return error;
}
