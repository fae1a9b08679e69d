import normalizeEmailModule from 'validator/lib/normalizeEmail.js';

// A CommonJS module: Node's default import is its module.exports, which also carries the function as .default.
const mailboxOf = normalizeEmailModule.default;

/** Addresses are stored trimmed and lower-cased, as typed otherwise: mail goes to that address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The mailbox an address reaches: the form in which accounts are compared and kept unique (issue 52, item 3, "one
 * mailbox, one account"). The providers that ignore parts of an address, and what they ignore, come from validator's
 * normalizeEmail (its defaults): Gmail drops dots and a +tag and googlemail.com is gmail.com; Outlook.com, Hotmail,
 * Live and MSN drop a +tag, iCloud (icloud.com, me.com) a +tag, Yahoo (yahoo.*, ymail.com, rocketmail.com) a -tag;
 * the Yandex domains are one. Any other address is only trimmed and lower-cased (dots and +tags count there: a.b@ and
 * ab@example.com are two mailboxes). An address the rules would empty (+x@gmail.com) stays as it is.
 */
export function canonicalEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!normalized.includes('@')) return normalized;
  return mailboxOf(normalized) || normalized;
}
