import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { staffPerson } from '../console/support.js';

/**
 * The community in real browsers (Debian's Chromium), as two people and a moderator use it: a person writes a review
 * and sees the rating change, comments; the maker replies (with the Maker mark); the person reports a comment; the
 * moderator finds the report in the queue. axe-core runs on every page that changed.
 */
const NOW = new Date('2026-11-25T12:00:00Z');
let t: TestApp;
const browsers: { browser: BrowserContext; close(): Promise<void> }[] = [];
const browserPresent = chromiumAvailable();
let slug: string;
let maker: { email: string; password: string };
let person: { email: string; password: string };
let moderator: { email: string; password: string };

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp({ now: () => NOW });
  const category = await insertCategory(t.db);
  const id = await insertListing(t.db, {
    category_id: category,
    status: 'live',
    launch_week: '2026-11-23',
    launched_at: '2026-11-23T10:00:00Z',
  });
  slug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!.slug;
  maker = await makeAccount(t.db);
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, (SELECT id FROM accounts WHERE email = $2))', [
    id,
    maker.email,
  ]);
  person = await makeAccount(t.db);
  moderator = await staffPerson(t.db, 'moderator');
}, 120_000);
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await t?.close();
});

/** A browser of its own (its own cookies) signed in as `who`, on `returnTo`. */
async function signedInPage(who: { email: string; password: string }, returnTo: string): Promise<Page> {
  const chromium = await launchChromium();
  browsers.push(chromium);
  const page = await chromium.browser.newPage();
  await page.goto(`${t.url}/signin?return_to=${encodeURIComponent(returnTo)}`);
  await page.fill('input[name="email"]', who.email);
  await page.fill('input[name="password"]', who.password);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${t.url}${returnTo}`);
  return page;
}

const ratingLine = (page: Page) => page.textContent('#reviews');

describe.skipIf(!browserPresent)('the community in Chromium', () => {
  it('review → the rating moves; comment; the maker replies with the Maker mark; a report reaches the moderators', async () => {
    const listingPath = `/listings/${slug}`;
    const reader = await signedInPage(person, listingPath);
    expect(await ratingLine(reader)).toContain('No genuine reviews yet');
    expect(await seriousViolations(reader)).toEqual([]);

    // A review: the rating on the page and in get_listing change at once.
    await reader.selectOption('select[name="rating"]', '4');
    await reader.fill('textarea[name="body"]', 'Solid notes tool: <b>fast</b> search and a sensible export.');
    await reader.click('button:has-text("Publish the review")');
    await expect.poll(() => ratingLine(reader)).toContain('4 / 5 from 1 genuine review');
    expect(await reader.textContent('#reviews')).toContain('<b>fast</b>'); // shown as text, not markup
    const listing = (await (await fetch(`${t.url}/api/v1/listings/${slug}`)).json()) as {
      community_rating: { average: number; count: number };
    };
    expect(listing.community_rating).toEqual({ average: 4, count: 1 });
    expect(await seriousViolations(reader)).toEqual([]);

    // A question in the discussion.
    await reader.fill('#comment-body', 'Does it import from Evernote?');
    await reader.click('button:has-text("Post the comment")');
    await expect.poll(() => reader.textContent('#discussion')).toContain('Does it import from Evernote?');
    const commentId = Number((await reader.locator('#discussion article').first().getAttribute('id'))!.replace('comment-', ''));

    // The maker answers on the page: the reply carries the Maker mark.
    const makerPage = await signedInPage(maker, listingPath);
    await makerPage.click(`#comment-${commentId} summary:has-text("Reply"), #discussion details summary:has-text("Reply")`);
    await makerPage.fill(`#reply-body-${commentId}`, 'Yes: File → Import → Evernote (.enex).');
    await makerPage.click(`form:has(#reply-body-${commentId}) button[type="submit"]`);
    await expect.poll(() => makerPage.textContent('#discussion')).toContain('Yes: File → Import → Evernote (.enex).');
    expect(await makerPage.locator('#discussion .maker').count()).toBeGreaterThan(0);
    expect(await makerPage.textContent('#reviews')).not.toContain('Publish the review'); // owners do not review
    expect(await seriousViolations(makerPage)).toEqual([]);

    // The reader reports the maker's reply.
    await reader.reload();
    const reply = reader.locator('#discussion article').last();
    const replyId = (await reply.getAttribute('id'))!.replace('comment-', '');
    await reader.click(`summary:has-text("Report this comment") >> nth=-1`);
    await reader.selectOption(`#report-c${replyId}-reason`, 'misleading');
    await reader.fill(`#report-c${replyId}-details`, 'Testing the report path.');
    await reader.click(`form[action="/listings/${slug}/comments/${replyId}/report#comment-${replyId}"] button[type="submit"]`);
    // Back at the reply, which now shows as reported.
    await expect.poll(() => reader.textContent(`#comment-${replyId}`)).toContain('You reported this comment');
    expect(new URL(reader.url()).hash).toBe(`#comment-${replyId}`);
    expect(await reader.textContent('#discussion')).toContain('Thank you');
    expect(await seriousViolations(reader)).toEqual([]);

    // The moderator sees it in the queue, with the comment's text.
    const desk = await signedInPage(moderator, '/admin/reports');
    const queue = await desk.textContent('main');
    expect(queue).toContain('Yes: File → Import → Evernote (.enex).');
    expect(queue).toContain('Testing the report path.');
    expect(await seriousViolations(desk)).toEqual([]);
  }, 120_000);
});
