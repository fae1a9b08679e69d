/** The site team: who has which staff role, what each role may do, and changing roles (audited). */
import type { Database, Statements } from '../db/database.js';
import { STAFF_ROLES, type StaffRole } from '../db/entities/account.js';
import { InsufficientRoleError, InvalidStateError, NotFoundError } from '../errors.js';
import { canonicalEmail, normalizeEmail } from '../text/email.js';
import { recordAudit, type Actor } from './audit-log.js';

export { STAFF_ROLES, type StaffRole };

/** What each role is for, in the words the console and the errors use. */
export const ROLE_DUTIES: Record<StaffRole, string> = {
  admin: 'everything, including staff roles, orders and refunds, prices, VAT rates and site settings',
  editor: 'the blog, categories and interview questions',
  moderator: 'hiding and featuring listings, and the reports queue',
};

/** A signed-in member of the site team, as a staff operation acts on their behalf. */
export interface StaffMember {
  accountId: string;
  email: string;
  role: StaffRole;
}

/** Whether `role` may do what `needed` may: an admin may do everything, the others their own duties. */
export function roleAllows(role: StaffRole | null | undefined, needed: StaffRole): boolean {
  return role === 'admin' || (role !== null && role !== undefined && role === needed);
}

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** The account's staff role as it is now (a demotion applies at the next call), or undefined when it has none. */
export async function findStaffMember(db: Statements, accountId: string): Promise<StaffMember | undefined> {
  const [row] = await db.query<{ email: string; role: StaffRole | null }>('SELECT email, role FROM accounts WHERE id = $1', [accountId]);
  return row?.role ? { accountId, email: row.email, role: row.role } : undefined;
}

/** The staff member behind `accountId`, when their role allows `needed`; otherwise 403 insufficient_role. */
export async function requireStaffRole(db: Statements, accountId: string, needed: StaffRole): Promise<StaffMember> {
  const member = await findStaffMember(db, accountId);
  if (!member || !roleAllows(member.role, needed)) throw new InsufficientRoleError(needed, member?.role ?? null);
  return member;
}

/** The actor of an audit entry for a staff member. */
export const staffActor = (member: StaffMember): Actor => ({ accountId: member.accountId, label: member.email });

export interface StaffEntry {
  email: string;
  role: StaffRole;
}

/** Every account with a staff role, admins first. */
export function listStaff(db: Database): Promise<StaffEntry[]> {
  return db.query<StaffEntry & Record<string, unknown>>(
    `SELECT email, role FROM accounts WHERE role IS NOT NULL
     ORDER BY array_position(ARRAY['admin', 'editor', 'moderator'], role), email`,
  );
}

/**
 * Gives the account with `email` a staff role, or takes it away (null), recorded in the audit log. The last admin
 * cannot be demoted from the console or an assistant (the site would have nobody to run it); the command line,
 * which needs the server itself, can.
 */
export async function setStaffRole(
  db: Database,
  change: { actor: Actor; email: string; role: StaffRole | null; now: Date; allowNoAdmin?: boolean },
): Promise<{ email: string; role: StaffRole | null; previous: StaffRole | null }> {
  const typed = normalizeEmail(change.email);
  return db.transaction(async (tx) => {
    // The account of the address's mailbox (canonicalEmail), its own exact address first, as accounts are found.
    const [account] = await tx.query<{ id: string; email: string; role: StaffRole | null }>(
      'SELECT id, email, role FROM accounts WHERE email = $1 OR email_canonical = $2 ORDER BY email = $1 DESC LIMIT 1 FOR UPDATE',
      [typed, canonicalEmail(typed)],
    );
    if (!account) throw new NotFoundError('account with the e-mail address', typed, 'The person signs up on the site first (/signup).');
    const email = account.email;
    if (account.role === 'admin' && change.role !== 'admin' && !change.allowNoAdmin) {
      // Locks every admin row, so that two admins demoting each other at once cannot both succeed.
      const admins = await tx.query("SELECT id FROM accounts WHERE role = 'admin' FOR UPDATE");
      if (admins.length <= 1) throw new InvalidStateError(`${email} is the last admin; make another account admin first.`);
    }
    if (account.role !== change.role) {
      await tx.query('UPDATE accounts SET role = $2 WHERE id = $1', [account.id, change.role]);
      await recordAudit(tx, {
        actor: change.actor,
        action: 'account.role',
        target: { type: 'account', id: email },
        before: { role: account.role },
        after: { role: change.role },
        at: change.now,
      });
    }
    return { email, role: change.role, previous: account.role };
  });
}
