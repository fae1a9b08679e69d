import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { insertCategory } from '../support/fixtures.js';
import { tickServiceClock } from '../../src/schedule/service-clock.js';
import { caller, person, startOwnerApp, startSite, type Call, type TestSite } from './support.js';

/**
 * End to end, as an assistant walks it, on whichever database the suite runs on (CI runs both): a
 * fixture website goes from submit_listing to live through choose_free_listing, with the offline
 * drafter and nothing set by hand.
 */
const clock = { now: new Date('2026-11-25T09:00:00Z') };
let t: TestApp;
let call: Call;
let site: TestSite;
const HOME = (badge = '') => `<!doctype html><html><head><title>Quillnote – notes for writers</title>
  <meta name="description" content="Quillnote is a note-taking app for writers who keep research, drafts and outlines in one place."></head>
  <body><h1>Quillnote</h1>
  <p>Quillnote is a note-taking app for writers who keep research, drafts and outlines in one place.</p>
  <p>Quillnote was founded by Ana Ruiz and Tom Lee. We are a small team based in Lyon, France.</p>
  <p>It is free for up to 3 users, then $8 a month per user.</p>
  <footer>${badge}<a href="mailto:hello@quillnote.example">hello@quillnote.example</a></footer></body></html>`;

beforeAll(async () => {
  t = await startOwnerApp(clock);
  call = caller(t);
  site = await startSite(HOME());
  const parent = await insertCategory(t.db, { name: 'Productivity' });
  await insertCategory(t.db, {
    name: 'Note Taking',
    parent_id: parent,
    description: 'Capture notes and research.',
    keywords: ['note-taking app'],
  });
  await insertCategory(t.db, { name: 'Email Marketing', keywords: ['newsletter'] });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('a product from its website to live, the free way', () => {
  it('submit_listing → get_draft → submit_draft → choose_free_listing → badge → scheduled → live', async () => {
    const founder = await person(t.db);
    const created = await call(founder, 'POST', '/drafts', { url: site.url });
    expect(created.status).toBe(201);
    let draft = created.body;
    for (let i = 0; i < 150 && (draft.status === 'crawling' || draft.status === 'drafting'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      draft = (await call(founder, 'GET', `/drafts/${draft.id}`)).body;
    }
    expect(draft.status).toBe('ready');
    expect(draft.fields.categories.value[0]).toBe('Note Taking');
    expect(draft.fields.categories.value).not.toContain('Email Marketing');
    expect(draft.fields.categories.state).toBe('ai');
    expect(draft.founders.map((f: { name: string }) => f.name)).toEqual(['Ana Ruiz', 'Tom Lee']);
    expect(draft.fields.city.value).toBe('Lyon');
    // Everything the site states is drafted; what is missing is what it does not say.
    for (const stated of ['name', 'categories', 'founders', 'city', 'country', 'pricing_summary', 'pricing_model', 'contact_email'])
      expect(draft.missing).not.toContain(stated);

    // A person's wrong pick, then a redraft of the categories from the tree.
    const picked = await call(founder, 'PATCH', `/drafts/${draft.id}`, { fields: { categories: ['Email Marketing'] } });
    expect(picked.body.fields.categories).toMatchObject({ value: ['Email Marketing'], state: 'edited' });
    await call(founder, 'PATCH', `/drafts/${draft.id}`, { regenerate: ['categories'] });
    await expect
      .poll(async () => (await call(founder, 'GET', `/drafts/${draft.id}`)).body.fields.categories, { timeout: 15_000, interval: 100 })
      .toMatchObject({ value: expect.arrayContaining(['Note Taking']), state: 'ai' });

    const submitted = await call(founder, 'POST', `/drafts/${draft.id}/submit`);
    expect(submitted.status).toBe(200);
    const listingId = submitted.body.listing_id;
    const mine = await call(founder, 'GET', '/me/listings');
    expect(mine.body.items).toEqual([expect.objectContaining({ listing_id: listingId, status: 'draft' })]);

    const chosen = await call(founder, 'POST', `/me/listings/${listingId}/free`);
    expect(chosen.body).toMatchObject({ status: 'awaiting_badge', outcome: 'queued' });
    const week = chosen.body.launch_week;
    await t.app.services.jobs.idle(10_000);

    site.home = HOME(chosen.body.badge.embed_html);
    clock.now = new Date(clock.now.getTime() + 61_000);
    const checked = await call(founder, 'POST', `/me/listings/${listingId}/free`);
    expect(checked.body).toMatchObject({ status: 'scheduled', launch_week: week, badge_check: { found: true } });

    // The Monday of the launch week, 00:01 UTC (the site's time zone): the clock's tick publishes it.
    clock.now = new Date(`${week}T00:01:00Z`);
    await tickServiceClock(t.db, t.app.services.jobs, t.app.recurring, clock.now);
    await t.app.services.jobs.idle(15_000);
    const live = await call(null, 'GET', `/listings/${checked.body.badge.profile_url.split('/').pop()}`);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: 'live', name: 'Quillnote', city: 'Lyon', country: 'FR', launch_week: week });
    expect(live.body.categories[0]).toMatchObject({ name: 'Note Taking', primary: true });
    expect(live.body.founders.map((f: { name: string }) => f.name)).toEqual(['Ana Ruiz', 'Tom Lee']);
    const thisWeek = await call(null, 'GET', `/launches/weeks/${week}`);
    expect(JSON.stringify(thisWeek.body)).toContain('Quillnote');
  });
});
