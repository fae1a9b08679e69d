import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/reply_to_comment.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { caller, person, type Call, type Person } from '../listings/support.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { postComment } from '../../src/community/comments.js';

/** Over REST with a real database: the owner answers as the maker; everyone else is refused. */
let t: TestApp;
let call: Call;
let maker: Person;
let listing: { id: number; slug: string };
let question: number;

beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  maker = await person(t.db);
  const id = await insertListing(t.db, { category_id: await insertCategory(t.db), status: 'live' });
  listing = { id, slug: (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!.slug };
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, maker.id]);
  const asker = await person(t.db);
  question = (await postComment(t.db, t.app.services.jobs, asker.id, { slug: listing.slug, body: 'Is it free?' }, new Date())).id;
}, 60_000);
afterAll(() => t?.close());

const replies = async () =>
  t.db.query<{ body: string; by_maker: boolean }>('SELECT body, by_maker FROM comments WHERE parent_id = $1 ORDER BY id', [question]);

describe('reply_to_comment', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));

  it('the owner answers: 201, the reply carries the Maker mark; an Idempotency-Key makes a retry harmless', async () => {
    const answer = await call(maker, 'POST', `/comments/${question}/replies`, { body: '  Yes, for ever.  ' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ parent_id: question, slug: listing.slug, body: 'Yes, for ever.', maker: true });
    expect(answer.body.url).toBe(`${t.url}/listings/${listing.slug}#comment-${answer.body.id}`);
    const retry = async () =>
      fetch(`${t.url}/api/v1/comments/${question}/replies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${maker.key}`, 'content-type': 'application/json', 'idempotency-key': 'reply-1' },
        body: JSON.stringify({ body: 'Once only' }),
      });
    const [first, second] = [await retry(), await retry()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await second.json()).id).toBe((await first.json()).id);
    expect(await replies()).toEqual([
      { body: 'Yes, for ever.', by_maker: true },
      { body: 'Once only', by_maker: true },
    ]);
  });

  it('refuses a non-owner (403 not_owner), an unknown comment (404), no token (401), a key without listings:write (403)', async () => {
    const before = (await replies()).length;
    const stranger = await person(t.db);
    expect(await call(stranger, 'POST', `/comments/${question}/replies`, { body: 'I am the maker' })).toMatchObject({
      status: 403,
      body: { code: 'not_owner' },
    });
    expect(await call(maker, 'POST', '/comments/99999999/replies', { body: 'Hi' })).toMatchObject({ status: 404 });
    expect((await call(null, 'POST', `/comments/${question}/replies`, { body: 'Hi' })).status).toBe(401);
    const { key } = await createApiKey(t.db, { accountId: maker.id, name: 'read only', scopes: ['account:read'], now: new Date() });
    const readOnly = { ...maker, key };
    expect(await call(readOnly, 'POST', `/comments/${question}/replies`, { body: 'Hi' })).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    expect((await replies()).length).toBe(before);
  });

  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, { comment_id: 0, body: '' })).toEqual(['/body', '/comment_id']);
    expect(await refusedPaths(tool, { comment_id: 1, body: 'x'.repeat(5001) })).toEqual(['/body']);
    expect((await call(maker, 'POST', `/comments/${question}/replies`, { body: '\u200b' })).body).toMatchObject({
      status: 400,
      errors: [{ path: '/body' }],
    });
  });

  it('keeps its published contract', () => expectContractUnchanged(tool));
});
