import type { Page } from 'playwright-core';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { DEFAULT_SCOPES } from '../../src/accounts/caller.js';
import type { Database } from '../../src/db/database.js';
import type { StaffRole } from '../../src/staff/roles.js';
import { makeAccount } from '../support/oauth.js';
import { person, type Person } from '../listings/support.js';
import { TestBrowser } from '../support/browser.js';
import type { TestApp } from '../support/app.js';
import { csrfOf, signIn } from '../auth/pages/page-flows.js';

/** A member of the site team: an account with a role, its password, and an API key with the admin scope (and the usual three). */
export interface StaffPerson {
  id: string;
  email: string;
  password: string;
  key: string;
}

export async function staffPerson(db: Database, role: StaffRole | null): Promise<StaffPerson> {
  const account = await makeAccount(db);
  if (role) await db.query('UPDATE accounts SET role = $2 WHERE id = $1', [account.id, role]);
  const scopes = role ? [...DEFAULT_SCOPES, 'admin'] : [...DEFAULT_SCOPES];
  const { key } = await createApiKey(db, { accountId: account.id, name: 'test', scopes, now: new Date() });
  return { ...account, key };
}

/** One member of each role, and a person without one (whose key has no admin scope). */
export async function staffCast(
  db: Database,
): Promise<{ admin: StaffPerson; editor: StaffPerson; moderator: StaffPerson; nobody: Person }> {
  const [admin, editor, moderator, nobody] = await Promise.all([
    staffPerson(db, 'admin'),
    staffPerson(db, 'editor'),
    staffPerson(db, 'moderator'),
    person(db),
  ]);
  return { admin, editor, moderator, nobody };
}

/** A TestBrowser signed in as `who` (through the sign-in form). */
export async function staffBrowser(t: TestApp, who: { email: string; password: string }): Promise<TestBrowser> {
  const browser = new TestBrowser();
  const answer = await signIn(t, browser, who.email, who.password);
  if (answer.status !== 303) throw new Error(`sign-in failed with ${answer.status}`);
  return browser;
}

/** Posts a console form as `browser`, with its CSRF token read from the page at `formPage` (not followed). */
export async function postConsoleForm(
  t: TestApp,
  browser: TestBrowser,
  formPage: string,
  action: string,
  fields: Record<string, string | string[]>,
) {
  const csrf = await csrfOf(t, browser, formPage);
  return browser.post(`${t.url}${action}`, { ...fields, csrf }, { follow: false });
}

/** Signs `who` in on a Chromium page, through the site's own sign-in form. */
export async function signInChromium(page: Page, url: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${url}/signin?return_to=/admin`);
  await page.fill('input[name="email"]', who.email);
  await page.fill('input[name="password"]', who.password);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${url}/admin`);
}
