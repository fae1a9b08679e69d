import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { randomToken, sha256 } from '../security/random.js';
import { InvalidStateError, ValidationError } from '../errors.js';
import { LIMITS } from './profile-fields.js';
import type { DraftRecord } from './draft-store.js';
import { normalizeEmail } from '../accounts/email.js';

export const INVITE_LIFETIME_DAYS = 14;

/** Records (or renews) an invite to co-own the draft; answers the one-time token for the e-mailed link. */
export async function inviteCofounder(
  db: Database,
  draft: DraftRecord,
  input: { email: string; invitedBy: string; inviterEmail: string; now: Date },
): Promise<{ token: string; email: string; invites: number; createdAt: string }> {
  const email = normalizeEmail(input.email);
  if (email === input.inviterEmail.toLowerCase())
    throw new ValidationError([{ path: '/email', message: 'You already own this draft; invite someone else' }]);
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM drafts WHERE id = $1 FOR UPDATE', [draft.id]); // invites of one draft are counted one at a time
    const existing = await tx.query<{ email: string; accepted: boolean; recent: boolean }>(
      `SELECT email, accepted_at IS NOT NULL AS accepted, created_at > $2::timestamptz - interval '10 minutes' AS recent
       FROM draft_invites WHERE draft_id = $1`,
      [draft.id, input.now.toISOString()],
    );
    const previous = existing.find((row) => row.email === email);
    if (previous?.accepted) throw new InvalidStateError(`${email} already accepted an invite and co-owns this draft.`);
    if (previous?.recent) throw new InvalidStateError(`${email} was invited less than 10 minutes ago; the link in that mail still works.`);
    if (!previous && existing.length >= LIMITS.invites) {
      throw new InvalidStateError(`A draft can have at most ${LIMITS.invites} invites, and this one has them all.`);
    }
    const token = randomToken();
    const rows = await tx.query<{ created_at: string }>(
      `INSERT INTO draft_invites (id, draft_id, email, token_hash, invited_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (draft_id, email) DO UPDATE SET token_hash = excluded.token_hash, invited_by = excluded.invited_by, created_at = excluded.created_at
       RETURNING iso_time(created_at) AS created_at`,
      [randomUUID(), draft.id, email, sha256(token), input.invitedBy, input.now.toISOString()],
    );
    return { token, email, invites: previous ? existing.length : existing.length + 1, createdAt: rows[0].created_at };
  });
}

export interface PendingInvite {
  id: string;
  draftId: string;
  email: string;
  url: string;
  name: string | null;
}

/** The unexpired, unaccepted invite behind a token. */
export async function findPendingInvite(db: Database, token: string, now: Date): Promise<PendingInvite | undefined> {
  return db.one<PendingInvite & Record<string, unknown>>(
    `SELECT i.id, i.draft_id AS "draftId", i.email, d.url, d.fields->'name'->>'value' AS name
     FROM draft_invites i JOIN drafts d ON d.id = i.draft_id
     WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.created_at > $2::timestamptz - make_interval(days => $3)`,
    [sha256(token), now.toISOString(), INVITE_LIFETIME_DAYS],
  );
}

export type AcceptOutcome =
  | { kind: 'accepted'; invite: PendingInvite }
  | { kind: 'already_owner'; invite: PendingInvite }
  | { kind: 'wrong_account'; invite: PendingInvite }
  | { kind: 'invalid' };

/**
 * Makes the signed-in person an owner of the draft, and of its listing when there is one, in one
 * transaction. Only the invited address may accept (a forwarded link is no key); someone who already
 * owns the draft leaves the invite unused for the person it was sent to.
 */
export async function acceptInvite(
  db: Database,
  token: string,
  account: { id: string; email: string; emailVerified: boolean },
  now: Date,
): Promise<AcceptOutcome> {
  const invite = await findPendingInvite(db, token, now);
  if (!invite) return { kind: 'invalid' };
  if (!account.emailVerified || account.email.toLowerCase() !== invite.email) return { kind: 'wrong_account', invite };
  return db.transaction(async (tx) => {
    const draft = (await tx.query<{ account_id: string }>('SELECT account_id FROM drafts WHERE id = $1 FOR UPDATE', [invite.draftId]))[0];
    if (!draft) return { kind: 'invalid' } as const;
    const owner =
      draft.account_id === account.id ||
      (await tx.query('SELECT 1 FROM draft_owners WHERE draft_id = $1 AND account_id = $2', [invite.draftId, account.id])).length > 0;
    if (owner) return { kind: 'already_owner', invite } as const;
    const taken = await tx.query(
      'UPDATE draft_invites SET accepted_at = $2, accepted_by = $3 WHERE id = $1 AND accepted_at IS NULL RETURNING 1',
      [invite.id, now.toISOString(), account.id],
    );
    if (taken.length === 0) return { kind: 'invalid' } as const;
    await tx.query('INSERT INTO draft_owners (draft_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [invite.draftId, account.id]);
    await tx.query(
      'INSERT INTO listing_owners (listing_id, account_id) SELECT listing_id, $2 FROM drafts WHERE id = $1 AND listing_id IS NOT NULL ON CONFLICT DO NOTHING',
      [invite.draftId, account.id],
    );
    return { kind: 'accepted', invite } as const;
  });
}
