import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { randomToken, sha256 } from '../security/random.js';
import { InvalidStateError, ValidationError } from '../errors.js';
import { LIMITS } from './profile-fields.js';
import type { DraftRecord } from './draft-store.js';

export const INVITE_LIFETIME_DAYS = 14;

/** Records (or renews) an invite to co-own the draft; answers the one-time token for the e-mailed link. */
export async function inviteCofounder(
  db: Database,
  draft: DraftRecord,
  input: { email: string; invitedBy: string; inviterEmail: string; now: Date },
): Promise<{ token: string; invites: number; createdAt: string }> {
  const email = input.email.trim().toLowerCase();
  if (email === input.inviterEmail.toLowerCase()) throw new ValidationError([{ path: '/email', message: 'You already own this draft; invite someone else' }]);
  const existing = await db.query<{ email: string }>('SELECT email FROM draft_invites WHERE draft_id = $1', [draft.id]);
  if (!existing.some((row) => row.email === email) && existing.length >= LIMITS.invites) {
    throw new InvalidStateError(`A draft can have at most ${LIMITS.invites} invites, and this one has them all.`);
  }
  const token = randomToken();
  const row = await db.one<{ created_at: string }>(
    `INSERT INTO draft_invites (id, draft_id, email, token_hash, invited_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (draft_id, email) DO UPDATE SET token_hash = excluded.token_hash, invited_by = excluded.invited_by, created_at = excluded.created_at
     RETURNING iso_time(created_at) AS created_at`,
    [randomUUID(), draft.id, email, sha256(token), input.invitedBy, input.now.toISOString()],
  );
  const count = existing.some((r) => r.email === email) ? existing.length : existing.length + 1;
  return { token, invites: count, createdAt: row!.created_at };
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

/** Makes the signed-in person an owner of the draft, and of its listing when there is one. Single use. */
export async function acceptInvite(db: Database, token: string, accountId: string, now: Date): Promise<PendingInvite | undefined> {
  const invite = await findPendingInvite(db, token, now);
  if (!invite) return undefined;
  const taken = await db.query('UPDATE draft_invites SET accepted_at = $2, accepted_by = $3 WHERE id = $1 AND accepted_at IS NULL RETURNING 1', [
    invite.id,
    now.toISOString(),
    accountId,
  ]);
  if (taken.length === 0) return undefined;
  await db.query('INSERT INTO draft_owners (draft_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [invite.draftId, accountId]);
  await db.query(
    `INSERT INTO listing_owners (listing_id, account_id) SELECT listing_id, $2 FROM drafts WHERE id = $1 AND listing_id IS NOT NULL ON CONFLICT DO NOTHING`,
    [invite.draftId, accountId],
  );
  return invite;
}
