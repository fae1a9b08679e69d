import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { makeAccount, signIn, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertListing, insertLiveListing, insertVotes } from '../support/fixtures.js';
import { seriousViolations } from '../support/axe.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { runVoteCheck } from '../../src/community/vote-check.js';
import { decideWeek } from '../../src/community/weekly-awards.js';
import { loadSiteSettings } from '../../src/catalogue/site-settings.js';
import { deferredJobQueue } from '../../src/jobs/job-outbox.js';

/**
 * Requirements of issue 30 that had no test of their own: a flagged vote stays visible to the person who cast it;
 * the awards page and the Hall of Fame state the counted votes; axe-core on the other pages the issue changed (the
 * account page with the public-name form, and sign-up refusing a throwaway domain).
 */
const NOW = new Date('2026-11-25T12:00:00Z');
let t: PagesApp;
let category: number;

beforeAll(async () => {
  t = await startPagesApp(NOW);
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

describe('a flagged vote', () => {
  it('stays visible to the person who cast it ("Voted"), while the count leaves it out until cleared', async () => {
    const target = await insertLiveListing(t.db, category);
    const { domain } = (await t.db.one<{ domain: string }>('SELECT domain FROM listings WHERE id = $1', [target.id]))!;
    // An address at the listing's own domain: the own_domain rule flags the vote.
    const voter = await makeAccount(t, { email: `insider-${process.pid}@${domain}` });
    const browser = new TestBrowser();
    expect((await signIn(t, browser, voter.email)).status).toBe(303);
    const page = await browser.get(`${t.url}/listings/${target.slug}`);
    const voted = await browser.post(`${t.url}/listings/${target.slug}/vote`, { csrf: page.field('csrf') });
    expect(voted.text).toContain('Voted · <span class="count">1</span>');

    const summary = await runVoteCheck(t.db, {
      now: new Date(NOW.getTime() + 60_000),
      settings: (await loadSiteSettings(t.db)).vote_check,
    });
    expect(summary.by_rule.own_domain).toBe(1);

    const after = await browser.get(`${t.url}/listings/${target.slug}`);
    expect(after.text).toContain('Voted · <span class="count">0</span>'); // still the voter's vote, no longer in the count
    expect(after.text).toContain(`action="/listings/${target.slug}/unvote#act"`);
    const signedOut = await new TestBrowser().get(`${t.url}/listings/${target.slug}`);
    expect(signedOut.text).not.toContain('Voted · ');
  });
});

describe('the awards pages', () => {
  it('state the counted votes of each award', async () => {
    const week = '2026-11-16';
    const id = await insertListing(t.db, { category_id: category, status: 'live', launch_week: week, launched_at: `${week}T10:00:00Z` });
    await insertVotes(t.db, id, 7, (i) => new Date(Date.parse(`${week}T12:00:00Z`) + i * 3_600_000));
    const decided = await decideWeek(t.db, deferredJobQueue(t.db), week, 'UTC', NOW);
    expect(decided?.winners?.length ?? 0).toBeGreaterThan(0);
    const awards = await new TestBrowser().get(`${t.url}/awards`);
    expect(awards.text).toContain('7 counted votes');
    expect(awards.text).toContain('the awards state the counted votes');
    const hall = await new TestBrowser().get(`${t.url}/awards/hall-of-fame`);
    expect(hall.text).toContain('7 counted votes');
  });
});

describe.skipIf(!chromiumAvailable())('the other changed pages in Chromium', () => {
  it('the account page (public name) and sign-up refusing a throwaway domain have no serious axe violations', async () => {
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      await page.goto(`${t.url}/signup`);
      await page.fill('input[name="email"]', `ring-${process.pid}@mailinator.com`);
      await page.fill('input[name="password"]', 'a long enough password 123');
      await page.click('button[type="submit"]');
      await expect.poll(() => page.textContent('main')).toMatch(/throwaway|disposable|temporary/i);
      expect(await seriousViolations(page), '/signup refused').toEqual([]);

      const person = await makeAccount(t);
      const signedIn = await chromium.browser.newPage();
      await signedIn.goto(`${t.url}/signin?return_to=/account`);
      await signedIn.fill('input[name="email"]', person.email);
      await signedIn.fill('input[name="password"]', person.password);
      await signedIn.click('button[type="submit"]');
      await signedIn.waitForURL(`${t.url}/account`);
      expect(await signedIn.textContent('main')).toMatch(/public name/i);
      expect(await seriousViolations(signedIn), '/account').toEqual([]);
    } finally {
      await chromium.close();
    }
  }, 60_000);
});
