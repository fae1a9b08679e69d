/** Addresses are compared trimmed and lower-cased; that is also how they are stored. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
