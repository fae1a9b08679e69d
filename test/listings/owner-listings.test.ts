import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { insertCategory, insertFounder } from '../support/fixtures.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { adminDeps } from '../support/admin.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { notifyFollowers } from '../../src/listings/listing-news.js';
import { caller, ownedListing, person, startOwnerApp, type Call, type Person } from './support.js';
import { makeAccount } from '../support/oauth.js';

/** The owner's operations over REST, on a real database with the job queue running. */
const clock = { now: new Date('2026-11-25T10:00:00Z') };
let t: TestApp;
let call: Call;
let owner: Person;
let stranger: Person;

beforeAll(async () => {
  t = await startOwnerApp(clock);
  call = caller(t);
  owner = await person(t.db);
  stranger = await person(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('list_my_listings and get_my_listing', () => {
  it('show every listing the caller owns, in any status, and nobody else’s', async () => {
    const me = await person(t.db);
    const saved = await ownedListing(t.db, me, { status: 'draft' });
    const live = await ownedListing(t.db, me, { status: 'live' });
    await ownedListing(t.db, stranger, { status: 'live' });
    const list = await call(me, 'GET', '/me/listings');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { listing_id: number }) => item.listing_id).sort()).toEqual([saved.id, live.id].sort());
    expect(list.body.total).toBe(2);
    const view = await call(me, 'GET', `/me/listings/${saved.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ listing_id: saved.id, status: 'draft', plan: 'free', public: false, badge_check: null });
    expect(view.body.profile.slug).toBe(saved.slug);
    expect(view.body.next_step).toMatch(/choose_free_listing/);
  });

  it('answer 404 for another account’s listing and for an unknown one, on every owner operation', async () => {
    const theirs = await ownedListing(t.db, owner, { status: 'live' });
    const milestone = await call(owner, 'POST', `/me/listings/${theirs.id}/milestones`, { date: '2026-01-02', title: 'Shipped' });
    expect(milestone.status).toBe(201);
    for (const id of [theirs.id, 2_000_000_000]) {
      const attempts = [
        call(stranger, 'GET', `/me/listings/${id}`),
        call(stranger, 'PATCH', `/me/listings/${id}`, { fields: { tagline: 'Mine now' } }),
        call(stranger, 'POST', `/me/listings/${id}/updates`, { title: 'Hi', body: 'Hello' }),
        call(stranger, 'POST', `/me/listings/${id}/milestones`, { date: '2026-01-01', title: 'x' }),
        call(stranger, 'DELETE', `/me/listings/${id}/milestones/${milestone.body.id}`),
        call(stranger, 'PUT', `/me/listings/${id}/story`, { story: 'Not mine' }),
        call(stranger, 'POST', `/me/listings/${id}/free`),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe('not_found');
      }
    }
    const unchanged = await call(owner, 'GET', `/me/listings/${theirs.id}`);
    expect(unchanged.body.profile.tagline).not.toBe('Mine now');
    expect(unchanged.body.profile.milestones).toHaveLength(1);
  });
});

describe('update_my_listing', () => {
  it('is seen by the next get_listing at once, although get_listing keeps its answers (read your writes)', async () => {
    const listing = await ownedListing(t.db, owner, { status: 'live', tagline: 'Round 0' });
    const other = await ownedListing(t.db, stranger, { status: 'live' });
    const kept = t.app.services.resultCache;
    for (let round = 1; round <= 15; round += 1) {
      expect((await call(null, 'GET', `/listings/${listing.slug}`)).body.tagline).toBe(`Round ${round - 1}`); // now kept
      expect((await call(null, 'GET', `/listings/${other.slug}`)).status).toBe(200);
      const size = kept.size;
      expect((await call(owner, 'PATCH', `/me/listings/${listing.id}`, { fields: { tagline: `Round ${round}` } })).status).toBe(200);
      // The write's own notification was heard (its listing's answer went, the other's stayed): not a timeout's clearing.
      expect(kept.size).toBe(size - 1);
      expect((await call(null, 'GET', `/listings/${listing.slug}`)).body.tagline).toBe(`Round ${round}`);
    }
  });

  it('refuses out-of-bounds values and unknown properties with every bad path named, and changes nothing', async () => {
    const listing = await ownedListing(t.db, owner, { status: 'live', tagline: 'Before' });
    const bad = await call(owner, 'PATCH', `/me/listings/${listing.id}`, {
      fields: {
        tagline: 'x'.repeat(201),
        founded_year: 1799,
        country: 'FRA',
        features: Array.from({ length: 21 }, (_, i) => `f${i}`),
        contact_email: 'not an address',
        name: 'Renamed',
      },
      faqs: [{ question: 'Q?' }],
      logo: 'x',
    });
    expect(bad.status).toBe(400);
    const paths = bad.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/fields/tagline',
        '/fields/founded_year',
        '/fields/country',
        '/fields/features',
        '/fields/contact_email',
        '/fields/name',
        '/faqs/0/answer',
        '/logo',
      ]),
    );
    const view = await call(owner, 'GET', `/me/listings/${listing.id}`);
    expect(view.body.profile.tagline).toBe('Before');
    expect((await call(owner, 'PATCH', `/me/listings/${listing.id}`, { fields: { founded_year: 2101 } })).status).toBe(400);
  });

  it('publishes a live listing’s edit at once, keeps search and counts right, and records who changed what', async () => {
    const category = await insertCategory(t.db);
    const listing = await ownedListing(t.db, owner, {
      status: 'live',
      category_id: category,
      tagline: 'Old tagline',
      not_found_on_website: ['pricing_summary', 'city'],
      socials: { x: 'https://x.com/old', github: 'https://github.com/old' },
    });
    const before = await call(null, 'GET', `/listings/${listing.slug}`);
    expect(before.body.tagline).toBe('Old tagline');
    const countsBefore = (await call(null, 'GET', '/categories')).body;
    const word = `zephyrquill${Date.now() % 100000}`;
    const edit = await call(owner, 'PATCH', `/me/listings/${listing.id}`, {
      fields: { tagline: `The ${word} tagline`, founded_year: 2019, pricing_summary: 'Free, then $5 a month', country: 'pt', headline: '' },
      socials: { linkedin: 'https://www.linkedin.com/company/acme' },
      faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for one user.' }],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.changed.sort()).toEqual(['country', 'faqs', 'founded_year', 'pricing_summary', 'socials', 'tagline'].sort());
    const after = await call(null, 'GET', `/listings/${listing.slug}`);
    expect(after.body).toMatchObject({
      tagline: `The ${word} tagline`,
      founded_year: 2019,
      country: 'PT',
      pricing: { summary: 'Free, then $5 a month' },
      socials: { linkedin: 'https://www.linkedin.com/company/acme' },
      faqs: [{ question: 'Is there a free plan?', answer: 'Yes, for one user.' }],
    });
    expect(after.body.not_found_on_website).toEqual(['city']);
    const found = await call(null, 'GET', `/listings?q=${word}`);
    expect(found.body.items.map((item: { slug: string }) => item.slug)).toEqual([listing.slug]);
    const misspelled = await call(null, 'GET', `/listings?q=${word.slice(0, 3)}${word.slice(4)}`);
    expect(misspelled.body.items.map((item: { slug: string }) => item.slug)).toContain(listing.slug);
    expect((await call(null, 'GET', '/categories')).body).toEqual(countsBefore);

    const again = await call(owner, 'PATCH', `/me/listings/${listing.id}`, { fields: { tagline: `The ${word} tagline` } });
    expect(again.body.changed).toEqual([]);
    const history = await runAdminCommand(adminDeps(t.db), ['listing-history', listing.slug]);
    expect(history.exitCode).toBe(0);
    expect(history.output).toContain(`update_my_listing by ${owner.email}`);
    expect(history.output).toContain('before: "Old tagline"');
    expect(history.output).toContain(`after:  "The ${word} tagline"`);
    expect(history.output.match(/update_my_listing/g)).toHaveLength(1);
    const unknown = await runAdminCommand(adminDeps(t.db), ['listing-history', 'no-such-listing']);
    expect(unknown.exitCode).toBe(1);
  });
});

describe('post_listing_update', () => {
  it('shows the update at once and mails every follower once, through the queue, even when the job runs again', async () => {
    const listing = await ownedListing(t.db, owner, { status: 'live' });
    const followers = [(await person(t.db)).email, (await person(t.db)).email];
    // Rows from before following needed a confirmed address: an unconfirmed account's, and an address with no account.
    const unconfirmed = (await makeAccount(t.db, { verified: false })).email;
    const stray = `stray-${Date.now()}@example.com`;
    for (const email of [...followers, unconfirmed, stray])
      await t.db.query('INSERT INTO follows (listing_id, follower_email) VALUES ($1, $2)', [listing.id, email]);
    const posted = await call(owner, 'POST', `/me/listings/${listing.id}/updates`, { title: 'Dark mode', body: 'It is here.' });
    expect(posted.status).toBe(201);
    const profile = await call(null, 'GET', `/listings/${listing.slug}`);
    expect(profile.body.latest_updates[0]).toMatchObject({ title: 'Dark mode', body: 'It is here.' });
    await t.app.services.jobs.idle(10_000);
    for (const email of followers) {
      const mails = await readOutbox(t.db, { to: email });
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('Dark mode');
      expect(mails[0].text).toContain('It is here.');
    }
    for (const email of [unconfirmed, stray]) expect(await readOutbox(t.db, { to: email })).toEqual([]);
    // The job handed over twice (a relay after a crash): no second mail.
    await notifyFollowers({ db: t.db, mailer: t.app.services.mailer, publicUrl: 'http://x' }, posted.body.id);
    for (const email of followers) expect(await readOutbox(t.db, { to: email })).toHaveLength(1);
    const missing = await call(owner, 'POST', `/me/listings/${listing.id}/updates`, { title: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/body', '/title']);
  });
});

describe('milestones, story and media', () => {
  it('are public only while the paid sections are unlocked; the owner always sees them', async () => {
    const locked = await ownedListing(t.db, owner, { status: 'live', unlocked_sections: [] });
    const unlocked = await ownedListing(t.db, owner, { status: 'live', unlocked_sections: ['story', 'milestones', 'media'] });
    for (const listing of [locked, unlocked]) {
      const added = await call(owner, 'POST', `/me/listings/${listing.id}/milestones`, {
        date: '2026-03-01',
        title: 'First 100 customers',
        url: 'https://example.com/100',
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ date: '2026-03-01', title: 'First 100 customers', listing_id: listing.id });
      const story = await call(owner, 'PUT', `/me/listings/${listing.id}/story`, { title: 'Why', story: 'We were tired of spreadsheets.' });
      expect(story.status).toBe(200);
      expect(story.body.story).toMatchObject({ title: 'Why', story: 'We were tired of spreadsheets.', problem: null });
      const mine = await call(owner, 'GET', `/me/listings/${listing.id}`);
      expect(mine.body.profile.milestones).toHaveLength(1);
      expect(mine.body.profile.story.story).toBe('We were tired of spreadsheets.');
    }
    const hidden = (await call(null, 'GET', `/listings/${locked.slug}`)).body;
    expect(hidden).not.toHaveProperty('milestones');
    expect(hidden).not.toHaveProperty('story');
    expect(hidden).not.toHaveProperty('media');
    const shown = (await call(null, 'GET', `/listings/${unlocked.slug}`)).body;
    expect(shown.milestones.map((m: { title: string }) => m.title)).toEqual(['First 100 customers']);
    expect(shown.story.story).toBe('We were tired of spreadsheets.');

    const milestoneId = shown.milestones[0].id;
    const wrongListing = await call(owner, 'DELETE', `/me/listings/${locked.id}/milestones/${milestoneId}`);
    expect(wrongListing.status).toBe(404);
    const deleted = await call(owner, 'DELETE', `/me/listings/${unlocked.id}/milestones/${milestoneId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted.title).toBe('First 100 customers');
    expect((await call(owner, 'DELETE', `/me/listings/${unlocked.id}/milestones/${milestoneId}`)).status).toBe(404);
    expect((await call(null, 'GET', `/listings/${unlocked.slug}`)).body.milestones).toEqual([]);

    const replaced = await call(owner, 'PUT', `/me/listings/${unlocked.id}/story`, { problem: 'Spreadsheets.' });
    expect(replaced.body.story).toMatchObject({ title: null, story: null, problem: 'Spreadsheets.' });
    const tooLong = await call(owner, 'PUT', `/me/listings/${unlocked.id}/story`, {
      title: 'x'.repeat(201),
      story: 'y'.repeat(8001),
      ai: true,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/ai', '/story', '/title']);
    const badMilestone = await call(owner, 'POST', `/me/listings/${unlocked.id}/milestones`, {
      date: '2026-02-30',
      title: '',
      url: 'http://x.com',
    });
    expect(badMilestone.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/date', '/title', '/url']);
  });
});

describe('answer_interview', () => {
  it('puts the answers on the founder profile the account speaks for, and refuses unknown questions', async () => {
    const me = await person(t.db);
    const none = await call(me, 'PUT', '/me/interview', { answers: [{ question_id: 1, answer: 'Hi' }] });
    expect([400, 409]).toContain(none.status);
    const [question] = await t.db.query<{ id: number }>(
      `INSERT INTO interview_questions (text, hint, position) VALUES ('What did you learn?', NULL, 1) RETURNING id`,
    );
    const noFounder = await call(me, 'PUT', '/me/interview', { answers: [{ question_id: question.id, answer: 'Hi' }] });
    expect(noFounder.status).toBe(409);
    expect(noFounder.body.code).toBe('invalid_state');

    const listing = await ownedListing(t.db, me, { status: 'live' });
    const founder = await insertFounder(t.db, { name: 'Ana Ruiz' });
    await t.db.query('INSERT INTO listing_founders (listing_id, founder_id, position) VALUES ($1, $2, 0)', [listing.id, founder]);
    const unknown = await call(me, 'PUT', '/me/interview', {
      answers: [
        { question_id: question.id, answer: 'Ship small.' },
        { question_id: 999_999, answer: 'x' },
        { question_id: question.id, answer: 'twice' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.map((e: { path: string }) => e.path)).toEqual(['/answers/1/question_id', '/answers/2/question_id']);
    const answered = await call(me, 'PUT', '/me/interview', { answers: [{ question_id: question.id, answer: 'Ship small.' }] });
    expect(answered.status).toBe(200);
    expect(answered.body.founder.name).toBe('Ana Ruiz');
    const profile = await call(null, 'GET', `/founders/${answered.body.founder.slug}`);
    expect(profile.body.interview).toEqual([
      { question_id: question.id, question: 'What did you learn?', answer: 'Ship small.', answered_at: expect.any(String) },
    ]);
    await call(me, 'PUT', '/me/interview', { answers: [{ question_id: question.id, answer: 'Ship smaller.' }] });
    expect((await call(null, 'GET', `/founders/${answered.body.founder.slug}`)).body.interview[0].answer).toBe('Ship smaller.');
  });
});
