import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { randomToken, sha256 } from '../security/random.js';
import { InvalidStateError, ValidationError } from '../errors.js';
import { LIMITS } from './profile-fields.js';
import { lockedDraft, type DraftRecord } from './draft-store.js';
import { Account } from '../db/entities/account.js';
import { DraftInvite, DraftOwner, ListingOwner } from '../db/entities/draft.js';
import { canonicalEmail, normalizeEmail } from '../text/email.js';

export const INVITE_LIFETIME_DAYS = 14;

/** Records (or renews) an invite to co-own the draft; answers the one-time token for the e-mailed link. */
export async function inviteCofounder(
  db: Database,
  draft: DraftRecord,
  input: { email: string; invitedBy: string; inviterEmail: string; now: Date },
): Promise<{ token: string; email: string; invites: number; createdAt: string }> {
  const email = normalizeEmail(input.email);
  // Addresses are compared by the mailbox they reach (canonicalEmail): ring+x@gmail.com is the inviter's ring@gmail.com.
  const mailbox = canonicalEmail(email);
  if (mailbox === canonicalEmail(input.inviterEmail))
    throw new ValidationError([{ path: '/email', message: 'You already own this draft; invite someone else' }]);
  return db.transaction(async ({ em }) => {
    // Invites of one draft are counted one at a time.
    if (!(await lockedDraft(em, draft.id))) throw new InvalidStateError('The draft no longer exists.');
    const existing = await em.find(DraftInvite, { draft: draft.id });
    const previous = existing.find((invite) => canonicalEmail(invite.email) === mailbox);
    if (previous?.acceptedAt) throw new InvalidStateError(`${email} already accepted an invite and co-owns this draft.`);
    if (previous && previous.createdAt.getTime() > input.now.getTime() - RESEND_AFTER_MS) {
      throw new InvalidStateError(`${email} was invited less than 10 minutes ago; the link in that mail still works.`);
    }
    if (!previous && existing.length >= LIMITS.invites) {
      throw new InvalidStateError(`A draft can have at most ${LIMITS.invites} invites, and this one has them all.`);
    }
    const token = randomToken();
    const renewed = {
      tokenHash: sha256(token),
      invitedBy: em.getReference(Account, input.invitedBy, { wrapped: true }),
      createdAt: input.now,
    };
    if (previous) Object.assign(previous, { ...renewed, email });
    else em.create(DraftInvite, { id: randomUUID(), draft: draft.id, email, ...renewed });
    return { token, email, invites: previous ? existing.length : existing.length + 1, createdAt: input.now.toISOString() };
  });
}

/** The same address can be invited again after this long (a fresh link). */
const RESEND_AFTER_MS = 10 * 60_000;

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
  // Any address of the invited mailbox may accept (canonicalEmail): the account's own address is the mailbox's.
  if (!account.emailVerified || canonicalEmail(account.email) !== canonicalEmail(invite.email)) return { kind: 'wrong_account', invite };
  return db.transaction(async (tx) => {
    const { em } = tx;
    const draft = await lockedDraft(em, invite.draftId);
    if (!draft) return { kind: 'invalid' } as const;
    const owner = draft.account.id === account.id || (await em.count(DraftOwner, { draft: draft.id, account: account.id })) > 0;
    if (owner) return { kind: 'already_owner', invite } as const;
    // The draft's lock orders acceptances: an invite read here unaccepted stays so until the commit.
    const pending = await em.findOne(DraftInvite, { id: invite.id, acceptedAt: null });
    if (!pending) return { kind: 'invalid' } as const;
    const accepting = em.getReference(Account, account.id, { wrapped: true });
    Object.assign(pending, { acceptedAt: now, acceptedBy: accepting });
    em.create(DraftOwner, { draft, account: accepting });
    if (draft.listing && !(await em.count(ListingOwner, { listing: draft.listing.id, account: account.id }))) {
      em.create(ListingOwner, { listing: draft.listing, account: accepting });
      // A co-founder's own review stops counting towards the rating (the listing_owners trigger of migration 0036).
      await em.flush();
    }
    return { kind: 'accepted', invite } as const;
  });
}
