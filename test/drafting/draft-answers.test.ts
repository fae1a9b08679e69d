import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFixtureSites, type FixtureSites } from '../support/fixture-sites.js';
import { insertCategory } from '../support/fixtures.js';
import { caller, person, type Call, type Person } from '../listings/support.js';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';

/**
 * What a draft tells an assistant (issue 31): pending until drafted, what submit_draft still needs by path,
 * the listing's tighter bounds refused rather than cut, categories by name or slug, extra categories kept for a
 * paid launch and said, the directory's stages, brief answers, and the lock that publishing puts on the draft.
 */
let t: TestApp;
let call: Call;
const opened: FixtureSites[] = [];
const categories = { primary: 'Meeting tools', second: 'Note taking', third: 'Team chat' };

beforeAll(async () => {
  t = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    drafting: {
      crawl: (url) => crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
    },
  });
  call = caller(t);
  await insertCategory(t.db, { slug: 'meeting-tools', name: categories.primary });
  await insertCategory(t.db, { slug: 'note-taking', name: categories.second });
  await insertCategory(t.db, { slug: 'team-chat', name: categories.third });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all(opened.map((sites) => sites.close()));
});

/** A fresh set of fixture websites: each product's site is listed once (one listing per product). */
async function sites(): Promise<FixtureSites> {
  const started = await startFixtureSites();
  opened.push(started);
  return started;
}

async function settled(who: Person, id: string): Promise<any> {
  for (let i = 0; i < 150; i++) {
    const { body } = await call(who, 'GET', `/drafts/${id}`);
    if (body.status !== 'crawling' && body.status !== 'drafting' && body.regenerating.length === 0) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`draft ${id} never settled`);
}

async function readyDraft(who: Person): Promise<any> {
  const created = await call(who, 'POST', '/drafts', { url: (await sites()).urls.acme });
  expect(created.status).toBe(201);
  return settled(who, created.body.id);
}

describe('a draft being drafted', () => {
  it('reads pending, not not_found, until the drafter has run; then the site’s silences read not_found', async () => {
    const founder = await person(t.db);
    const { urls } = await sites();
    const created = await call(founder, 'POST', '/drafts', { url: urls.slow }); // its pages take 20 s
    expect(created.body.status).toBe('crawling');
    const states = new Set(Object.values(created.body.fields).map((field: any) => field.state));
    expect([...states]).toEqual(['pending']);
    const polled = await call(founder, 'GET', `/drafts/${created.body.id}`);
    expect(polled.body.status).toBe('crawling');
    expect(polled.body.fields.stage.state).toBe('pending');

    const ready = await readyDraft(founder);
    expect(ready.fields.stage).toEqual({ value: null, state: 'not_found', evidence: [] });
    expect(Object.values(ready.fields).some((field: any) => field.state === 'pending')).toBe(false);
  });
});

describe('needed_to_save and submit_draft', () => {
  it('names what the listing needs and cannot hold, by path; submit_draft refuses it (409, nothing saved), then saves once fixed', async () => {
    const founder = await person(t.db);
    const draft = await readyDraft(founder);
    const tagline = `Meeting notes ${'that write themselves '.repeat(12)}`.trim();
    expect(tagline.length).toBeGreaterThan(200);
    const edited = await call(founder, 'PATCH', `/drafts/${draft.id}`, {
      fields: { tagline, categories: null, country: null, founded_year: null, city: 'x'.repeat(121) },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.needed_to_save).toEqual([
      { path: '/fields/categories', message: expect.stringMatching(/needs a category/) },
      { path: '/fields/tagline', message: `A listing's tagline is at most 200 characters; this one has ${tagline.length}` },
      { path: '/fields/city', message: expect.stringMatching(/at most 120 characters/) },
    ]);

    const refused = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invalid_state');
    expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual([
      '/fields/categories',
      '/fields/tagline',
      '/fields/city',
    ]);
    expect((await call(founder, 'GET', `/drafts/${draft.id}`)).body).toMatchObject({ status: 'ready', listing_id: null });

    const fixed = await call(founder, 'PATCH', `/drafts/${draft.id}`, {
      fields: { tagline: tagline.slice(0, 200), city: 'Ljubljana', categories: ['meeting-tools'] },
    });
    expect(fixed.body.needed_to_save).toEqual([]);
    const saved = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    expect(saved.status).toBe(200);
    const mine = await call(founder, 'GET', `/me/listings/${saved.body.listing_id}`);
    expect(mine.body.profile).toMatchObject({ tagline: tagline.slice(0, 200), city: 'Ljubljana' });
  });

  it('names a category the directory does not have; a country that is not a code', async () => {
    const founder = await person(t.db);
    const draft = await readyDraft(founder);
    // update_draft refuses an unknown category at once, naming its position.
    const unknown = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { categories: ['meeting-tools', 'Nope'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: '/fields/categories/1', message: expect.stringMatching(/Unknown category "Nope"/) }]);
    // A category removed after it was chosen is named by get_draft too.
    await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { categories: ['team-chat'] } });
    await t.db.query("UPDATE drafts SET fields = jsonb_set(fields, '{categories,value}', '[\"Gone away\"]') WHERE id = $1", [draft.id]);
    await t.db.query("UPDATE drafts SET fields = jsonb_set(fields, '{country,value}', '\"Slovenia\"') WHERE id = $1", [draft.id]);
    const view = await call(founder, 'GET', `/drafts/${draft.id}`);
    expect(view.body.needed_to_save).toEqual([
      { path: '/fields/country', message: expect.stringMatching(/two-letter/) },
      { path: '/fields/categories/0', message: 'No category "Gone away"; list_categories names them' },
    ]);
  });
});

describe('categories by name or slug, and the ones kept for a paid launch', () => {
  it('takes slugs and names alike, saves the first as the listing’s, keeps the others and says so', async () => {
    const founder = await person(t.db);
    const draft = await readyDraft(founder);
    const edited = await call(founder, 'PATCH', `/drafts/${draft.id}`, {
      fields: { categories: ['meeting-tools', categories.second.toUpperCase(), 'team-chat'] },
    });
    expect(edited.body.fields.categories.value).toEqual([categories.primary, categories.second, categories.third]);
    const saved = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    expect(saved.body).toMatchObject({ status: 'draft', extra_categories: ['note-taking', 'team-chat'] });
    expect(saved.body.next_step).toMatch(/note-taking, team-chat are kept for a paid launch/);
    expect(saved.body.next_step).toMatch(
      /choose_free_listing.*ends editing through the draft.*update_my_listing edits the listing then, all but its name and categories/,
    );
    const links = await t.db.query<{ slug: string; is_primary: boolean }>(
      'SELECT c.slug, lc.is_primary FROM listing_categories lc JOIN categories c ON c.id = lc.category_id WHERE lc.listing_id = $1',
      [saved.body.listing_id],
    );
    expect(links).toEqual([{ slug: 'meeting-tools', is_primary: true }]);
    // Kept with the draft the listing was made from, for the paid launch.
    expect((await call(founder, 'GET', `/drafts/${draft.id}`)).body.fields.categories.value).toHaveLength(3);
  });
});

describe('the directory’s values and brief answers', () => {
  it('spells a known stage or pricing model the directory’s way, keeps other text, and answers briefly when asked', async () => {
    const founder = await person(t.db);
    const draft = await readyDraft(founder);
    const brief = await call(founder, 'PATCH', `/drafts/${draft.id}`, {
      fields: { stage: 'Growth', pricing_model: ' FREEMIUM ' },
      view: 'brief',
    });
    expect(brief.status).toBe(200);
    expect(brief.body.fields.stage).toEqual({ value: 'growth', state: 'manual' });
    expect(brief.body.fields.pricing_model.value).toBe('freemium');
    expect(JSON.stringify(brief.body)).not.toContain('"evidence"');
    for (const empty of brief.body.missing) expect(brief.body.fields).not.toHaveProperty(empty);
    const other = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { stage: 'Series A' } });
    expect(other.body.fields.stage.value).toBe('Series A');
    expect(other.body.fields.name.evidence.length).toBeGreaterThan(0); // the full view by default
  });

  it('ends the draft’s editing once published for free; choose_free_listing answers the badge alone when brief', async () => {
    const founder = await person(t.db);
    const draft = await readyDraft(founder);
    await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { categories: ['meeting-tools'] } });
    const saved = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    const free = await call(founder, 'POST', `/me/listings/${saved.body.listing_id}/free`, { view: 'brief' });
    expect(free.status).toBe(200);
    expect(Object.keys(free.body.badge)).toEqual(['embed_html']);
    // Even an edit the listing could not hold is told first that the listing is now update_my_listing's.
    const locked = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { tagline: 'x'.repeat(201) } });
    expect(locked.status).toBe(409);
    expect(locked.body.detail).toMatch(/already awaiting_badge; edit the published listing with update_my_listing/);
  });
});

describe('one listing per product, at saving too', () => {
  it('refuses the second account’s save of a product the first has saved meanwhile (409 already_listed with the slug)', async () => {
    const [first, second] = [await person(t.db), await person(t.db)];
    const { urls } = await sites();
    const drafts = [];
    for (const who of [first, second]) {
      const created = await call(who, 'POST', '/drafts', { url: urls.acme });
      expect(created.status).toBe(201); // neither has a listing yet: each has a draft
      drafts.push(await settled(who, created.body.id));
    }
    for (const [who, draft] of [
      [first, drafts[0]],
      [second, drafts[1]],
    ] as const)
      await call(who, 'PATCH', `/drafts/${draft.id}`, { fields: { categories: ['meeting-tools'] } });
    const saved = await call(first, 'POST', `/drafts/${drafts[0].id}/submit`);
    expect(saved.status).toBe(200);
    const refused = await call(second, 'POST', `/drafts/${drafts[1].id}/submit`);
    expect(refused.status).toBe(409);
    const { slug } = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [saved.body.listing_id]))!;
    expect(refused.body).toMatchObject({ code: 'already_listed', slug, claim_with: 'claim_listing' });
    expect((await call(second, 'GET', `/drafts/${drafts[1].id}`)).body.listing_id).toBeNull();
  });
});
