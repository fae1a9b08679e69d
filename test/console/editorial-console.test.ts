import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { caller, type Call } from '../listings/support.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { postConsoleForm, signInChromium, staffBrowser, staffPerson, type StaffPerson } from './support.js';

/**
 * The console's editorial pages (blog, categories, interview questions): who may open them (anonymous: to sign in;
 * moderators and people without a role: 403), the forms running the operations (validation shown with its paths and
 * nothing saved, preview without saving, publishing, deleting after a confirmation, merging), script typed anywhere
 * escaped, and an editor in Chromium writing and publishing a post with an FAQ, with axe-core on every page.
 */
let t: TestApp;
let call: Call;
let editor: StaffPerson;
const browserPresent = chromiumAvailable();
const HOSTILE = '<script>alert(1)</script>';

beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  editor = await staffPerson(t.db, 'editor');
}, 60_000);
afterAll(() => t?.close());

const postForm = (fields: Record<string, string>) => ({
  title: 'From the console',
  slug: '',
  excerpt: 'A post written in the console.',
  tags: 'guides\nconsole',
  body_markdown: 'Some **bold** text.',
  faqs: 'Q: Is it free?\nA: Yes.',
  author: '',
  publication: 'now',
  publish_at: '',
  action: 'save',
  ...fields,
});
const countPosts = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM blog_posts'))!.n;

describe('who may open the editorial pages', () => {
  it.each(['/admin/blog', '/admin/blog/new', '/admin/categories', '/admin/interview-questions'])(
    '%s: anonymous to sign in, moderators and people without a role 403, editors and admins 200',
    async (path) => {
      const anonymous = await new TestBrowser().get(`${t.url}${path}`, { follow: false });
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toContain('/signin');
      const moderator = await (await staffBrowser(t, await staffPerson(t.db, 'moderator'))).get(`${t.url}${path}`);
      expect(moderator.status).toBe(403);
      expect(moderator.text).toContain('for editors and admins');
      expect((await (await staffBrowser(t, await staffPerson(t.db, null))).get(`${t.url}${path}`)).status).toBe(403);
      for (const role of ['editor', 'admin'] as const) {
        expect((await (await staffBrowser(t, await staffPerson(t.db, role))).get(`${t.url}${path}`)).status, role).toBe(200);
      }
    },
  );

  it('a moderator posting a blog form is refused and nothing is saved', async () => {
    const moderator = await staffBrowser(t, await staffPerson(t.db, 'moderator'));
    const csrf = (await moderator.get(`${t.url}/signin`)).field('csrf');
    const before = await countPosts();
    const posted = await moderator.post(`${t.url}/admin/blog/new`, { ...postForm({ title: 'Sneaky' }), csrf }, { follow: false });
    expect(posted.status).toBe(403);
    expect(await countPosts()).toBe(before);
  });
});

describe('the blog forms, as an editor', () => {
  it('refuse bad input with every path shown, keep what was typed, and save nothing', async () => {
    const browser = await staffBrowser(t, editor);
    const before = await countPosts();
    const bad = await postConsoleForm(t, browser, '/admin/blog/new', '/admin/blog/new', {
      ...postForm({ title: '', slug: 'Not A Slug', body_markdown: 'kept text', faqs: 'Q: Without an answer', publication: 'schedule' }),
    });
    expect(bad.status).toBe(400);
    for (const path of ['/title', '/slug', '/faqs/0/answer', '/publish_at']) expect(bad.text).toContain(`<code>${path}</code>`);
    expect(bad.text).toContain('>kept text</textarea>');
    expect(await countPosts()).toBe(before);
  });

  it('preview renders the Markdown sanitised and saves nothing; save publishes; edit, unpublish and delete with confirmation', async () => {
    const browser = await staffBrowser(t, editor);
    const before = await countPosts();
    const preview = await postConsoleForm(t, browser, '/admin/blog/new', '/admin/blog/new', {
      ...postForm({ body_markdown: `Some **bold** text. ${HOSTILE}`, action: 'preview' }),
    });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Preview (not saved)');
    expect(preview.text).toContain('<strong>bold</strong>');
    expect(preview.text).not.toContain('<script>alert');
    expect(await countPosts()).toBe(before);

    const saved = await postConsoleForm(t, browser, '/admin/blog/new', '/admin/blog/new', postForm({}));
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/admin/blog/from-the-console?done=created');
    const post = await call(null, 'GET', '/blog/from-the-console');
    expect(post.body).toMatchObject({
      title: 'From the console',
      tags: ['guides', 'console'],
      faqs: [{ question: 'Is it free?', answer: 'Yes.' }],
      author: 'Launch Directory team',
    });
    const list = await browser.get(`${t.url}/admin/blog`);
    expect(list.text).toContain('href="/admin/blog/from-the-console"');
    expect(list.text).toContain('Published');

    const edit = await browser.get(`${t.url}${saved.location}`);
    expect(edit.text).toContain('The post was saved.');
    expect(edit.text).toContain('Q: Is it free?\nA: Yes.');
    const unpublished = await postConsoleForm(t, browser, '/admin/blog/from-the-console', '/admin/blog/from-the-console', {
      ...postForm({ title: 'From the console, again', slug: 'from-the-console', publication: 'draft' }),
    });
    expect(unpublished.status).toBe(303);
    expect((await call(null, 'GET', '/blog/from-the-console')).status).toBe(404);
    expect((await call(editor, 'GET', '/admin/blog-posts?state=draft')).body.items[0]).toMatchObject({ title: 'From the console, again' });

    const confirm = await browser.get(`${t.url}/admin/blog/from-the-console/delete`);
    expect(confirm.text).toContain('for good?');
    expect(await countPosts()).toBe(before + 1);
    const deleted = await postConsoleForm(t, browser, '/admin/blog/from-the-console/delete', '/admin/blog/from-the-console/delete', {});
    expect(deleted.status).toBe(303);
    expect(await countPosts()).toBe(before);
    expect((await browser.get(`${t.url}/admin/blog/from-the-console`)).status).toBe(404);
    const actions = await t.db.query<{ action: string; actor: string }>(
      `SELECT action, actor FROM audit_log WHERE target_type = 'blog_post' AND target_id = 'from-the-console' ORDER BY id`,
    );
    expect(actions).toEqual(
      ['blog_post.create', 'blog_post.unpublish', 'blog_post.delete'].map((action) => ({ action, actor: editor.email })),
    );
  });

  it('schedules a post for a time given with its zone', async () => {
    const browser = await staffBrowser(t, editor);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const saved = await postConsoleForm(t, browser, '/admin/blog/new', '/admin/blog/new', {
      ...postForm({ title: 'Tomorrow', publication: 'schedule', publish_at: at }),
    });
    expect(saved.status).toBe(303);
    expect((await call(null, 'GET', '/blog/tomorrow')).status).toBe(404);
    const page = await browser.get(`${t.url}/admin/blog/tomorrow`);
    expect(page.text).toContain('state: Scheduled');
    expect(page.text).toMatch(/value="schedule" checked/);
  });

  it('escapes script typed in a title, excerpt and FAQ on the console and the public pages', async () => {
    const browser = await staffBrowser(t, editor);
    const saved = await postConsoleForm(t, browser, '/admin/blog/new', '/admin/blog/new', {
      ...postForm({ title: `Hostile ${HOSTILE}`, slug: 'hostile-console', excerpt: HOSTILE, faqs: `Q: ${HOSTILE}\nA: ${HOSTILE}` }),
    });
    expect(saved.status).toBe(303);
    for (const url of ['/admin/blog', '/admin/blog/hostile-console', '/blog', '/blog/hostile-console']) {
      const page = await browser.get(`${t.url}${url}`);
      expect(page.text, url).not.toContain('<script>alert');
      expect(page.text, url).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });
});

describe('the category forms, as an editor', () => {
  it('add a category, refuse a cycle with its path, rename (the old address redirects) and merge after a confirmation', async () => {
    const browser = await staffBrowser(t, editor);
    const added = await postConsoleForm(t, browser, '/admin/categories', '/admin/categories', {
      name: `Console tools ${HOSTILE}`,
      slug: 'console-tools',
      description: '',
      parent: '',
      faqs: '',
    });
    expect(added.status).toBe(303);
    const child = await postConsoleForm(t, browser, '/admin/categories', '/admin/categories', {
      name: 'Console child',
      slug: '',
      description: 'Under it.',
      parent: 'console-tools',
      faqs: 'Q: What?\nA: A child.',
    });
    expect(child.status).toBe(303);
    const index = await browser.get(`${t.url}/admin/categories`);
    expect(index.text).toContain('href="/admin/categories/console-child"');
    expect(index.text).not.toContain('<script>alert');
    const duplicate = await postConsoleForm(t, browser, '/admin/categories', '/admin/categories', {
      name: 'console child',
      slug: '',
      parent: '',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain('<code>/name</code>');

    const cycle = await postConsoleForm(t, browser, '/admin/categories/console-tools', '/admin/categories/console-tools', {
      name: 'Console tools',
      slug: 'console-tools',
      description: '',
      parent: 'console-child',
      faqs: '',
    });
    expect(cycle.status).toBe(409);
    expect(cycle.text).toContain('<code>/parent</code>');

    const renamed = await postConsoleForm(t, browser, '/admin/categories/console-child', '/admin/categories/console-child', {
      name: 'Console kids',
      slug: 'console-kids',
      description: 'Under it.',
      parent: 'console-tools',
      faqs: 'Q: What?\nA: A child.',
    });
    expect(renamed.status).toBe(303);
    expect(renamed.location).toBe('/admin/categories/console-kids?done=saved');
    expect((await fetch(`${t.url}/categories/console-child`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/categories/console-kids',
    );

    const target = await insertCategory(t.db, { slug: 'console-target', name: 'Console target' });
    const listing = await insertListing(t.db, {
      category_id: (await t.db.one<{ id: number }>("SELECT id FROM categories WHERE slug = 'console-kids'"))!.id,
    });
    const unconfirmed = await postConsoleForm(t, browser, '/admin/categories/console-kids', '/admin/categories/console-kids/merge', {
      into: 'console-target',
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain('<code>/confirm</code>');
    const merged = await postConsoleForm(t, browser, '/admin/categories/console-kids', '/admin/categories/console-kids/merge', {
      into: 'console-target',
      confirm: 'true',
    });
    expect(merged.status).toBe(303);
    expect(merged.location).toBe('/admin/categories/console-target?done=merged');
    expect(
      (await t.db.one<{ primary_category_id: number }>('SELECT primary_category_id FROM listings WHERE id = $1', [listing]))!
        .primary_category_id,
    ).toBe(target);
    const oldAddress = await browser.get(`${t.url}/admin/categories`);
    expect(oldAddress.text).toContain('/categories/console-child →');
  });
});

describe('the interview question forms, as an editor', () => {
  it('add, reword, retire and restore a question; an empty question is refused with its path', async () => {
    const browser = await staffBrowser(t, editor);
    const empty = await postConsoleForm(t, browser, '/admin/interview-questions', '/admin/interview-questions', { text: ' ', hint: '' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<code>/text</code>');
    const added = await postConsoleForm(t, browser, '/admin/interview-questions', '/admin/interview-questions', {
      text: `What went wrong? ${HOSTILE}`,
      hint: 'Be honest.',
    });
    expect(added.status).toBe(303);
    const { id } = (await t.db.one<{ id: number }>('SELECT max(id)::int AS id FROM interview_questions'))!;
    const index = await browser.get(`${t.url}/admin/interview-questions`);
    expect(index.text).toContain(`href="/admin/interview-questions/${id}"`);
    expect(index.text).not.toContain('<script>alert');
    const path = `/admin/interview-questions/${id}`;
    expect((await postConsoleForm(t, browser, path, path, { text: 'What went wrong first?', hint: '' })).status).toBe(303);
    const retire = await postConsoleForm(t, browser, path, `${path}/retire`, {});
    expect(retire.status).toBe(303);
    expect(((await call(null, 'GET', '/interview-questions')).body.items as { id: number }[]).map((q) => q.id)).not.toContain(id);
    const retired = await browser.get(`${t.url}${retire.location}`);
    expect(retired.text).toContain('The question was retired');
    expect((await postConsoleForm(t, browser, path, `${path}/restore`, {})).status).toBe(303);
    expect((await call(null, 'GET', '/interview-questions')).body.items).toContainEqual({ id, text: 'What went wrong first?', hint: null });
    expect((await browser.get(`${t.url}/admin/interview-questions/99999`)).status).toBe(404);
  });
});

describe.skipIf(!browserPresent)('an editor in Chromium', () => {
  let chromium: { browser: BrowserContext; close(): Promise<void> };
  beforeAll(async () => {
    chromium = await launchChromium();
  }, 60_000);
  afterAll(() => chromium?.close());

  it('writes and publishes a post with an FAQ and sees it on /blog; the editorial pages have no serious axe violations', async () => {
    await insertCategory(t.db, { slug: 'axe-category', name: 'Axe category' });
    await call(editor, 'POST', '/admin/interview-questions', { text: 'Axe question?' });
    const page = await chromium.browser.newPage();
    await signInChromium(page, t.url, editor);
    await page.goto(`${t.url}/admin/blog`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('a:has-text("New post")');
    await page.waitForURL(`${t.url}/admin/blog/new`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.fill('#title', 'Written in Chromium');
    await page.fill('#body_markdown', 'A **real** browser wrote this.');
    await page.fill('#faqs', 'Q: Did a browser write it?\nA: Yes, headless.');
    await page.check('input[name="publication"][value="now"]');
    await page.click('button:has-text("Preview")');
    await page.waitForSelector('text=Preview (not saved)');
    expect(await page.innerHTML('section')).toContain('<strong>real</strong>');
    await page.click('button:has-text("Save")');
    await page.waitForURL(`${t.url}/admin/blog/written-in-chromium?done=created`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${t.url}/blog`);
    await page.click('a:has-text("Written in Chromium")');
    await page.waitForURL(`${t.url}/blog/written-in-chromium`);
    expect(await page.textContent('main')).toContain('Did a browser write it?');
    for (const path of ['/admin/categories', '/admin/categories/axe-category', '/admin/interview-questions']) {
      await page.goto(`${t.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.click('a:has-text("Axe question?")');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
