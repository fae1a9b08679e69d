/**
 * The category tree as editors change it (issue 29), over REST: creating, renaming (the old slug keeps working),
 * moving (no cycles), merging (listings, links and subcategories move; the old address 301s), the audit entries,
 * and listings' cached profiles following every change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, type Call, type Person } from '../listings/support.js';
import { staffCast, type StaffPerson } from '../console/support.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

let t: TestApp;
let call: Call;
let editor: StaffPerson;
let moderator: StaffPerson;
let admin: StaffPerson;
let nobody: Person;
beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  ({ editor, moderator, admin, nobody } = await staffCast(t.db));
});
afterAll(() => t?.close());

const page = async (path: string) => {
  const response = await fetch(`${t.url}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
};
const auditOf = async (slug: string) =>
  (await call(admin, 'GET', `/admin/audit-log?target_type=category&target_id=${slug}`)).body.items as {
    action: string;
    actor: string;
    before: unknown;
    after: unknown;
  }[];
const slugsOf = (items: { slug: string }[]) => items.map((item) => item.slug).sort();

describe('who may change categories', () => {
  it('editors and admins; moderators (insufficient_role), non-staff keys (insufficient_scope) and anonymous (401) are refused', async () => {
    await insertCategory(t.db, { slug: 'guarded', name: 'Guarded' });
    for (const [who, expected] of [
      [moderator, { status: 403, code: 'insufficient_role' }],
      [nobody, { status: 403, code: 'insufficient_scope' }],
      [null, { status: 401, code: 'unauthorized' }],
    ] as const) {
      expect((await call(who, 'POST', '/admin/categories', { name: 'Sneaky' })).body).toMatchObject(expected);
      expect((await call(who, 'PATCH', '/admin/categories/guarded', { name: 'Taken' })).body).toMatchObject(expected);
      expect((await call(who, 'POST', '/admin/categories/guarded/merge', { into: 'guarded' })).body).toMatchObject(expected);
    }
    expect((await call(admin, 'POST', '/admin/categories', { name: 'By an admin' })).status).toBe(201);
    expect((await call(null, 'GET', '/categories/guarded')).body.name).toBe('Guarded');
  });
});

describe('creating a category', () => {
  it('adds it to the tree (slug from the name) under its parent, audited; a name or slug in use is 409, an unknown parent 404', async () => {
    const top = await call(editor, 'POST', '/admin/categories', { name: 'Note Taking', description: 'Notes.' });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ slug: 'note-taking', name: 'Note Taking', description: 'Notes.', parent: null, live_count: 0 });
    const child = await call(editor, 'POST', '/admin/categories', {
      name: 'Voice notes',
      slug: 'voice',
      parent: 'note-taking',
      faqs: [{ question: 'What?', answer: 'Spoken notes.' }],
    });
    expect(child.body).toMatchObject({
      slug: 'voice',
      parent: { slug: 'note-taking', name: 'Note Taking' },
      faqs: [{ question: 'What?', answer: 'Spoken notes.' }],
    });
    const tree = await call(null, 'GET', '/categories');
    const node = tree.body.items.find((item: { slug: string }) => item.slug === 'note-taking');
    expect(slugsOf(node.subcategories)).toEqual(['voice']);
    expect((await call(editor, 'POST', '/admin/categories', { name: 'note taking' })).body).toMatchObject({
      status: 409,
      errors: [{ path: '/name' }],
    });
    expect((await call(editor, 'POST', '/admin/categories', { name: 'Other', slug: 'voice' })).body).toMatchObject({
      status: 409,
      errors: [{ path: '/slug' }],
    });
    expect((await call(editor, 'POST', '/admin/categories', { name: 'Orphan', parent: 'no-such' })).status).toBe(404);
    expect((await auditOf('note-taking'))[0]).toMatchObject({
      action: 'category.create',
      actor: editor.email,
      before: null,
      after: { name: 'Note Taking', slug: 'note-taking', description: 'Notes.', parent: null },
    });
  });

  it('refuses bad input with 400 naming every path', async () => {
    const bad = await call(editor, 'POST', '/admin/categories', {
      name: '',
      slug: 'Bad Slug',
      parent: 7,
      faqs: [{ question: 'q' }],
      colour: 'red',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/colour', '/faqs/0/answer', '/name', '/parent', '/slug']);
  });
});

describe('renaming a category', () => {
  it('keeps the old slug working (API answers the category, the site 301s) and updates listings at once', async () => {
    const id = await insertCategory(t.db, { slug: 'old-name', name: 'Old name' });
    const listingId = await insertListing(t.db, { category_id: id, slug: 'renamed-one' });
    expect((await call(null, 'GET', '/listings/renamed-one')).body.primary_category).toEqual({ slug: 'old-name', name: 'Old name' });
    const renamed = await call(editor, 'PATCH', '/admin/categories/old-name', { name: 'New name', new_slug: 'new-name' });
    expect(renamed.body).toMatchObject({ slug: 'new-name', name: 'New name', live_count: 1 });
    const viaOld = await call(null, 'GET', '/categories/old-name');
    expect(viaOld.body).toMatchObject({ slug: 'new-name', name: 'New name' });
    expect(viaOld.body.listings.items.map((l: { id: number }) => l.id)).toEqual([listingId]);
    expect(await page('/categories/old-name?page=1')).toMatchObject({ status: 301, location: '/categories/new-name?page=1' });
    expect((await page('/categories/new-name')).status).toBe(200);
    expect((await call(null, 'GET', '/listings?category=old-name')).body.items.map((l: { id: number }) => l.id)).toEqual([listingId]);
    // get_listing's kept answer follows (the profile is rebuilt and the change heard).
    await expect
      .poll(async () => (await call(null, 'GET', '/listings/renamed-one')).body.primary_category)
      .toEqual({
        slug: 'new-name',
        name: 'New name',
      });
    expect((await auditOf('old-name'))[0]).toMatchObject({
      action: 'category.update',
      before: { name: 'Old name', slug: 'old-name' },
      after: { name: 'New name', slug: 'new-name' },
    });
    // Renaming back takes the address back: no redirect loop.
    await call(editor, 'PATCH', '/admin/categories/new-name', { new_slug: 'old-name' });
    expect((await page('/categories/old-name')).status).toBe(200);
    expect(await page('/categories/new-name')).toMatchObject({ status: 301, location: '/categories/old-name' });
  });

  it('refuses a name or slug in use (409) and an unknown category (404)', async () => {
    await insertCategory(t.db, { slug: 'first-of-two', name: 'First of two' });
    await insertCategory(t.db, { slug: 'second-of-two', name: 'Second of two' });
    expect((await call(editor, 'PATCH', '/admin/categories/second-of-two', { name: 'FIRST OF TWO' })).body).toMatchObject({ status: 409 });
    expect((await call(editor, 'PATCH', '/admin/categories/second-of-two', { new_slug: 'first-of-two' })).body).toMatchObject({
      status: 409,
    });
    expect((await call(editor, 'PATCH', '/admin/categories/no-such-category', { name: 'X' })).body).toMatchObject({ status: 404 });
  });
});

describe("a category's keywords (its synonyms)", () => {
  it('are set and replaced by editors, audited, shown by get_category, and find its listings in search at once', async () => {
    const created = await call(editor, 'POST', '/admin/categories', {
      name: 'Spend Tools',
      keywords: ['expense tracking', ' receipts ', 'Receipts'],
    });
    expect(created.status).toBe(201);
    expect(created.body.keywords).toEqual(['expense tracking', 'receipts']);
    const categoryId = (await t.db.one<{ id: number }>(`SELECT id FROM categories WHERE slug = 'spend-tools'`))!.id;
    await insertListing(t.db, { slug: 'penny-quokka', category_id: categoryId, tagline: 'Control team spending' });
    const find = async (q: string) =>
      ((await call(null, 'GET', `/listings?q=${encodeURIComponent(q)}`)).body.items as { slug: string }[]).map((i) => i.slug);
    expect(await find('expense tracking')).toContain('penny-quokka');
    expect(await find('reimbursement approvals')).not.toContain('penny-quokka');
    const updated = await call(editor, 'PATCH', '/admin/categories/spend-tools', { keywords: ['reimbursement approvals'] });
    expect(updated.status).toBe(200);
    expect(updated.body.keywords).toEqual(['reimbursement approvals']);
    expect(await find('reimbursement approvals')).toContain('penny-quokka');
    expect(await find('receipts')).not.toContain('penny-quokka');
    // A rename alone keeps them.
    expect((await call(editor, 'PATCH', '/admin/categories/spend-tools', { name: 'Spend Management Tools' })).body.keywords).toEqual([
      'reimbursement approvals',
    ]);
    const [update] = (await auditOf('spend-tools')).filter((e) => e.action === 'category.update');
    expect(update).toBeTruthy();
    const changes = (await auditOf('spend-tools')).map((e) => (e.after as { keywords: string[] }).keywords);
    expect(changes).toContainEqual(['reimbursement approvals']);
    expect(changes).toContainEqual(['expense tracking', 'receipts']);
    // Bounds: 30 keywords of 60 characters, none blank.
    const tooMany = await call(editor, 'PATCH', '/admin/categories/spend-tools', {
      keywords: Array.from({ length: 31 }, (_, i) => `w${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].path).toBe('/keywords');
    const tooLong = await call(editor, 'PATCH', '/admin/categories/spend-tools', { keywords: ['ok', 'x'.repeat(61), ' '] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.map((e: { path: string }) => e.path)).toEqual(['/keywords/1', '/keywords/2']);
  });
});

describe('moving a category', () => {
  it('moves it under another parent or to the top, and refuses a cycle (409 naming /parent)', async () => {
    const a = await insertCategory(t.db, { slug: 'move-a', name: 'Move A' });
    const b = await insertCategory(t.db, { slug: 'move-b', name: 'Move B', parent_id: a });
    await insertCategory(t.db, { slug: 'move-c', name: 'Move C', parent_id: b });
    await insertCategory(t.db, { slug: 'move-d', name: 'Move D' });
    for (const parent of ['move-a', 'move-b', 'move-c']) {
      const refused = await call(editor, 'PATCH', '/admin/categories/move-a', { parent });
      expect(refused.body, parent).toMatchObject({ status: 409, code: 'invalid_state', errors: [{ path: '/parent' }] });
    }
    expect((await call(editor, 'PATCH', '/admin/categories/move-b', { parent: 'move-d' })).body.parent).toEqual({
      slug: 'move-d',
      name: 'Move D',
    });
    expect((await call(editor, 'PATCH', '/admin/categories/move-b', { parent: null })).body.parent).toBeNull();
    expect((await call(editor, 'PATCH', '/admin/categories/move-b', { parent: 'no-such' })).status).toBe(404);
  });
});

describe('merging a category', () => {
  it('moves its listings (without duplicate links) and subcategories to the target, deletes it, and redirects its address', async () => {
    const from = await insertCategory(t.db, { slug: 'merge-from', name: 'Merge from' });
    const into = await insertCategory(t.db, { slug: 'merge-into', name: 'Merge into' });
    const other = await insertCategory(t.db, { slug: 'merge-other', name: 'Merge other' });
    const sub = await insertCategory(t.db, { slug: 'merge-sub', name: 'Merge sub', parent_id: from });
    const primary = await insertListing(t.db, { category_id: from, slug: 'merge-primary' });
    const both = await insertListing(t.db, { category_id: into, extra_category_ids: [from], slug: 'merge-both' });
    const extra = await insertListing(t.db, { category_id: other, extra_category_ids: [from], slug: 'merge-extra' });
    await insertListing(t.db, { category_id: sub, slug: 'merge-in-sub' });
    // An older address of the merged category follows it to the target.
    await call(editor, 'PATCH', '/admin/categories/merge-from', { new_slug: 'merge-from-now' });
    await call(null, 'GET', '/listings/merge-primary'); // kept in the answer cache
    const merged = await call(editor, 'POST', '/admin/categories/merge-from-now/merge', { into: 'merge-into' });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      merged: 'merge-from-now',
      listings_moved: 3,
      subcategories_moved: 1,
      into: { slug: 'merge-into' },
    });
    expect(merged.body.into.subcategories.map((s: { slug: string }) => s.slug)).toEqual(['merge-sub']);
    const links = await t.db.query<{ listing_id: number; category_id: number; is_primary: boolean }>(
      'SELECT listing_id, category_id, is_primary FROM listing_categories WHERE listing_id = ANY($1::int[]) ORDER BY listing_id, category_id',
      [[primary, both, extra]],
    );
    expect(links).toEqual([
      { listing_id: primary, category_id: into, is_primary: true },
      { listing_id: both, category_id: into, is_primary: true },
      { listing_id: extra, category_id: into, is_primary: false },
      { listing_id: extra, category_id: other, is_primary: true },
    ]);
    expect((await t.db.query('SELECT 1 FROM categories WHERE id = $1', [from])).length).toBe(0);
    for (const old of ['merge-from', 'merge-from-now']) {
      expect(await page(`/categories/${old}`)).toMatchObject({ status: 301, location: '/categories/merge-into' });
      expect((await call(null, 'GET', `/categories/${old}`)).body.slug).toBe('merge-into');
    }
    const target = await call(null, 'GET', '/categories/merge-into?per_page=50');
    expect(target.body.live_count).toBe(4);
    expect((await call(null, 'GET', '/listings?category=merge-from&per_page=50')).body.total).toBe(4);
    await expect.poll(async () => (await call(null, 'GET', '/listings/merge-primary')).body.primary_category.slug).toBe('merge-into');
    expect((await auditOf('merge-from-now'))[0]).toMatchObject({
      action: 'category.merge',
      actor: editor.email,
      before: { slug: 'merge-from-now', name: 'Merge from', listings: 3, subcategories: 1 },
      after: { into: 'merge-into' },
    });
  });

  it('refuses merging into itself or into its own subcategory (409 naming /into), and unknown slugs (404)', async () => {
    const parent = await insertCategory(t.db, { slug: 'merge-parent', name: 'Merge parent' });
    await insertCategory(t.db, { slug: 'merge-child', name: 'Merge child', parent_id: parent });
    for (const into of ['merge-parent', 'merge-child']) {
      expect((await call(editor, 'POST', '/admin/categories/merge-parent/merge', { into })).body, into).toMatchObject({
        status: 409,
        errors: [{ path: '/into' }],
      });
    }
    expect((await call(editor, 'POST', '/admin/categories/no-such/merge', { into: 'merge-parent' })).status).toBe(404);
    expect((await call(editor, 'POST', '/admin/categories/merge-child/merge', { into: 'no-such' })).status).toBe(404);
    const bad = await call(editor, 'POST', '/admin/categories/merge-child/merge', { into: 'Not A Slug', more: true });
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/into', '/more']);
  });
});
