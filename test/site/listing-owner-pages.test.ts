import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PagesApp, signedInBrowser, startPagesApp } from '../auth/pages/page-flows.js';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { insertCategory, insertFounder, insertListing, linkFounder } from '../support/fixtures.js';

/**
 * The maker's pages of a saved listing (issue 49, part 4): the owner's preview of a listing not yet public, the edit
 * form (update_my_listing's bounds, refusals beside their fields, the version history), and the page of updates,
 * milestones, founder story, interview and owners. Others' listings answer 404; a forged form changes nothing.
 */
let t: PagesApp;
let category: number;

beforeAll(async () => {
  t = await startPagesApp();
  category = await insertCategory(t.db, { name: `Owner pages ${Date.now()}` });
}, 60_000);
afterAll(() => t?.close());

let made = 0;
/** A signed-in person owning a listing (by default saved, not launched). */
async function ownerWithListing(status: 'draft' | 'live' = 'draft') {
  const owner = await signedInBrowser(t);
  const slug = `owned-${++made}-${process.pid}`;
  const id = await insertListing(t.db, {
    slug,
    name: `Owned ${made}`,
    category_id: category,
    status,
    tagline: 'The first tagline',
    country: 'PT',
  });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, owner.id]);
  return { ...owner, listingId: id, slug };
}

const stored = async (id: number) =>
  (await t.db.one<{ tagline: string; country: string | null; founded_year: number | null; features: string[] }>(
    'SELECT tagline, country, founded_year, features FROM listings WHERE id = $1',
    [id],
  ))!;

const post = (browser: TestBrowser, path: string, fields: Record<string, string>) =>
  browser.post(`${t.url}${path}`, fields, { follow: false });

/** The text of the element with this id (an error message beside a field). */
const byId = (page: PageResponse, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(page.text)?.[1];

describe("an owner's preview of a listing not yet public", () => {
  it('shows the owner a preview marked as such, out of search engines and caches; 404 to everyone else, never kept', async () => {
    const owner = await ownerWithListing('draft');
    const path = `/listings/${owner.slug}`;
    const signedOut = await new TestBrowser().get(`${t.url}${path}`);
    expect(signedOut.status).toBe(404);

    const preview = await owner.browser.get(`${t.url}${path}`);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('<strong>Preview: not public yet</strong> — saved, not launched yet.');
    expect(preview.text).toContain('<meta name="robots" content="noindex">');
    expect(preview.text).toContain(`<a href="/account/listings/${owner.listingId}/launch">Launch page</a>`);
    expect(preview.text).toContain('The first tagline');
    expect(preview.headers.get('cache-control')).toBe('no-store');

    const other = await signedInBrowser(t);
    expect((await other.browser.get(`${t.url}${path}`)).status).toBe(404);
    // After the owner's preview, people not signed in still get the 404, not a kept copy of the preview.
    for (let i = 0; i < 2; i++) {
      const again = await new TestBrowser().get(`${t.url}${path}`);
      expect(again.status).toBe(404);
      expect(again.text).not.toContain('Preview');
    }
  });

  it('links the preview and the owner pages from the launch page and the account', async () => {
    const owner = await ownerWithListing('draft');
    const launch = await owner.browser.get(`${t.url}/account/listings/${owner.listingId}/launch`);
    expect(launch.text).toContain(`<a href="/account/listings/${owner.listingId}/edit">Edit</a>`);
    expect(launch.text).toContain(`<a href="/listings/${owner.slug}">Preview</a>`);
    const account = await owner.browser.get(`${t.url}/account`);
    expect(account.text).toContain(`<a href="/account/listings/${owner.listingId}/news">Updates and story</a>`);
  });
});

describe('editing a listing', () => {
  it('saves an edit through update_my_listing, says what changed and shows it in the version history', async () => {
    const owner = await ownerWithListing('live');
    const path = `/account/listings/${owner.listingId}/edit`;
    const page = await owner.browser.get(`${t.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.field('f_tagline')).toBe('The first tagline');
    const answer = await post(owner.browser, path, {
      csrf: page.field('csrf'),
      f_tagline: 'A sharper tagline',
      f_features: 'Fast\n\nPrivate\n',
      f_founded_year: '2019',
      s_github: 'https://github.com/owned',
    });
    expect(answer.status).toBe(303);
    const saved = await owner.browser.get(`${t.url}${answer.location}`);
    expect(saved.text).toContain('Saved. Changed: Tagline, Founded (year), Features, Links.');
    expect(await stored(owner.listingId)).toMatchObject({
      tagline: 'A sharper tagline',
      founded_year: 2019,
      features: ['Fast', 'Private'],
    });
    const history = saved.text.slice(saved.text.indexOf('id="history"'));
    expect(history).toContain('you: Edit my listing');
    expect(history).toContain('Tagline: “The first tagline” → “A sharper tagline”');
    expect(history).toContain('Features: (none) → Fast; Private');
    // The same form again: nothing is different.
    const same = await post(owner.browser, path, { csrf: page.field('csrf'), f_tagline: 'A sharper tagline' });
    expect((await owner.browser.get(`${t.url}${same.location}`)).text).toContain('Nothing was different: nothing changed.');
  });

  it('refuses out of bounds with each message beside its field and everything typed kept; nothing is saved', async () => {
    const owner = await ownerWithListing('live');
    const path = `/account/listings/${owner.listingId}/edit`;
    const page = await owner.browser.get(`${t.url}${path}`);
    const long = 'x'.repeat(201);
    const refused = await post(owner.browser, path, {
      csrf: page.field('csrf'),
      f_tagline: long,
      f_country: 'Portugal',
      f_founded_year: '1700',
      f_city: 'Lisbon',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/<div class="error" role="alert"><p>Nothing was saved: 3 fields need a change\.<\/p>/);
    expect(byId(refused, 'f-tagline-error')).toMatch(/200/);
    expect(byId(refused, 'f-country-error')).toBe('A two-letter ISO 3166-1 country code, e.g. PT');
    expect(byId(refused, 'f-founded-year-error')).toBe('A four-digit year, 1800 to 2100');
    expect(refused.text).toMatch(
      /<input id="f-tagline" name="f_tagline"[^>]*value="x{201}" aria-invalid="true" aria-describedby="f-tagline-error">/,
    );
    expect(refused.field('f_country')).toBe('Portugal');
    expect(refused.field('f_founded_year')).toBe('1700');
    expect(refused.field('f_city')).toBe('Lisbon');
    expect(await stored(owner.listingId)).toMatchObject({ tagline: 'The first tagline', country: 'PT', founded_year: null });
  });

  it("answers 404 for someone else's listing, to read or to post, and changes nothing", async () => {
    const owner = await ownerWithListing('live');
    const other = await signedInBrowser(t);
    for (const page of ['edit', 'news']) {
      expect((await other.browser.get(`${t.url}/account/listings/${owner.listingId}/${page}`)).status).toBe(404);
    }
    const csrf = (await other.browser.get(`${t.url}/submit`)).field('csrf');
    expect((await post(other.browser, `/account/listings/${owner.listingId}/edit`, { csrf, f_tagline: 'Taken over' })).status).toBe(404);
    expect(
      (await post(other.browser, `/account/listings/${owner.listingId}/updates`, { csrf, title: 'Not mine', body: 'Spam' })).status,
    ).toBe(404);
    expect((await stored(owner.listingId)).tagline).toBe('The first tagline');
    expect(await t.db.query('SELECT 1 FROM listing_updates WHERE listing_id = $1', [owner.listingId])).toHaveLength(0);
  });

  it('refuses a forged edit, with no token or from a foreign origin, and changes nothing', async () => {
    const owner = await ownerWithListing('live');
    const path = `/account/listings/${owner.listingId}/edit`;
    const csrf = (await owner.browser.get(`${t.url}${path}`)).field('csrf');
    expect((await post(owner.browser, path, { f_tagline: 'Forged' })).status).toBe(403);
    const foreign = await owner.browser.post(
      `${t.url}${path}`,
      { csrf, f_tagline: 'Forged' },
      { follow: false, headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect((await stored(owner.listingId)).tagline).toBe('The first tagline');
  });
});

describe('updates, milestones, story, interview and owners', () => {
  it('posts an update and a milestone, removes it, saves the story and interview answers, and shows the owners', async () => {
    const owner = await ownerWithListing('live');
    const founder = await insertFounder(t.db, { name: 'Ana Owner' });
    await linkFounder(t.db, owner.listingId, founder);
    const [question] = await t.db.query<{ id: number }>(
      `INSERT INTO interview_questions (text, hint, position) VALUES ('Why did you start ${owner.slug}?', NULL, 1) RETURNING id`,
    );
    const path = `/account/listings/${owner.listingId}/news`;
    const page = await owner.browser.get(`${t.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<li>${owner.email} (you)</li>`);
    const csrf = page.field('csrf');

    let answer = await post(owner.browser, `/account/listings/${owner.listingId}/updates`, {
      csrf,
      title: 'Version 2',
      body: 'Now with teams.',
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${path}?done=update#update`);
    expect(await t.db.query('SELECT title FROM listing_updates WHERE listing_id = $1', [owner.listingId])).toEqual([
      { title: 'Version 2' },
    ]);

    // A refused milestone keeps what was typed, the message beside the date.
    const refused = await post(owner.browser, `/account/listings/${owner.listingId}/milestones`, {
      csrf,
      date: 'soon',
      title: 'First customer',
    });
    expect(refused.status).toBe(400);
    expect(byId(refused, 'milestone-date-error')).toBeTruthy();
    expect(refused.text).toMatch(/<input id="milestone-title" name="title" type="text" maxlength="200" value="First customer">/);
    expect(refused.text).toMatch(/<input id="update-title" name="title" type="text" maxlength="200" value="">/);

    answer = await post(owner.browser, `/account/listings/${owner.listingId}/milestones`, {
      csrf,
      date: '2026-03-01',
      title: 'First customer',
    });
    expect(answer.status).toBe(303);
    const withMilestone = await owner.browser.get(`${t.url}${answer.location}`);
    expect(withMilestone.text).toContain('The milestone is added.');
    expect(withMilestone.text).toContain('<strong>2026-03-01</strong>: First customer');
    const [milestone] = await t.db.query<{ id: number }>('SELECT id FROM milestones WHERE listing_id = $1', [owner.listingId]);
    answer = await post(owner.browser, `/account/listings/${owner.listingId}/milestones/${milestone!.id}/delete`, { csrf });
    expect(answer.location).toBe(`${path}?done=deleted#milestone`);
    expect(await t.db.query('SELECT 1 FROM milestones WHERE listing_id = $1', [owner.listingId])).toHaveLength(0);

    answer = await post(owner.browser, `/account/listings/${owner.listingId}/story`, {
      csrf,
      story_title: 'How it began',
      story_story: 'In a garage.',
    });
    expect(answer.status).toBe(303);
    const withStory = await owner.browser.get(`${t.url}${answer.location}`);
    expect(withStory.field('story_title')).toBe('How it began');

    const empty = await post(owner.browser, `/account/listings/${owner.listingId}/interview`, { csrf, [`a_${question!.id}`]: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Nothing was saved: answer at least one question.');
    answer = await post(owner.browser, `/account/listings/${owner.listingId}/interview`, {
      csrf,
      [`a_${question!.id}`]: 'To launch on the web.',
    });
    expect(answer.status).toBe(303);
    expect(await t.db.query('SELECT answer FROM interview_answers WHERE question_id = $1', [question!.id])).toEqual([
      { answer: 'To launch on the web.' },
    ]);
    await t.db.query('UPDATE interview_questions SET active = false WHERE id = $1', [question!.id]);

    // The history has the story and the milestones too.
    const edit = await owner.browser.get(`${t.url}/account/listings/${owner.listingId}/edit`);
    expect(edit.text).toContain('you: Set my listing&#39;s founder story');
    expect(edit.text).toContain('you: Add a milestone to my listing');
  });

  it('invites a co-founder through the draft the listing was saved from; a bad address is kept beside its message', async () => {
    const owner = await ownerWithListing('live');
    const path = `/account/listings/${owner.listingId}/news`;
    // Without a draft there is no domain way to invite: the page says so.
    expect((await owner.browser.get(`${t.url}${path}`)).text).toContain('you own no draft of this listing');
    const [draft] = await t.db.query<{ id: string }>(
      `INSERT INTO drafts (id, account_id, url, status, listing_id) VALUES (gen_random_uuid(), $1::uuid, $2, 'submitted', $3) RETURNING id`,
      [owner.id, `https://${owner.slug}.example`, owner.listingId],
    );
    const page = await owner.browser.get(`${t.url}${path}`);
    const csrf = page.field('csrf');
    const refused = await post(owner.browser, `/account/listings/${owner.listingId}/invite`, { csrf, email: 'not an address' });
    expect(refused.status).toBe(400);
    expect(byId(refused, 'invite-email-error')).toBeTruthy();
    expect(refused.field('email')).toBe('not an address');
    const answer = await post(owner.browser, `/account/listings/${owner.listingId}/invite`, { csrf, email: 'cofounder@example.com' });
    expect(answer.location).toBe(`${path}?done=invite#invite`);
    expect(await t.db.query('SELECT email FROM draft_invites WHERE draft_id = $1', [draft!.id])).toEqual([
      { email: 'cofounder@example.com' },
    ]);
  });
});
