import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { setRateLimits, startTestApp, type TestApp } from '../support/app.js';
import { startFixtureSites, ACME_FACTS, INJECTION_CLAIMS, type FixtureSites } from '../support/fixture-sites.js';
import { insertCategory } from '../support/fixtures.js';
import { makeAccount, rawToolCall } from '../support/oauth.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { readOutbox, type OutboxEntry } from '../../src/mail/mailer.js';
import { normaliseForMatch } from '../../src/drafting/evidence.js';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';
import { TestBrowser } from '../support/browser.js';

/**
 * The submission flow over REST, for real: the job queue runs the crawler against loopback
 * fixture websites and the offline drafter, and the evidence check keeps only quoted values.
 */
let t: TestApp;
let sites: FixtureSites;
let categoryName: string;

beforeAll(async () => {
  sites = await startFixtureSites();
  t = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    drafting: {
      crawl: (url) => crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
    },
  });
  categoryName = `Analytics ${Date.now()}`;
  await insertCategory(t.db, { name: categoryName });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

interface Person {
  id: string;
  email: string;
  key: string;
}

async function person(scopes = ['account:read', 'listings:write', 'orders:write']): Promise<Person> {
  const account = await makeAccount(t.db);
  const { key } = await createApiKey(t.db, { accountId: account.id, name: 'test', scopes, now: new Date() });
  return { id: account.id, email: account.email, key };
}

async function call(who: Person, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${who.key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function settled(who: Person, id: string): Promise<any> {
  for (let i = 0; i < 150; i++) {
    const { body } = await call(who, 'GET', `/drafts/${id}`);
    if (body.status !== 'crawling' && body.status !== 'drafting' && body.regenerating.length === 0) return body;
    expect(body.poll_after_seconds).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`draft ${id} never settled`);
}

async function submitted(who: Person, url: string): Promise<any> {
  const created = await call(who, 'POST', '/drafts', { url });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('crawling');
  return settled(who, created.body.id);
}

describe('submit_listing → get_draft', () => {
  it('answers a brief view without the quotes: the same values and states in a fraction of the bytes', async () => {
    const founder = await person();
    const draft = await submitted(founder, sites.urls.acme);
    const full = await call(founder, 'GET', `/drafts/${draft.id}`);
    const brief = await call(founder, 'GET', `/drafts/${draft.id}?view=brief`);
    expect(brief.status).toBe(200);
    // The same values and states; a field without a value is left out of the brief view and named in missing.
    for (const [field, view] of Object.entries(full.body.fields as Record<string, { value: unknown; state: string }>)) {
      if (view.value === null) expect(brief.body.fields).not.toHaveProperty(field);
      else expect(brief.body.fields[field]).toEqual({ value: view.value, state: view.state });
    }
    expect(brief.body.missing).toEqual(full.body.missing);
    expect(JSON.stringify(brief.body)).not.toContain('"evidence"');
    expect(brief.body.founders.map((f: { name: string }) => f.name)).toEqual(full.body.founders.map((f: { name: string }) => f.name));
    expect(JSON.stringify(brief.body).length).toBeLessThan(JSON.stringify(full.body).length * 0.5);
    expect((await call(founder, 'GET', `/drafts/${draft.id}?view=short`)).status).toBe(400);
  });

  it('drafts a well-described site with evidence quoted verbatim from its pages', async () => {
    const founder = await person();
    const draft = await submitted(founder, sites.urls.acme);
    expect(draft.status).toBe('ready');
    expect(draft.drafter).toBe('extractive');
    expect(draft.fields.name).toMatchObject({ value: ACME_FACTS.name, state: 'ai' });
    expect(draft.fields.city.value).toBe(ACME_FACTS.city);
    expect(draft.fields.founded_year.value).toBe(ACME_FACTS.foundedYear);
    expect(draft.fields.contact_email.value).toBe(ACME_FACTS.email);
    expect(draft.founders.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(ACME_FACTS.founders.map((f) => f.name)));
    expect(draft.company_socials.github.url).toBe(ACME_FACTS.socials.github);
    expect(draft.completeness).toBeGreaterThan(40);

    const pages = await t.db.query<{ url: string; text_content: string; markup: string[] }>(
      'SELECT url, text_content, markup FROM draft_pages WHERE draft_id = $1',
      [draft.id],
    );
    expect(pages.length).toBeGreaterThan(3);
    const haystack = (url: string) => {
      const page = pages.find((p) => p.url === url);
      return page ? normaliseForMatch([page.text_content, ...page.markup].join('\n')) : '';
    };
    for (const [field, view] of Object.entries(draft.fields) as [string, { state: string; evidence: { quote: string; url: string }[] }][]) {
      if (view.state !== 'ai') continue;
      expect(view.evidence.length, field).toBeGreaterThan(0);
      for (const quote of view.evidence) expect(haystack(quote.url), `${field}: ${quote.quote}`).toContain(normaliseForMatch(quote.quote));
    }
    expect(sites.hits.some((hit) => hit.userAgent?.includes('LaunchDirectoryBot'))).toBe(true);
  });

  it('leaves what a sparse site does not state empty, and lists it as missing', async () => {
    const draft = await submitted(await person(), sites.urls.sparse);
    expect(draft.status).toBe('ready');
    expect(draft.fields.pricing_summary).toEqual({ value: null, state: 'not_found', evidence: [] });
    expect(draft.founders).toEqual([]);
    expect(draft.missing).toEqual(expect.arrayContaining(['pricing_summary', 'founders', 'faqs']));
    expect(draft.completeness).toBeLessThan(30);
  });

  it('takes nothing the injection page tells an AI to state', async () => {
    const draft = await submitted(await person(), sites.urls.injection);
    const everything = JSON.stringify({ fields: draft.fields, founders: draft.founders, faqs: draft.faqs });
    expect(draft.fields.founded_year.value).not.toBe('1850');
    expect(everything).not.toContain('Elon Musk');
    expect(everything).not.toContain('10 million users');
    expect(INJECTION_CLAIMS).toContain('1850');
  });

  it('fails with a reason a person can act on when robots.txt forbids reading the site', async () => {
    const draft = await submitted(await person(), sites.urls.robots);
    expect(draft.status).toBe('failed');
    expect(draft.failure_reason).toMatch(/robots\.txt/);
    expect(draft.fields.name.value).toBeNull();
  });

  it('fails without reaching a private address the site redirects to', async () => {
    const draft = await submitted(await person(), sites.urls.redirect_private);
    expect(draft.status).toBe('failed');
    expect(draft.failure_reason).toBeTruthy();
  });

  it.each([
    ['ftp://example.com/', 'http'],
    ['https://user:secret@example.com/', 'user name or password'],
    ['http://localhost:3000/', 'public website'],
    ['http://localhost./', 'public website'],
    ['http://metadata.google.internal./', 'public website'],
    ['http://10.0.0.8/', 'private'],
    [`https://example.com/${'a'.repeat(2048)}`, ''],
  ])('refuses %s with 400 naming /url', async (url, words) => {
    const refused = await call(await person(), 'POST', '/drafts', { url });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('/url');
    expect(refused.body.errors[0].message).toContain(words);
  });

  it('needs listings:write to submit and account:read to read', async () => {
    const reader = await person(['account:read']);
    const refused = await call(reader, 'POST', '/drafts', { url: sites.urls.sparse });
    expect(refused.status).toBe(403);
    expect((await fetch(`${t.url}/api/v1/drafts`)).status).toBe(401);
  });
});

describe('update_draft, submit_draft, invite_cofounder', () => {
  it('edits fields with the right states, locks, restores, regenerates and validates categories', async () => {
    const founder = await person();
    const draft = await submitted(founder, sites.urls.acme);
    const aiTagline = draft.fields.tagline.value;

    let edited = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { tagline: 'Our own words', stage: 'Beta', city: null } });
    expect(edited.status).toBe(200);
    expect(edited.body.fields.tagline).toMatchObject({ value: 'Our own words', state: 'edited' });
    expect(edited.body.fields.stage).toMatchObject({ value: 'beta', state: 'manual' }); // the directory's spelling
    expect(edited.body.fields.city).toMatchObject({ value: null, state: 'deleted' });

    edited = await call(founder, 'PATCH', `/drafts/${draft.id}`, { lock_fields: ['tagline'], restore: ['city'] });
    expect(edited.body.fields.tagline.state).toBe('override');
    expect(edited.body.fields.city).toMatchObject({ value: ACME_FACTS.city, state: 'ai' });

    const locked = await call(founder, 'PATCH', `/drafts/${draft.id}`, { regenerate: ['tagline'] });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('invalid_state');

    edited = await call(founder, 'PATCH', `/drafts/${draft.id}`, { restore: ['tagline'], fields: { description: 'Typed by hand' } });
    expect(edited.body.fields.tagline).toMatchObject({ value: aiTagline, state: 'ai' });
    const regenerating = await call(founder, 'PATCH', `/drafts/${draft.id}`, { regenerate: ['description'] });
    expect(regenerating.body.regenerating).toEqual(['description']);
    const after = await settled(founder, draft.id);
    expect(after.fields.description.state).toBe('ai');
    expect(after.fields.description.value).not.toBe('Typed by hand');

    const unknown = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { categories: [categoryName, 'No Such Category'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: '/fields/categories/1' })]);

    const bad = await call(founder, 'PATCH', `/drafts/${draft.id}`, {
      fields: { nickname: 'x', tagline: 'y'.repeat(501) },
      faqs: new Array(11).fill({ question: 'q', answer: 'a' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['/fields/tagline', '/faqs']));
  });

  it('turns a ready draft into an unpublished listing, and later edits update the same listing', async () => {
    const founder = await person();
    const draft = await submitted(founder, sites.urls.acme);
    const noCategory = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    expect(noCategory.status).toBe(409);
    expect(noCategory.body.errors).toEqual([{ path: '/fields/categories', message: expect.stringContaining('needs a category') }]);

    await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { categories: [categoryName.toUpperCase()] } });
    const first = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('draft');
    const listing = await t.db.one<{ name: string; status: string; tagline: string }>(
      'SELECT name, status, tagline FROM listings WHERE id = $1',
      [first.body.listing_id],
    );
    expect(listing).toMatchObject({ name: ACME_FACTS.name, status: 'draft' });
    const owners = await t.db.query('SELECT 1 FROM listing_owners WHERE listing_id = $1 AND account_id = $2', [
      first.body.listing_id,
      founder.id,
    ]);
    expect(owners).toHaveLength(1);
    expect(
      (
        await fetch(
          `${t.url}/api/v1/listings/${(await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [first.body.listing_id]))!.slug}`,
        )
      ).status,
    ).toBe(404);

    const edited = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { tagline: 'Changed after submission' } });
    expect(edited.body.status).toBe('submitted');
    expect((await t.db.one<{ tagline: string }>('SELECT tagline FROM listings WHERE id = $1', [first.body.listing_id]))!.tagline).toBe(
      'Changed after submission',
    );
    const again = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    expect(again.body.listing_id).toBe(first.body.listing_id);
  });

  it('answers 409 to submitting a draft that is still crawling', async () => {
    const founder = await person();
    const created = await call(founder, 'POST', '/drafts', { url: sites.urls.sparse });
    const early = await call(founder, 'POST', `/drafts/${created.body.id}/submit`);
    if (early.status === 409) expect(early.body.detail).toMatch(/crawling|drafting/);
    else expect(early.status).toBe(409);
  });

  it("hides another account's draft behind 404 everywhere", async () => {
    const owner = await person();
    const draft = await submitted(owner, sites.urls.sparse);
    const stranger = await person();
    for (const [method, path, body] of [
      ['GET', `/drafts/${draft.id}`],
      ['PATCH', `/drafts/${draft.id}`, { fields: { tagline: 'mine now' } }],
      ['POST', `/drafts/${draft.id}/submit`],
      ['POST', `/drafts/${draft.id}/invites`, { email: 'x@example.com' }],
    ] as [string, string, unknown?][]) {
      const answer = await call(stranger, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(stranger, 'GET', '/drafts')).body.total).toBe(0);
    expect((await call(owner, 'GET', `/drafts/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    const listed = await call(owner, 'GET', '/drafts');
    expect(listed.body.items.map((d: { id: string }) => d.id)).toEqual([draft.id]);
  });

  it('invites a co-founder by mail through the job queue; accepting makes them an owner; 10 invites at most', async () => {
    const owner = await person();
    const draft = await submitted(owner, sites.urls.sparse);
    const cofounder = await person();
    const invited = await call(owner, 'POST', `/drafts/${draft.id}/invites`, { email: cofounder.email });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: cofounder.email, invites: 1, invites_left: 9 });
    let mail: OutboxEntry | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      [mail] = await readOutbox(t.db, { to: cofounder.email });
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const link = /http\S+\/invites\/accept\?token=\S+/.exec(mail!.text)![0].replace(/^https?:\/\/[^/]+/, t.url);

    const browser = new TestBrowser();
    let page = await browser.get(link);
    page = await browser.post(`${t.url}/signin`, {
      email: cofounder.email,
      password: 'correct horse battery staple',
      csrf: page.field('csrf'),
      return_to: page.field('return_to'),
    });
    expect(page.text).toContain('Join as a co-founder?');
    page = await browser.post(`${t.url}/invites/accept`, { csrf: page.field('csrf'), token: page.field('token') });
    expect(page.text).toContain('You are a co-founder now');
    expect((await call(cofounder, 'GET', `/drafts/${draft.id}`)).status).toBe(200);
    expect((await browser.get(link)).status).toBe(400);

    for (let i = 2; i <= 10; i++)
      expect((await call(owner, 'POST', `/drafts/${draft.id}/invites`, { email: `co${i}@example.com` })).status).toBe(201);
    const eleventh = await call(owner, 'POST', `/drafts/${draft.id}/invites`, { email: 'co11@example.com' });
    expect(eleventh.status).toBe(409);
    const badEmail = await call(owner, 'POST', `/drafts/${draft.id}/invites`, { email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors[0].path).toBe('/email');
  });

  it('lets only the invited address accept, and leaves the invite unused when an owner opens it', async () => {
    const owner = await person();
    const draft = await submitted(owner, sites.urls.sparse);
    const invitedAddress = `invited-${Date.now()}@example.com`;
    await call(owner, 'POST', `/drafts/${draft.id}/invites`, { email: invitedAddress });
    const again = await call(owner, 'POST', `/drafts/${draft.id}/invites`, { email: invitedAddress });
    expect(again.status).toBe(409);
    let mail: OutboxEntry | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      [mail] = await readOutbox(t.db, { to: invitedAddress });
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const link = /http\S+\/invites\/accept\?token=\S+/.exec(mail!.text)![0].replace(/^https?:\/\/[^/]+/, t.url);
    const stranger = await person();
    const browser = new TestBrowser();
    let page = await browser.get(link);
    page = await browser.post(`${t.url}/signin`, {
      email: stranger.email,
      password: 'correct horse battery staple',
      csrf: page.field('csrf'),
      return_to: page.field('return_to'),
    });
    expect(page.status).toBe(403);
    expect(page.text).toContain('This invite is for another address');
    expect((await call(stranger, 'GET', `/drafts/${draft.id}`)).status).toBe(404);
    const pending = await t.db.query('SELECT 1 FROM draft_invites WHERE draft_id = $1 AND accepted_at IS NULL', [draft.id]);
    expect(pending).toHaveLength(1);
  });

  it('refuses the submission beyond the hourly limit of the site settings with 429, Retry-After and both limits named', async () => {
    const founder = await person();
    await setRateLimits(t.db, { submit_listing_per_hour: 20 });
    onTestFinished(() => setRateLimits(t.db, {}));
    await t.db.query(`INSERT INTO rate_limit_windows (key, window_start, hits) VALUES ($1, now(), 20)`, [`submit_listing:${founder.id}`]);
    const response = await fetch(`${t.url}/api/v1/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${founder.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: sites.urls.sparse }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Both limits that apply are named: the request quota and the operation's own.
    expect(response.headers.get('ratelimit-policy')).toMatch(/^"signed-in";q=\d+;w=60, "submit_listing";q=20;w=3600$/);
    expect(response.headers.get('ratelimit')).toMatch(/^"signed-in";r=\d+;t=\d+, "submit_listing";r=0;t=\d+$/);
    expect((await response.json()).code).toBe('rate_limited');
    expect((await call(founder, 'GET', '/drafts')).body.total).toBe(0);
  });

  it('stops regenerating a field a person types over, keeps founders rows by name, and leaves a published listing to update_my_listing', async () => {
    const founder = await person();
    // A product has one listing, and an earlier test listed acme: this product is the same site at other addresses.
    const own = await startFixtureSites();
    onTestFinished(() => own.close());
    const draft = await submitted(founder, own.urls.acme);
    const raced = await call(founder, 'PATCH', `/drafts/${draft.id}`, { regenerate: ['tagline'] });
    expect(raced.body.regenerating).toEqual(['tagline']);
    const typed = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { tagline: 'Typed while redrafting' } });
    expect(typed.body.regenerating).toEqual([]);
    const after = await settled(founder, draft.id);
    expect(after.fields.tagline).toMatchObject({ value: 'Typed while redrafting', state: 'edited' });

    await call(founder, 'PATCH', `/drafts/${draft.id}`, {
      fields: { categories: [categoryName] },
      founders: [{ name: 'Ada One' }, { name: 'Bo Two' }],
    });
    const first = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    const before = await t.db.query<{ id: number; name: string }>(
      'SELECT f.id, f.name FROM founders f JOIN listing_founders lf ON lf.founder_id = f.id WHERE lf.listing_id = $1 ORDER BY lf.position',
      [first.body.listing_id],
    );
    await call(founder, 'PATCH', `/drafts/${draft.id}`, { founders: [{ name: 'Bo Two' }] });
    const rows = await t.db.query<{ id: number; name: string }>(
      'SELECT f.id, f.name FROM founders f JOIN listing_founders lf ON lf.founder_id = f.id WHERE lf.listing_id = $1',
      [first.body.listing_id],
    );
    expect(rows).toEqual([before.find((row) => row.name === 'Bo Two')]);
    expect(
      (await t.db.one<{ name: string }>('SELECT name FROM founders WHERE id = $1', [before.find((row) => row.name === 'Ada One')!.id]))!
        .name,
    ).toBe('Ada One');

    await t.db.query(`UPDATE listings SET status = 'live', launched_at = now() WHERE id = $1`, [first.body.listing_id]);
    const refused = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { tagline: 'After launch' } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('update_my_listing');
    expect((await call(founder, 'GET', `/drafts/${draft.id}`)).body.fields.tagline.value).toBe('Typed while redrafting');
  });

  it('works over MCP with the same key', async () => {
    const founder = await person();
    const response = await rawToolCall(t.url, 'submit_listing', { url: sites.urls.sparse }, `Bearer ${founder.key}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('crawling');
  });
});
