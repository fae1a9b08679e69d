/**
 * The blog as editors run it (issue 29), over REST with API keys: who may write, drafts, scheduled and published
 * posts on every public reader (REST, the site, the feed, the sitemap, MCP resources), slugs, edits, deletion, the
 * audit entries, and hostile text escaped on the public pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, type Call, type Person } from '../listings/support.js';
import { staffCast, type StaffPerson } from '../console/support.js';
import { readJsonRpc } from '../support/oauth.js';

let clock = new Date('2030-03-02T10:00:00Z');
let t: TestApp;
let call: Call;
let editor: StaffPerson;
let moderator: StaffPerson;
let admin: StaffPerson;
let nobody: Person;
beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  call = caller(t);
  ({ editor, moderator, admin, nobody } = await staffCast(t.db));
});
afterAll(() => t?.close());

const post = (fields: Record<string, unknown> = {}) => ({
  title: 'Launching on a Tuesday',
  body_markdown: '## Why\n\nBecause **Tuesdays** work.',
  publish: true,
  ...fields,
});

async function page(path: string) {
  const response = await fetch(`${t.url}${path}`, { redirect: 'manual' });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

async function mcp(method: string, params: Record<string, unknown>) {
  const response = await fetch(`${t.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return readJsonRpc(response);
}

/** Where a post shows publicly: [list_blog_posts, get_blog_post, /blog, /blog/{slug}, the feed, the sitemap, resources/read]. */
async function visibility(slug: string): Promise<boolean[]> {
  const listed = await call(null, 'GET', '/blog?per_page=100');
  const got = await call(null, 'GET', `/blog/${slug}`);
  const blog = await page('/blog');
  const single = await page(`/blog/${slug}`);
  const feed = await page('/feeds/blog.xml');
  const sitemap = await page('/sitemaps/pages.xml');
  const resource = await mcp('resources/read', { uri: `${t.url}/blog/${slug}` });
  return [
    listed.body.items.some((item: { slug: string }) => item.slug === slug),
    got.status === 200,
    blog.text.includes(`href="/blog/${slug}"`),
    single.status === 200,
    feed.text.includes(`/blog/${slug}</id>`),
    sitemap.text.includes(`/blog/${slug}</loc>`),
    resource.result?.contents?.[0]?.uri === `${t.url}/blog/${slug}`,
  ];
}

const auditOf = async (slug: string) =>
  (await call(admin, 'GET', `/admin/audit-log?target_type=blog_post&target_id=${slug}`)).body.items as {
    action: string;
    actor: string;
    before: unknown;
    after: unknown;
  }[];

describe('who may write the blog', () => {
  it('editors and admins; a moderator is refused (insufficient_role), a non-staff key (insufficient_scope), anonymous (401)', async () => {
    expect((await call(editor, 'POST', '/admin/blog-posts', post({ title: 'By an editor' }))).status).toBe(201);
    expect((await call(admin, 'POST', '/admin/blog-posts', post({ title: 'By an admin' }))).status).toBe(201);
    for (const [who, expected] of [
      [moderator, { status: 403, code: 'insufficient_role' }],
      [nobody, { status: 403, code: 'insufficient_scope' }],
    ] as const) {
      for (const [method, path, body] of [
        ['POST', '/admin/blog-posts', post()],
        ['GET', '/admin/blog-posts', undefined],
        ['PATCH', '/admin/blog-posts/by-an-editor', { title: 'Taken over' }],
        ['DELETE', '/admin/blog-posts/by-an-editor', undefined],
      ] as const) {
        expect((await call(who, method, path, body)).body, `${method} ${path}`).toMatchObject(expected);
      }
    }
    expect((await call(null, 'POST', '/admin/blog-posts', post())).status).toBe(401);
    expect((await call(null, 'GET', '/admin/blog-posts')).status).toBe(401);
    expect((await call(null, 'GET', '/blog/by-an-editor')).body.title).toBe('By an editor');
  });
});

describe('a published post', () => {
  it('shows at once in list_blog_posts, get_blog_post, /blog, /blog/{slug}, the feed, the sitemap and MCP resources', async () => {
    const created = await call(editor, 'POST', '/admin/blog-posts', {
      ...post({ title: 'Shows everywhere', excerpt: 'Short.', tags: ['guides'], faqs: [{ question: 'Free?', answer: 'Yes.' }] }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'shows-everywhere',
      state: 'published',
      published_at: clock.toISOString(),
      author: 'Launch Directory team',
      tags: ['guides'],
      faqs: [{ question: 'Free?', answer: 'Yes.' }],
      url: `${t.url}/blog/shows-everywhere`,
    });
    expect(await visibility('shows-everywhere')).toEqual([true, true, true, true, true, true, true]);
    const single = await page('/blog/shows-everywhere');
    expect(single.text).toContain('<strong>Tuesdays</strong>');
    expect(single.text).toContain('Free?');
  });

  it('is listed by MCP resources/list, by the service clock like every other public reader', async () => {
    const listed = await mcp('resources/list', {});
    expect(listed.result.resources.map((r: { uri: string }) => r.uri)).toContain(`${t.url}/blog/shows-everywhere`);
  });

  it('leaves every public reader when unpublished (blog_post.unpublish), and comes back when published again', async () => {
    await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Comes and goes' }));
    const unpublished = await call(editor, 'PATCH', '/admin/blog-posts/comes-and-goes', { publish: false });
    expect(unpublished.body).toMatchObject({ state: 'draft' });
    expect(await visibility('comes-and-goes')).toEqual([false, false, false, false, false, false, false]);
    expect((await call(editor, 'PATCH', '/admin/blog-posts/comes-and-goes', { publish: true })).body.state).toBe('published');
    expect(await visibility('comes-and-goes')).toEqual([true, true, true, true, true, true, true]);
    expect((await auditOf('comes-and-goes')).map((entry) => entry.action)).toEqual([
      'blog_post.publish',
      'blog_post.unpublish',
      'blog_post.create',
    ]);
  });
});

describe('a draft', () => {
  it('is public nowhere, is listed for editors, and a draft is finished and published', async () => {
    const draft = await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Half written', publish: false }));
    expect(draft.body).toMatchObject({ slug: 'half-written', state: 'draft', published_at: null });
    expect(await visibility('half-written')).toEqual([false, false, false, false, false, false, false]);
    const drafts = await call(editor, 'GET', '/admin/blog-posts?state=draft&with_text=true');
    expect(drafts.body.items).toEqual([expect.objectContaining({ slug: 'half-written', body_markdown: post().body_markdown, faqs: [] })]);
    const all = await call(editor, 'GET', '/admin/blog-posts?per_page=100');
    expect(all.body.items.find((item: { slug: string }) => item.slug === 'half-written')).not.toHaveProperty('body_markdown');
    const done = await call(editor, 'PATCH', '/admin/blog-posts/half-written', { body_markdown: 'Now whole.', publish: true });
    expect(done.body).toMatchObject({ state: 'published', body_markdown: 'Now whole.', published_at: clock.toISOString() });
  });
});

describe('a scheduled post', () => {
  it('is invisible on every public reader before its time and visible after, with nothing to run in between', async () => {
    const at = new Date(clock.getTime() + 3_600_000).toISOString();
    const scheduled = await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Next hour', publish_at: at }));
    expect(scheduled.body).toMatchObject({ state: 'scheduled', published_at: at });
    expect(await visibility('next-hour')).toEqual([false, false, false, false, false, false, false]);
    expect((await call(editor, 'GET', '/admin/blog-posts?state=scheduled')).body.items.map((p: { slug: string }) => p.slug)).toEqual([
      'next-hour',
    ]);
    const before = clock;
    clock = new Date(at);
    try {
      expect(await visibility('next-hour')).toEqual([true, true, true, true, true, true, true]);
    } finally {
      clock = before;
    }
  });

  it('is rescheduled by update_blog_post, and a draft keeps its planned time until published', async () => {
    const later = new Date(clock.getTime() + 86_400_000).toISOString();
    await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Planned', publish: false, publish_at: later }));
    expect((await call(editor, 'GET', '/admin/blog-posts?state=draft')).body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: 'planned', published_at: later })]),
    );
    const published = await call(editor, 'PATCH', '/admin/blog-posts/planned', { publish: true });
    expect(published.body).toMatchObject({ state: 'scheduled', published_at: later });
    const sooner = new Date(clock.getTime() - 60_000).toISOString();
    const moved = await call(editor, 'PATCH', '/admin/blog-posts/planned', { publish_at: sooner });
    expect(moved.body).toMatchObject({ state: 'published', published_at: sooner });
    expect((await auditOf('planned'))[0]).toMatchObject({
      action: 'blog_post.update',
      before: { status: 'scheduled', published_at: later },
      after: { status: 'published', published_at: sooner },
    });
  });
});

describe('an Idempotency-Key', () => {
  it('makes a retried create answer the first post instead of writing a second', async () => {
    const send = () =>
      fetch(`${t.url}/api/v1/admin/blog-posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${editor.key}`, 'content-type': 'application/json', 'idempotency-key': 'blog-retry-1' },
        body: JSON.stringify(post({ title: 'Sent twice' })),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(
      (await call(editor, 'GET', '/admin/blog-posts?per_page=100')).body.items.filter((p: { title: string }) => p.title === 'Sent twice'),
    ).toHaveLength(1);
  });
});

describe('slugs', () => {
  it('are made from the title, with -2 when taken; a given slug that is taken is 409', async () => {
    const first = await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Same Title!' }));
    const second = await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Same title' }));
    expect([first.body.slug, second.body.slug]).toEqual(['same-title', 'same-title-2']);
    const taken = await call(editor, 'POST', '/admin/blog-posts', post({ slug: 'same-title' }));
    expect(taken.body).toMatchObject({ status: 409, code: 'invalid_state' });
    const renamedOnto = await call(editor, 'PATCH', '/admin/blog-posts/same-title-2', { new_slug: 'same-title' });
    expect(renamedOnto.body).toMatchObject({ status: 409 });
    const renamed = await call(editor, 'PATCH', '/admin/blog-posts/same-title-2', { new_slug: 'another-title' });
    expect(renamed.body).toMatchObject({ slug: 'another-title', url: `${t.url}/blog/another-title` });
    expect((await call(null, 'GET', '/blog/another-title')).status).toBe(200);
    expect((await call(null, 'GET', '/blog/same-title-2')).status).toBe(404);
  });

  it('given to two posts at the same instant: one is made, the other is 409 (never a 500)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(editor, 'POST', '/admin/blog-posts', post({ title: `Race ${i}`, slug: 'raced' }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});

describe('deleting a post', () => {
  it('removes it everywhere, answers what it was, and is audited; an unknown slug is 404', async () => {
    await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Short lived' }));
    const deleted = await call(editor, 'DELETE', '/admin/blog-posts/short-lived');
    expect(deleted.body).toMatchObject({ slug: 'short-lived', state: 'published' });
    expect(await visibility('short-lived')).toEqual([false, false, false, false, false, false, false]);
    expect((await call(editor, 'DELETE', '/admin/blog-posts/short-lived')).body).toMatchObject({ status: 404, code: 'not_found' });
    expect((await call(editor, 'PATCH', '/admin/blog-posts/short-lived', { title: 'x' })).body).toMatchObject({ status: 404 });
  });
});

describe('the audit log', () => {
  it('records create, update, publish, unpublish and delete with actor, before and after (not the text)', async () => {
    await call(editor, 'POST', '/admin/blog-posts', post({ title: 'Audited', publish: false }));
    await call(editor, 'PATCH', '/admin/blog-posts/audited', { title: 'Audited well' });
    await call(editor, 'PATCH', '/admin/blog-posts/audited', { publish: true });
    await call(editor, 'PATCH', '/admin/blog-posts/audited', { publish: false });
    await call(editor, 'DELETE', '/admin/blog-posts/audited');
    const entries = await auditOf('audited');
    const draft = { title: 'Audited', slug: 'audited', status: 'draft', published_at: null };
    const renamed = { ...draft, title: 'Audited well' };
    const published = { ...renamed, status: 'published', published_at: clock.toISOString() };
    expect(entries.map(({ action, actor, before, after }) => ({ action, actor, before, after }))).toEqual([
      { action: 'blog_post.delete', actor: editor.email, before: { ...published, status: 'draft' }, after: null },
      { action: 'blog_post.unpublish', actor: editor.email, before: published, after: { ...published, status: 'draft' } },
      { action: 'blog_post.publish', actor: editor.email, before: renamed, after: published },
      { action: 'blog_post.update', actor: editor.email, before: draft, after: renamed },
      { action: 'blog_post.create', actor: editor.email, before: null, after: draft },
    ]);
  });
});

describe('bad input', () => {
  it('is 400 naming every bad path, and nothing is saved', async () => {
    const count = async () => (await call(editor, 'GET', '/admin/blog-posts')).body.total as number;
    const before = await count();
    const bad = await call(editor, 'POST', '/admin/blog-posts', {
      title: ' ',
      body_markdown: '',
      publish: 'yes',
      slug: 'Not A Slug',
      publish_at: '2030-01-01 10:00',
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
      faqs: [{ question: 'q'.repeat(301), answer: '' }],
      extra: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      '/body_markdown',
      '/extra',
      '/faqs/0/answer',
      '/faqs/0/question',
      '/publish',
      '/publish_at',
      '/slug',
      '/tags',
      '/title',
    ]);
    expect(await count()).toBe(before);
    expect((await call(editor, 'GET', '/admin/blog-posts?state=nothing')).body.errors.map((e: { path: string }) => e.path)).toEqual([
      '/state',
    ]);
  });

  it('script in a title, body or FAQ is escaped or removed on the public pages', async () => {
    const hostile = '<script>alert(1)</script>';
    await call(editor, 'POST', '/admin/blog-posts', {
      ...post({ title: `Hostile ${hostile}`, slug: 'hostile', excerpt: hostile }),
      body_markdown: `Text ${hostile} <img src=x onerror=alert(2)>`,
      faqs: [{ question: hostile, answer: hostile }],
    });
    for (const path of ['/blog', '/blog/hostile']) {
      const { text } = await page(path);
      expect(text, path).not.toContain('<script>alert');
      expect(text, path).not.toContain('onerror');
      expect(text, path).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });
});
