/** Who is calling an operation, and what the credential they sent lets them do. */

export const SCOPES = {
  'account:read': 'Read your account, drafts, listings, claims and orders',
  'listings:write': 'Submit, edit and claim listings, and choose free listings',
  'orders:write': 'Price orders and start checkouts',
  'webhooks:write': 'Send notices of your drafts, listings, claims, orders and awards to web addresses you choose',
  admin: "Act for the site team with your account's staff role (blog, categories, moderation, orders, settings)",
} as const;
export type Scope = keyof typeof SCOPES;
/** Every scope, in the order of SCOPES. */
export const SCOPE_NAMES: readonly Scope[] = Object.keys(SCOPES) as Scope[];
/**
 * What a new API key carries unless others are chosen, and what a client that asks for no scope is asked for:
 * every scope but webhooks:write, which sends the account's events elsewhere and is granted only when asked for,
 * and admin, which only staff accounts are given, and only when asked for.
 */
export const DEFAULT_SCOPES: readonly Scope[] = ['account:read', 'listings:write', 'orders:write'];
/** The scope of the site team's operations: given only to accounts with a staff role (staffOnlyScopes). */
export const ADMIN_SCOPE = 'admin' satisfies Scope;

/** The scopes among `scopes` that the account cannot be given because it has no staff role. */
export function refusedScopes(scopes: Iterable<string>, role: string | null): string[] {
  return role ? [] : [...scopes].filter((scope) => scope === ADMIN_SCOPE);
}

/** Whether `value` names a scope (own keys only: "toString" is none). */
export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

/**
 * What the caller signed in with: an OAuth access token (issued to a client for one resource), an API key, or the
 * site's own browser session (the /admin console calls the site team's operations with it).
 */
type Credential =
  | { kind: 'token'; clientId: string; resource: string; expiresAt: string }
  | { kind: 'api_key'; keyId: string; name: string; prefix: string }
  | { kind: 'session' };

export interface Caller {
  accountId: string;
  scopes: readonly Scope[];
  credential: Credential;
}
