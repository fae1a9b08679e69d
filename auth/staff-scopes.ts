import type { Grant } from 'oidc-provider';
import { refusedScopes } from '../src/accounts/caller.js';

/**
 * The staff-only scope (admin) in the authorization server's grants. A request that asks for it on an account
 * without a staff role gets the rest of what it asked for (RFC 6749 §3.3): the consent page says what is not
 * granted and why, the grant records the staff-only scope as rejected (so the person is not asked again), and the
 * token response's `scope` names what was granted. A grant is also put in line with the account's role as it is
 * now, every time it is used: a grant made while the account was staff gives a demoted account no admin scope (at
 * authorization or refresh), and a refusal made before a promotion is forgotten, so the person is asked again.
 */

/** The account's staff role as findAccount hands it to oidc-provider (a property of the Account object). */
export const STAFF_ROLE = 'staffRole';

/** The staff role of an oidc-provider Account made by our findAccount, or null. */
export function staffRoleOf(account: Record<string, unknown> | undefined): string | null {
  const role = account?.[STAFF_ROLE];
  return typeof role === 'string' && role ? role : null;
}

/** The scopes of `scopes` the account may be given, and those it may not (staff only). */
export function splitByRole(scopes: Iterable<string>, role: string | null): { allowed: string[]; refused: string[] } {
  const all = [...scopes].filter(Boolean);
  const refused = refusedScopes(all, role);
  return { allowed: all.filter((scope) => !refused.includes(scope)), refused };
}

const withoutStaffOnly = (scope: string): string => splitByRole(scope.split(' '), null).allowed.join(' ');

/**
 * Puts `grant` in line with the account's role, in memory: without a staff role, staff-only scopes leave what it
 * grants; with one, they leave what it rejected (the person is asked for them again).
 */
export function alignGrantWithRole(grant: Grant, role: string | null): void {
  const target = role ? grant.rejected : grant;
  if (!target) return;
  if (target.openid?.scope) target.openid.scope = withoutStaffOnly(target.openid.scope);
  for (const [resource, scope] of Object.entries(target.resources ?? {})) target.resources![resource] = withoutStaffOnly(scope);
}

interface MissingGrants {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

/**
 * Adds to `grant` what the consent prompt found missing: granted when the account may have it, rejected when it is
 * staff only and the account has no staff role.
 */
export function grantMissing(grant: Grant, missing: MissingGrants, role: string | null): void {
  alignGrantWithRole(grant, role);
  if (missing.missingOIDCScope) {
    const { allowed, refused } = splitByRole(missing.missingOIDCScope, role);
    if (allowed.length > 0) grant.addOIDCScope(allowed.join(' '));
    if (refused.length > 0) grant.rejectOIDCScope(refused.join(' '));
  }
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    const { allowed, refused } = splitByRole(scopes, role);
    if (allowed.length > 0) grant.addResourceScope(resource, allowed.join(' '));
    if (refused.length > 0) grant.rejectResourceScope(resource, refused.join(' '));
  }
}
