import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_comments.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, refusedPaths, testServices } from '../support/services.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { expectContractUnchanged } from '../support/contract.js';
import { deleteComment, postComment } from '../../src/community/comments.js';
import { deferredJobQueue } from '../../src/jobs/job-outbox.js';

interface Comment {
  id: number;
  parent_id: number | null;
  body: string | null;
  author: string | null;
  maker: boolean;
  state: string;
  replies?: Comment[];
}

let t: TestDatabase;
const now = new Date('2026-11-25T12:00:00Z');
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  const category = await insertCategory(t.db);
  const listing = await insertListing(t.db, { slug: 'talked-about', category_id: category, status: 'live' });
  await insertListing(t.db, { slug: 'not-yet', category_id: category, status: 'draft' });
  const [a, b, maker] = [await makeAccount(t.db), await makeAccount(t.db), await makeAccount(t.db)];
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listing, maker.id]);
  const jobs = deferredJobQueue(t.db);
  const post = async (name: string, who: string, body: string, parent?: string, minute = 0) => {
    const at = new Date(now.getTime() + minute * 60_000);
    ids[name] = (await postComment(t.db, jobs, who, { slug: 'talked-about', body, parentId: parent && ids[parent] }, at)).id;
  };
  await post('question', a.id, 'Is there an API?', undefined, 1);
  await post('answer', maker.id, 'Yes: REST and MCP.', 'question', 2);
  await post('gone', b.id, 'Spam', undefined, 3);
  await post('deletedWithReply', b.id, 'Wrong thread', undefined, 4);
  await post('followUp', a.id, 'Which thread?', 'deletedWithReply', 5);
  for (const name of ['gone', 'deletedWithReply']) await deleteComment(t.db, b.id, ids[name]!, now);
});
afterAll(() => t.drop());

const list = async (input: Record<string, unknown>) =>
  (await callTool(tool, testServices(t.db), input)) as unknown as { items: Comment[]; total: number; has_more: boolean };

describe('list_comments', () => {
  it("reads the thread: top comments oldest first with their replies, the maker's marked, deleted ones only where replies hang", async () => {
    const page = await list({ slug: 'talked-about' });
    expect(page).toMatchObject({ total: 2, has_more: false });
    expect(page.items.map((c) => [c.id, c.state, c.body, c.replies!.map((r) => [r.body, r.maker, r.parent_id])])).toEqual([
      [ids.question, 'visible', 'Is there an API?', [['Yes: REST and MCP.', true, ids.question]]],
      [ids.deletedWithReply, 'deleted', null, [['Which thread?', false, ids.deletedWithReply]]],
    ]);
    expect(page.items[1]!.author).toBeNull();
    expect(page.items[0]!.author).toMatch(/^Member /);
  });

  it('pages over top comments', async () => {
    const first = await list({ slug: 'talked-about', per_page: 1 });
    expect(first).toMatchObject({ total: 2, has_more: true });
    expect(first.items.map((c) => c.id)).toEqual([ids.question]);
    expect((await list({ slug: 'talked-about', per_page: 1, page: 2 })).items.map((c) => c.id)).toEqual([ids.deletedWithReply]);
  });

  it('answers 404 for unknown and unpublished listings, 400 naming bad fields', async () => {
    for (const slug of ['not-yet', 'no-such-listing'])
      expect(await callToolError(tool, testServices(t.db), { slug })).toMatchObject({ status: 404 });
    expect(await refusedPaths(tool, { slug: 'Not A Slug', page: 0, per_page: 101 })).toEqual(['/page', '/per_page', '/slug']);
    expect(await refusedPaths(tool, { slug: 'talked-about', extra: 1 })).toEqual(['/extra']);
  });

  it('keeps its published contract', () => expectContractUnchanged(tool));
});
