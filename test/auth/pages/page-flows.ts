import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { TestBrowser, type PageResponse } from '../../support/browser.js';
import { createAccount } from '../../../src/accounts/accounts.js';
import { readOutbox, type OutboxEntry } from '../../../src/mail/mailer.js';

/** Helpers shared by the account page tests: an app with a clock the test moves, accounts, mail links. */

export const PASSWORD = 'correct horse battery staple';

export interface PagesApp extends TestApp {
  /** The service's clock; rate-limit windows and links expire as it moves. */
  clock: { now: Date };
  advance(seconds: number): void;
}

/** The app on a clock that starts at `start` and moves only when the test advances it. */
export async function startPagesApp(start = new Date(), env?: Record<string, string>): Promise<PagesApp> {
  const clock = { now: new Date(start) };
  const app = await startTestApp({ now: () => new Date(clock.now), ...(env && { env }) });
  return Object.assign(app, {
    clock,
    advance(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  });
}

let made = 0;
/** A unique address per call (no page involved), so each test has its own rate-limit buckets. */
export function uniqueEmail(label = 'person'): string {
  return `${label}-${++made}-${process.pid}@example.com`;
}

export async function makeAccount(t: PagesApp, options: { verified?: boolean; email?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const account = await createAccount(t.db, { email, password: PASSWORD, verified: options.verified ?? true, now: t.clock.now });
  if (!account) throw new Error(`account ${email} not created`);
  return { id: account.id, email, password: PASSWORD };
}

/** Signs a browser in through the form; returns the answer to the POST (not followed). */
export async function signIn(
  t: TestApp,
  browser: TestBrowser,
  email: string,
  password = PASSWORD,
  returnTo?: string,
): Promise<PageResponse> {
  const form = await browser.get(`${t.url}/signin${returnTo === undefined ? '' : `?return_to=${encodeURIComponent(returnTo)}`}`);
  return browser.post(
    `${t.url}/signin`,
    { email, password, csrf: form.field('csrf'), return_to: form.field('return_to') },
    { follow: false },
  );
}

export async function signedInBrowser(t: PagesApp, options: { verified?: boolean } = {}) {
  const person = await makeAccount(t, options);
  const browser = new TestBrowser();
  const answer = await signIn(t, browser, person.email);
  expect(answer.status).toBe(303);
  return { ...person, browser };
}

/** A fresh CSRF token of this browser, read from a page with a form. */
export async function csrfOf(t: TestApp, browser: TestBrowser, path = '/signin'): Promise<string> {
  return (await browser.get(`${t.url}${path}`)).field('csrf');
}

/** The mails to `email`, once the job queue (which sends the pages' mail) has nothing left to run. */
export async function mailsTo(t: TestApp, email: string): Promise<OutboxEntry[]> {
  await t.app.services.jobs.idle(10_000);
  return readOutbox(t.db, { to: email });
}

/**
 * The mails to `email` once there are `count` of them. Sign-up and reset mails go out after the
 * page has answered (so the answer's timing tells nothing), hence the short wait.
 */
export async function mailsSoon(t: TestApp, email: string, count: number): Promise<OutboxEntry[]> {
  await expect.poll(async () => (await mailsTo(t, email)).length, { timeout: 5000, interval: 20 }).toBe(count);
  return mailsTo(t, email);
}

/** The only link in the newest mail to `email` that points at `path` on the service (waiting briefly for a first mail). */
export async function linkInLatestMail(t: TestApp, email: string, path: string): Promise<URL> {
  await expect.poll(async () => (await mailsTo(t, email)).length, { timeout: 5000, interval: 20 }).toBeGreaterThan(0);
  const [latest] = await mailsTo(t, email);
  expect(latest, `a mail to ${email}`).toBeDefined();
  const links = [...latest.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])).filter((u) => u.pathname === path);
  expect(links, `one ${path} link in: ${latest.text}`).toHaveLength(1);
  expect(links[0].origin).toBe(t.url);
  return links[0];
}

/**
 * Opens an e-mail confirmation link and presses its button, as a person does: the GET shows a
 * "Confirm <address>?" page whose form posts the token (and return_to) to /verify-email.
 * Returns both answers; `confirmed` is the page after the POST.
 */
export async function confirmAddress(browser: TestBrowser, link: string | URL): Promise<{ page: PageResponse; confirmed: PageResponse }> {
  const page = await browser.get(link.toString());
  expect(page.status, page.text).toBe(200);
  expect(page.text).toContain('<form method="post" action="/verify-email">');
  const returnTo = /name="return_to" value="([^"]*)"/.test(page.text) ? page.field('return_to') : undefined;
  const confirmed = await browser.post(new URL('/verify-email', page.url).toString(), {
    csrf: page.field('csrf'),
    token: page.field('token'),
    ...(returnTo === undefined ? {} : { return_to: returnTo }),
  });
  return { page, confirmed };
}

/** The visible text of a page, tags removed and whitespace collapsed (to compare two answers). */
export function visibleText(page: PageResponse): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(page.text)?.[1] ?? page.text;
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isSignedIn(t: TestApp, browser: TestBrowser): Promise<boolean> {
  return browser.get(`${t.url}/account`, { follow: false }).then((page) => page.status === 200);
}
