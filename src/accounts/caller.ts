/** Who is calling an operation, and what the credential they sent lets them do. */

export const SCOPES = {
  'account:read': 'Read your account, drafts, listings, claims and orders',
  'listings:write': 'Submit, edit and claim listings, and choose free listings',
  'orders:write': 'Price orders and start checkouts',
  'webhooks:write': 'Send notices of your drafts, listings, claims, orders and awards to web addresses you choose',
} as const;
export type Scope = keyof typeof SCOPES;
/** Every scope, in the order of SCOPES. */
export const SCOPE_NAMES: readonly Scope[] = Object.keys(SCOPES) as Scope[];
/**
 * What a new API key carries unless others are chosen, and what a client that asks for no scope is asked for:
 * every scope but webhooks:write, which sends the account's events elsewhere and is granted only when asked for.
 */
export const DEFAULT_SCOPES: readonly Scope[] = ['account:read', 'listings:write', 'orders:write'];
/** Whether `value` names a scope (own keys only: "toString" is none). */
export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

/** What the caller signed in with: an OAuth access token (issued to a client for one resource) or an API key. */
type Credential =
  | { kind: 'token'; clientId: string; resource: string; expiresAt: string }
  | { kind: 'api_key'; keyId: string; name: string; prefix: string };

export interface Caller {
  accountId: string;
  scopes: readonly Scope[];
  credential: Credential;
}
