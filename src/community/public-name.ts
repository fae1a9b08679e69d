/**
 * The name shown with what a person writes (reviews, comments): the display name they chose, or "Member" and the
 * first characters of their random account id, which says nothing about their e-mail address.
 */
export const publicNameSql = (account: string) =>
  `coalesce(${account}.display_name, 'Member ' || upper(left(replace(${account}.id::text, '-', ''), 6)))`;

/** The same name for an account record read in code. */
export function publicName(account: { id: string; displayName?: string | null }): string {
  return account.displayName ?? `Member ${account.id.replaceAll('-', '').slice(0, 6).toUpperCase()}`;
}

/** The longest display name. */
export const DISPLAY_NAME_MAX = 50;
