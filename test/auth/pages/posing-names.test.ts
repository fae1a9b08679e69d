import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { findAccount, findAccountByEmail } from '../../../src/accounts/accounts.js';
import { POSING_NAME_PROBLEMS } from '../../../src/accounts/display-names.js';
import { escapeHtml } from '../../../src/text/html.js';
import { csrfOf, mailsTo, PASSWORD, signedInBrowser, startPagesApp, uniqueEmail, type PagesApp } from './page-flows.js';

/**
 * Names that pose (issue 52, item 4), through the pages: the sign-up form and the account page both refuse them with
 * 400 and the problem beside the field, keeping what was typed (the rule itself: test/accounts/display-names.test.ts).
 */
let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

/** The problem paragraph beside the public-name field, followed by the field marked invalid. */
const besideTheField = (problem: string, describedBy: string) =>
  new RegExp(
    `<p class="error" id="display_name-problem">${escapeHtml(problem).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>\\s*<input type="text" id="display_name"[^>]*aria-invalid="true" aria-describedby="${describedBy}"`,
  );

async function signUp(email: string, displayName: string) {
  const browser = new TestBrowser();
  const form = await browser.get(`${t.url}/signup`);
  return browser.post(`${t.url}/signup`, { csrf: form.field('csrf'), email, password: PASSWORD, display_name: displayName });
}

describe('the sign-up form', () => {
  it('refuses a name posing as the site team, a nameless member or another account, beside the field, keeping it', async () => {
    const taken = await signedInBrowser(t);
    await taken.browser.post(`${t.url}/account/display-name`, {
      csrf: await csrfOf(t, taken.browser, '/account'),
      display_name: 'Grace Hopper',
    });
    for (const [name, problem] of [
      ['\u0410lice Site Team (\u0430dmin)', POSING_NAME_PROBLEMS.team],
      ['Maker ✓ Site team', POSING_NAME_PROBLEMS.badge],
      ['Member 000000', POSING_NAME_PROBLEMS.member],
      ['GRACE HOPPER', POSING_NAME_PROBLEMS.taken],
    ]) {
      const email = uniqueEmail('posing');
      const answer = await signUp(email, name);
      expect(answer.status, name).toBe(400);
      expect(answer.text).toContain('The account was not created: correct the fields marked below.');
      expect(answer.text).toMatch(besideTheField(problem, 'display_name-problem display_name-hint'));
      expect(answer.field('display_name')).toBe(name);
      expect(answer.field('email')).toBe(email);
      expect(await findAccountByEmail(t.db, email)).toBeUndefined();
      expect(await mailsTo(t, email)).toEqual([]);
    }
    const ordinary = uniqueEmail('ordinary');
    expect((await signUp(ordinary, 'Анна Каренина')).status).toBe(200);
    expect((await findAccountByEmail(t.db, ordinary))?.displayName).toBe('Анна Каренина');
  });
});

describe('the account page', () => {
  it("refuses another account's name in look-alike letters beside the field, keeping what was typed and the old name", async () => {
    const owner = await signedInBrowser(t);
    const otherBrowser = await signedInBrowser(t);
    const csrf = await csrfOf(t, otherBrowser.browser, '/account');
    expect((await otherBrowser.browser.post(`${t.url}/account/display-name`, { csrf, display_name: 'Lin Wei' })).status).toBe(200);
    const ownCsrf = await csrfOf(t, owner.browser, '/account');
    expect((await owner.browser.post(`${t.url}/account/display-name`, { csrf: ownCsrf, display_name: 'Ada Owner' })).status).toBe(200);

    const lookalike = 'L\u0456n W\u0435i'; // Cyrillic і and е
    const refused = await owner.browser.post(`${t.url}/account/display-name`, { csrf: ownCsrf, display_name: lookalike });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Your public name was not saved: correct the field below.');
    expect(refused.text).toMatch(besideTheField(POSING_NAME_PROBLEMS.taken, 'display_name-problem'));
    expect(refused.field('display_name')).toBe(lookalike);
    expect((await findAccount(t.db, owner.id))?.displayName).toBe('Ada Owner');

    // The person's own name, sent again unchanged, is saved; so is an ordinary new one.
    expect((await owner.browser.post(`${t.url}/account/display-name`, { csrf: ownCsrf, display_name: 'Ada Owner' })).status).toBe(200);
    expect((await owner.browser.post(`${t.url}/account/display-name`, { csrf: ownCsrf, display_name: 'Zoë Owner' })).status).toBe(200);
    expect((await findAccount(t.db, owner.id))?.displayName).toBe('Zoë Owner');
  });
});
