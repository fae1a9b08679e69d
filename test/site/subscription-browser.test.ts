/**
 * The digest's pages in Chromium (issue 53): from the home page's form to /subscribe with the address filled in, a
 * refused address, the check-your-inbox page, the confirmation link's button, and /account/notifications refusing an
 * unconfirmed address; each readable at 1280 and 390 px in light and dark with no serious axe violation, and the
 * home page's e-mail field showing the focus ring. SHOTS_DIR=/some/dir keeps screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, mailsTo, PASSWORD, startPagesApp, uniqueEmail, type PagesApp } from '../auth/pages/page-flows.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromium, loadedAfter } from '../support/chromium.js';

const browserPresent = chromiumAvailable();

let t: PagesApp;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startPagesApp();
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

describe.skipIf(!browserPresent)('the digest pages in Chromium', () => {
  it('home → /subscribe filled in → a refused address → check your inbox → the confirmation button', async () => {
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);
    await page.goto(`${t.url}/`);
    const email = uniqueEmail('chromium');
    await page.getByLabel("This week's top launches in your inbox").focus();
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.type(email);
    await loadedAfter(page, () => page.click('main .digest-signup button'));
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect(await page.inputValue('#email')).toBe(email);
    expect(await page.isChecked('input[name=cadence][value=weekly]')).toBe(true);
    await expectReadableEverywhere(page, 'subscribe');

    await page.fill('#email', 'not an address');
    await page.check('input[name=cadence][value=daily]');
    await loadedAfter(page, () => page.click('main button[type=submit]'));
    expect(await page.getAttribute('#email', 'aria-describedby')).toBe('email-problem');
    expect(await page.isChecked('input[name=cadence][value=daily]')).toBe(true);
    await expectReadableEverywhere(page, 'subscribe refused');

    await page.fill('#email', email);
    await loadedAfter(page, () => page.click('main button[type=submit]'));
    expect(await page.textContent('h1')).toBe('Check your inbox');
    await expectReadableEverywhere(page, 'check your inbox');

    const [mail] = await mailsTo(t, email);
    const link = /http\S+\/subscribe\/confirm\/\S+/.exec(mail!.text)![0];
    await page.goto(link);
    await expectReadableEverywhere(page, 'confirm');
    await loadedAfter(page, () => page.click('main button[type=submit]'));
    expect(await page.textContent('h1')).toBe("You're subscribed");
    expect(refused).toEqual([]);
    await page.close();
  });

  it('/account/notifications: an unconfirmed address is told beside the choices, the choice kept', async () => {
    const person = await makeAccount(t, { verified: false });
    const page = await chromium.browser.newPage();
    await page.goto(`${t.url}/account/notifications`); // leads to sign in, and back
    await page.fill('#email', person.email);
    await page.fill('#password', PASSWORD);
    await loadedAfter(page, () => page.click('main button[type=submit]'));
    expect(new URL(page.url()).pathname).toBe('/account/notifications');
    await page.check('input[name=digest][value=weekly]');
    await loadedAfter(page, () => page.click('main form button[type=submit]'));
    expect(await page.textContent('#digest-problem')).toMatch(/^Confirm your e-mail address first/);
    expect(await page.isChecked('input[name=digest][value=weekly]')).toBe(true);
    await expectReadableEverywhere(page, 'notifications refused');
    await page.close();
  });
});
