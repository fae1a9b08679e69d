import type { IncomingHttpHeaders } from 'node:http';
import type Provider from 'oidc-provider';
import type { Database } from '../src/db/database.js';
import type { Caller } from '../src/accounts/caller.js';
import { isScope, type Scope } from '../src/accounts/caller.js';
import { UnauthorizedError } from '../src/errors.js';
import { findApiKeyOwner, looksLikeApiKey } from '../src/accounts/api-keys.js';

export type CallerResolver = (headers: IncomingHttpHeaders) => Promise<Caller | null>;

export interface CredentialDeps {
  db: Database;
  provider: Provider;
  now: () => Date;
}

/**
 * Who is calling the resource at `resource` (PUBLIC_URL/mcp or PUBLIC_URL/api/v1): nobody when no
 * Authorization header is sent; otherwise the owner of a live API key, or of an access token issued
 * for this very resource. Anything else presented is refused with 401 invalid_token.
 */
/** Whether a request carries a credential at all; without one it is anonymous. */
export function carriesCredential(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined && headers.authorization !== '';
}

export function callerResolver(deps: CredentialDeps, resource: string): CallerResolver {
  return async (headers) => {
    if (!carriesCredential(headers)) return null;
    const header = headers.authorization!;
    const credential = /^Bearer +([\x21-\x7E]+) *$/i.exec(header)?.[1];
    if (!credential) throw new UnauthorizedError('The Authorization header must be "Bearer <ACCESS_TOKEN_OR_API_KEY>".', true);
    return looksLikeApiKey(credential) ? apiKeyCaller(deps, credential) : accessTokenCaller(deps, credential, resource);
  };
}

async function apiKeyCaller(deps: CredentialDeps, key: string): Promise<Caller> {
  const owner = await findApiKeyOwner(deps.db, key, deps.now());
  if (!owner) throw new UnauthorizedError('The API key is unknown or has been revoked.', true);
  return {
    accountId: owner.accountId,
    scopes: knownScopes(owner.scopes),
    credential: { kind: 'api_key', keyId: owner.keyId, name: owner.name, prefix: owner.prefix },
  };
}

async function accessTokenCaller(deps: CredentialDeps, value: string, resource: string): Promise<Caller> {
  const token = await deps.provider.AccessToken.find(value);
  if (!token?.accountId) throw new UnauthorizedError('The access token is unknown, expired or revoked.', true);
  const audiences = Array.isArray(token.aud) ? token.aud : [token.aud];
  if (!audiences.includes(resource)) {
    throw new UnauthorizedError(`The access token was issued for another resource; ask for one with resource=${resource}.`, true);
  }
  return {
    accountId: token.accountId,
    scopes: knownScopes(token.scope?.split(' ') ?? []),
    credential: { kind: 'token', clientId: token.clientId ?? '', resource, expiresAt: new Date((token.exp ?? 0) * 1000).toISOString() },
  };
}

function knownScopes(scopes: readonly string[]): Scope[] {
  return scopes.filter(isScope);
}
