/**
 * The product-first listing page (issue 50, parts 3 and 5), in Chromium on the demo directory: the heading holds the
 * logo, name, tagline, a large Vote button and "Visit website", the key facts sit in one row, the screenshots are a
 * gallery of images, long sections are folded, and no developer words show. A signed-out visitor's vote goes to sign
 * in and comes back to the buttons, where the vote is offered; the vote's notice sits beside the buttons. A refused
 * review keeps what was typed with the message beside its field, the page open at the reviews. Each look at 1280
 * and 390 px, light and dark, with no serious axe violation (SHOTS_DIR=/some/dir keeps screenshots).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromiumBrowser } from '../support/chromium.js';
import { makeAccount } from '../support/oauth.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const browserPresent = chromiumAvailable();
let t: TestApp;
let chromium: Browser;
/** A live paid demo listing (screenshots, story, milestones, FAQs) and a live free one. */
let paid: string;
let free: string;

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
  const pick = async (plan: string) =>
    (await t.db.one<{ slug: string }>(
      `SELECT l.slug FROM listings l WHERE l.status = 'live' AND l.plan = $1
         AND EXISTS (SELECT 1 FROM listing_faqs f WHERE f.listing_id = l.id) ORDER BY l.votes_count DESC, l.id LIMIT 1`,
      [plan],
    ))!.slug;
  paid = await pick('paid');
  free = await pick('free');
  chromium = await launchChromiumBrowser();
}, 180_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

/** The heading's box and what it holds, at the page's current width. */
async function heading(page: Page) {
  return page.evaluate(() => {
    const hero = document.querySelector('.hero')!;
    const vote = hero.querySelector('.big-vote')!.getBoundingClientRect();
    return {
      h1: hero.querySelector('h1')?.textContent,
      logo: Boolean(hero.querySelector('img.logo.big, .mono.big')),
      tagline: hero.querySelector('.tagline')?.textContent ?? '',
      website: hero.querySelector('a.button-link[rel~="nofollow"]')?.textContent ?? '',
      facts: [...hero.querySelectorAll('.facts .k')].map((k) => k.textContent),
      voteTop: vote.top + window.scrollY,
      voteHeight: vote.height,
    };
  });
}

describe.skipIf(!browserPresent)('the listing page in Chromium', () => {
  it('puts the product first: heading, vote, website, facts, gallery; folds long sections; no developer words', async () => {
    const page = await chromium.newPage();
    const refused = cspRefusals(page);
    await page.goto(`${t.url}/listings/${paid}`);
    const top = await heading(page);
    expect(top.h1).toBeTruthy();
    expect(top.logo).toBe(true);
    expect(top.tagline.length).toBeGreaterThan(0);
    expect(top.website).toContain('Visit website');
    expect(top.facts).toEqual(expect.arrayContaining(['Pricing', 'Category']));
    // A large button, in the first screen at both widths.
    expect(top.voteHeight).toBeGreaterThanOrEqual(40);
    expect(top.voteTop).toBeLessThan(600);
    await page.setViewportSize({ width: 390, height: 800 });
    expect((await heading(page)).voteTop).toBeLessThan(700);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The screenshots are images the service keeps, loaded and sized.
    const shots = page.locator('.gallery img');
    expect(await shots.count()).toBeGreaterThanOrEqual(2);
    await shots.first().scrollIntoViewIfNeeded();
    await expect.poll(() => shots.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(new URL((await shots.first().getAttribute('src'))!).origin).toBe(new URL(t.url).origin);

    // Long sections are folded until opened.
    const faq = page.locator('details.fold:has(h2:text("Questions and answers"))');
    expect(await faq.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await faq.locator('summary').click();
    expect(await faq.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);

    const words = (await page.textContent('main'))!;
    for (const developerWord of ['get_badges', 'list_reviews', 'JWT', 'jwks']) expect(words, developerWord).not.toContain(developerWord);
    expect(await page.locator('main a[href^="/api/"]').count()).toBe(0);
    await expectReadableEverywhere(page, 'listing paid');
    await page.goto(`${t.url}/listings/${free}`);
    await expectReadableEverywhere(page, 'listing free');
    expect(refused).toEqual([]);
    await page.close();
  });

  it('a signed-out vote goes to sign in and comes back to the buttons, where it is offered; its notice sits beside them', async () => {
    const person = await makeAccount(t.db);
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/listings/${free}`);
    const before = Number(await page.textContent('.hero .big-vote .count'));
    await page.click('.hero a.big-vote');
    await page.fill('input[name="email"]', person.email);
    await page.fill('input[name="password"]', person.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/listings/${free}#act`);
    // Nothing was cast by coming back: the vote is offered.
    expect(await page.textContent('.hero button.big-vote')).toContain(`Vote · ${before}`);
    await page.click('.hero button.big-vote');
    await page.waitForURL(`${t.url}/listings/${free}?done=vote#act`);
    expect(await page.textContent('#act .notice')).toBe('Your vote is counted.');
    expect(await page.textContent('.hero button.big-vote')).toContain(`Voted · ${before + 1}`);
    // The notice is in view, next to the button that changed it.
    const seen = await page.evaluate(() => {
      const notice = document.querySelector('#act .notice')!.getBoundingClientRect();
      return notice.top >= 0 && notice.bottom <= window.innerHeight;
    });
    expect(seen).toBe(true);
    await expectReadableEverywhere(page, 'listing voted');
    await context.close();
  });

  it('a refused review keeps what was typed, the message beside its field, and opens at the reviews', async () => {
    const person = await makeAccount(t.db);
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/signin?return_to=${encodeURIComponent(`/listings/${free}`)}`);
    await page.fill('input[name="email"]', person.email);
    await page.fill('input[name="password"]', person.password);
    await page.click('main button[type="submit"]');
    await page.waitForURL(`${t.url}/listings/${free}`);
    await page.selectOption('#review-rating', '4');
    await page.fill('#review-body', 'Too short.');
    await page.click('button:has-text("Publish the review")');
    await page.waitForURL(`${t.url}/listings/${free}/review#reviews`);
    expect(await page.inputValue('#review-body')).toBe('Too short.');
    expect(await page.inputValue('#review-rating')).toBe('4');
    expect(await page.textContent('#review-body-problem')).toContain('Write 20 to 2000 characters');
    expect(await page.getAttribute('#review-body', 'aria-describedby')).toBe('review-body-problem');
    // The message is in view, beside the field.
    const inView = await page.evaluate(() => {
      const box = document.querySelector('#review-body-problem')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    await expectReadableEverywhere(page, 'listing refused review');
    await context.close();
  });
});
