/**
 * The account's way in and out, in Chromium (issue 50, part 5): sign-up asks for the public name (refused empty, keeping
 * the address typed), the confirmation link signs in the browser that signed up and only that one (another browser
 * gets a sign-in form with the address filled in), a comment and a review then show the chosen name, and sign-out
 * lands on the home page saying so. Each page is checked at 1280 and 390 px, light and dark, with no serious axe
 * violation (SHOTS_DIR=/some/dir keeps screenshots).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../../src/mail/mailer.js';
import { chromiumAvailable, launchChromiumBrowser, loadedAfter } from '../../support/chromium.js';
import { insertCategory, insertLiveListing } from '../../support/fixtures.js';
import { cspRefusals, expectReadableEverywhere } from '../../support/page-checks.js';
import { PASSWORD, startPagesApp, uniqueEmail, type PagesApp } from './page-flows.js';

const browserPresent = chromiumAvailable();

let t: PagesApp;
let chromium: Browser;
let listing: { slug: string; name: string };

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startPagesApp();
  const category = await insertCategory(t.db, { name: 'Product analytics' });
  listing = await insertLiveListing(t.db, category);
  chromium = await launchChromiumBrowser();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

/** The confirmation link of the newest mail to `email`, once it is sent. */
async function confirmationLink(email: string): Promise<string> {
  await expect.poll(async () => (await readOutbox(t.db, { to: email })).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const [mail] = await readOutbox(t.db, { to: email });
  const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/** Fills in the sign-up form of `page` and sends it. */
async function signUp(page: Page, fields: { email: string; name: string; password: string }): Promise<void> {
  await page.fill('#email', fields.email);
  await page.fill('#display_name', fields.name);
  await page.fill('#password', fields.password);
  await page.click('main button[type="submit"]');
  await page.waitForLoadState();
}

/** Whether the header offers the account (signed in) rather than Sign in. */
const headerSaysSignedIn = async (page: Page) => (await page.textContent('header nav'))!.includes('Account');

describe.skipIf(!browserPresent)('signing up, confirming and signing out, in Chromium', () => {
  it('asks a public name, confirms in the same browser signed in, shows the name on a comment and a review, and says signed out', async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    const refused = cspRefusals(page);
    const email = uniqueEmail('flow');

    // The name left empty: refused beside its field, the address kept, the password not.
    await page.goto(`${t.url}/signup`);
    expect(await page.textContent('#display_name-hint')).toContain('Shown with your reviews and comments');
    await signUp(page, { email, name: '', password: PASSWORD });
    expect(await page.textContent('h1')).toBe('Create an account');
    expect(await page.isVisible('#display_name-problem')).toBe(true);
    expect(await page.textContent('#display_name-problem')).toBe('Use 1 to 50 characters for your public name.');
    expect(await page.getAttribute('#display_name', 'aria-invalid')).toBe('true');
    expect(await page.inputValue('#email')).toBe(email);
    expect(await page.inputValue('#password')).toBe('');
    expect(await page.isVisible('#email-problem')).toBe(false);
    // The message sits right above its field.
    const problem = (await page.locator('#display_name-problem').boundingBox())!;
    const field = (await page.locator('#display_name').boundingBox())!;
    expect(field.y - (problem.y + problem.height)).toBeLessThan(20);
    await expectReadableEverywhere(page, 'sign-up refused name');

    await signUp(page, { email, name: 'Ada Lovelace', password: PASSWORD });
    expect(await page.textContent('h1')).toBe('Check your inbox');
    expect(await headerSaysSignedIn(page)).toBe(false);

    // The link in this browser: one press confirms and signs in.
    await page.goto(await confirmationLink(email));
    expect(await page.textContent('main')).toContain(`Confirm ${email}?`);
    await page.click('main button[type="submit"]');
    await expect.poll(() => page.textContent('h1')).toBe('Address confirmed');
    expect(await page.textContent('main .notice')).toBe(`Thank you: ${email} is confirmed. You are signed in.`);
    expect(await headerSaysSignedIn(page)).toBe(true);
    await expectReadableEverywhere(page, 'confirmed signed in');

    // A comment and a review show the chosen name, never "Member …".
    await page.goto(`${t.url}/listings/${listing.slug}`);
    await page.fill('#comment-body', 'Does it export to CSV as well?');
    // Waits for the page the post lands on, not for the address alone.
    await Promise.all([page.waitForURL(/posted=/, { waitUntil: 'load' }), page.click('#discussion button:has-text("Post the comment")')]);
    await expect.poll(() => page.textContent('#discussion')).toContain('Does it export to CSV as well?');
    const discussion = (await page.textContent('#discussion'))!;
    expect(discussion).toContain('Ada Lovelace');
    expect(discussion).not.toMatch(/Member [0-9A-F]{6}/);
    await page.selectOption('#review-rating', '4');
    await page.fill('#review-body', 'Clear charts, quick to set up, and the weekly e-mail is genuinely useful for the team.');
    await Promise.all([page.waitForURL(/done=review/, { waitUntil: 'load' }), page.click('button:has-text("Publish the review")')]);
    await expect.poll(() => page.textContent('#reviews')).toContain('Clear charts, quick to set up');
    const reviews = (await page.textContent('#reviews'))!;
    expect(reviews).toContain('Ada Lovelace');
    expect(reviews).not.toMatch(/Member [0-9A-F]{6}/);

    // Sign-out lands on the home page, which says so at the top of its main part.
    await page.goto(`${t.url}/account`);
    await page.click('form[action="/signout"] button');
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/');
    const notice = page.locator('main [role="status"]');
    expect(await notice.textContent()).toBe('You are signed out.');
    expect(await notice.isVisible()).toBe(true);
    const box = (await notice.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(900); // in the first screen, without scrolling
    const intro = (await page.locator('main .intro').boundingBox())!;
    expect(box.y).toBeLessThan(intro.y); // before the page's own text
    expect(await headerSaysSignedIn(page)).toBe(false);
    await expectReadableEverywhere(page, 'signed out home');
    await page.setViewportSize({ width: 390, height: 800 });
    expect((await notice.boundingBox())!.y).toBeLessThan(800);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The plain home page stays without the notice.
    await page.goto(`${t.url}/`);
    expect(await page.locator('main [role="status"]').count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  }, 180_000);

  it('confirms in a fresh browser without signing it in, offering sign-in with the address filled in', async () => {
    const signup = await chromium.newContext();
    const signupPage = await signup.newPage();
    const email = uniqueEmail('fresh-context');
    await signupPage.goto(`${t.url}/signup`);
    await signUp(signupPage, { email, name: 'Grace Hopper', password: PASSWORD });
    expect(await signupPage.textContent('h1')).toBe('Check your inbox');
    const link = await confirmationLink(email);

    const fresh = await chromium.newContext();
    const page = await fresh.newPage();
    await page.goto(link);
    await page.click('main button[type="submit"]');
    await expect.poll(() => page.textContent('h1')).toBe('Address confirmed');
    expect(await page.textContent('main .notice')).toBe(`Thank you: ${email} is confirmed.`);
    expect(await page.textContent('main')).not.toContain('You are signed in');
    expect(await headerSaysSignedIn(page)).toBe(false);
    expect((await fresh.cookies()).some((c) => c.name === 'ld_session')).toBe(false);
    expect(await page.inputValue('main form[action="/signin"] #email')).toBe(email);
    await expectReadableEverywhere(page, 'confirmed elsewhere');
    const probe = await fresh.newPage();
    await probe.goto(`${t.url}/account`);
    expect(new URL(probe.url()).pathname).toBe('/signin');
    await probe.close();

    // The form it offers signs in with the password.
    await page.fill('main form[action="/signin"] #password', PASSWORD);
    await loadedAfter(
      page,
      () => page.click('main form[action="/signin"] button[type="submit"]'),
      (url) => url.pathname === '/account',
    );
    expect(await page.inputValue('#display_name')).toBe('Grace Hopper');

    // The browser that signed up is still not signed in (the link was used elsewhere).
    await signupPage.goto(`${t.url}/account`);
    expect(new URL(signupPage.url()).pathname).toBe('/signin');
    await signup.close();
    await fresh.close();
  }, 120_000);
});
