import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createAccount } from '../../src/accounts/accounts.js';
import { deleteAccount } from '../../src/accounts/account-deletion.js';
import { findDraft } from '../../src/drafting/draft-store.js';
import { acceptInvite, inviteCofounder } from '../../src/drafting/draft-invites.js';
import { InvalidStateError, ValidationError } from '../../src/errors.js';
import { createTestDatabase } from '../support/database.js';

/** Co-founder invites go by the mailbox an address reaches, as accounts do (issue 52, item 3). */
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
}, 60_000);
afterAll(() => drop?.());

const now = new Date();
async function account(email: string) {
  const made = await createAccount(db, { email, password: 'correct horse battery staple', verified: true, now });
  if (!made) throw new Error(`${email} not created`);
  return made;
}
async function draftOf(accountId: string) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO drafts (id, account_id, url, status) VALUES (gen_random_uuid(), $1::uuid, 'https://mailbox.example', 'ready') RETURNING id`,
    [accountId],
  );
  const draft = await findDraft(db, row.id);
  if (!draft) throw new Error('no draft');
  return draft;
}

describe('co-founder invites and mailboxes', () => {
  it('refuses inviting an alias of oneself, keeps one invite per mailbox, and lets the mailbox account accept an alias invite', async () => {
    const owner = await account('owner.x@gmail.com');
    const draft = await draftOf(owner.id);
    const invite = (email: string) => inviteCofounder(db, draft, { email, invitedBy: owner.id, inviterEmail: owner.email, now });
    await expect(invite('OwnerX+co@googlemail.com')).rejects.toBeInstanceOf(ValidationError);

    const { token } = await invite('c.o.f@gmail.com');
    await expect(invite('cof+again@gmail.com')).rejects.toBeInstanceOf(InvalidStateError); // the same mailbox, invited just now
    expect(await db.query('SELECT email FROM draft_invites WHERE draft_id = $1', [draft.id])).toEqual([{ email: 'c.o.f@gmail.com' }]);

    const cofounder = await account('cof@gmail.com');
    expect(await acceptInvite(db, token, cofounder, now)).toMatchObject({ kind: 'accepted' });
  });

  it("deletes the invites to any address of a deleted account's mailbox", async () => {
    const owner = await account('maker@example.com');
    const draft = await draftOf(owner.id);
    await inviteCofounder(db, draft, { email: 'gone.person+x@gmail.com', invitedBy: owner.id, inviterEmail: owner.email, now });
    await inviteCofounder(db, draft, { email: 'gone.person@example.com', invitedBy: owner.id, inviterEmail: owner.email, now });
    const gone = await account('goneperson@googlemail.com');
    await deleteAccount(db, gone.id, now);
    expect(await db.query('SELECT email FROM draft_invites WHERE draft_id = $1', [draft.id])).toEqual([
      { email: 'gone.person@example.com' },
    ]);
  });
});
