import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { mailsTo, signedInBrowser, startPagesApp, uniqueEmail, visibleText, type PagesApp } from '../auth/pages/page-flows.js';
import { updateSiteSettings, type SettingsChanges } from '../../src/staff/settings-writer.js';
import { COMMAND_LINE } from '../../src/staff/audit-log.js';
import { signLink } from '../../src/security/signed-links.js';
import { subscriptionUnsubscribe } from '../../src/subscriptions/subscriptions.js';
import { notificationPreferences } from '../../src/community/notification-preferences.js';
import { insertCategory } from '../support/fixtures.js';

/**
 * The pages of the mail digest (issue 53): /subscribe with double opt-in for an address without a confirmed account,
 * the confirmation link's page (a button, never a GET that confirms), the one-click unsubscribe of RFC 8058 without
 * cookies or Origin, /account/notifications, and the entry points on the home page and in the footer.
 */
let t: PagesApp;
beforeAll(async () => {
  // Behind a trusted proxy (127.0.0.1), so each test says its own network in X-Forwarded-For.
  t = await startPagesApp(new Date('2026-11-25T12:00:00Z'), { TRUSTED_PROXIES: '127.0.0.1' });
}, 60_000);
afterAll(() => t?.close());

let networks = 0;
/** A network of its own per call (the per-network limit counts each). */
const newNetwork = () => `198.51.${++networks}.9`;

type Row = { id: string; cadence: string; confirmed: boolean; account_id: string | null };
const rowOf = (email: string) =>
  t.db.one<Row>(
    `SELECT id::text AS id, cadence, confirmed_at IS NOT NULL AS confirmed, account_id::text AS account_id
     FROM mail_subscriptions WHERE email = $1 AND topic = 'digest'`,
    [email],
  );

/** Fills in /subscribe (reached with ?email= as the home page's form leads there) and sends it. */
async function subscribe(browser: TestBrowser, email: string, options: { cadence?: string; network?: string } = {}) {
  const form = await browser.get(`${t.url}/subscribe?email=${encodeURIComponent(email)}`);
  expect(form.status).toBe(200);
  return browser.post(
    `${t.url}/subscribe`,
    { csrf: form.field('csrf'), email, cadence: options.cadence ?? 'weekly' },
    { headers: { 'x-forwarded-for': options.network ?? newNetwork() } },
  );
}

/** The one confirmation link in the newest mail to `email`, as a path. */
async function confirmationPath(email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const links = [...mail!.text.matchAll(/https?:\/\/\S+/g)]
    .map((m) => new URL(m[0]))
    .filter((u) => u.pathname.startsWith('/subscribe/confirm/'));
  expect(links, mail!.text).toHaveLength(1);
  expect(links[0]!.origin).toBe(t.url);
  return links[0]!.pathname;
}

/** Presses the button of a confirmation page. */
const pressConfirm = (browser: TestBrowser, page: PageResponse) =>
  browser.post(`${t.url}${new URL(page.url).pathname}`, { csrf: page.field('csrf') });

const settle = (changes: SettingsChanges) => updateSiteSettings(t.db, { actor: COMMAND_LINE, changes, now: t.clock.now });

describe('subscribing without an account', () => {
  it('says check your inbox, mails one link whose GET shows a button and confirms nothing, whose POST confirms, and that says so when used again', async () => {
    const browser = new TestBrowser();
    const email = uniqueEmail('digest');
    const answer = await subscribe(browser, email, { cadence: 'daily' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Check your inbox');
    expect(visibleText(answer)).toContain('works for 48 hours');
    expect(await rowOf(email)).toMatchObject({ cadence: 'daily', confirmed: false, account_id: null });
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Confirm your daily digest/);

    const path = await confirmationPath(email);
    const scanned = await new TestBrowser().get(`${t.url}${path}`); // a mail scanner opening the link
    expect(scanned.status).toBe(200);
    expect(scanned.text).toContain(`<form method="post" action="${path}">`);
    expect(scanned.text).toContain('Confirm subscription</button>');
    expect((await rowOf(email))?.confirmed).toBe(false); // the GET confirmed nothing
    const page = await browser.get(`${t.url}${path}`);

    const confirmed = await pressConfirm(browser, page);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('<h1>You&#39;re subscribed</h1>');
    expect((await rowOf(email))?.confirmed).toBe(true);

    const again = await browser.get(`${t.url}${path}`);
    expect(again.status).toBe(200);
    expect(visibleText(again)).toContain('This link was already used: you are subscribed');
    expect(again.text).not.toContain('Confirm subscription</button>');
    const pressedAgain = await browser.post(`${t.url}${path}`, { csrf: page.field('csrf') });
    expect(visibleText(pressedAgain)).toContain('This link was already used: you are subscribed');
  });

  it('answers an address that is already subscribed with the very same page (only the mail to it differs)', async () => {
    const email = uniqueEmail('again');
    const first = await subscribe(new TestBrowser(), email);
    const browser = new TestBrowser();
    await pressConfirm(browser, await browser.get(`${t.url}${await confirmationPath(email)}`));
    expect((await rowOf(email))?.confirmed).toBe(true);
    const second = await subscribe(new TestBrowser(), email, { cadence: 'daily' });
    expect(second.status).toBe(first.status);
    expect(visibleText(second)).toBe(visibleText(first));
    expect(await rowOf(email)).toMatchObject({ cadence: 'weekly', confirmed: true }); // typing an address changes nothing
    const subjects = (await mailsTo(t, email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects.filter((subject) => /already get the digest/.test(subject))).toHaveLength(1);
  });

  it('refuses a malformed address with 400, the message beside the field and the input kept; nothing is stored or mailed', async () => {
    const typed = 'not an address@';
    const answer = await subscribe(new TestBrowser(), typed, { cadence: 'daily' });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<p class="error" id="email-problem">Enter your e-mail address, such as name@example.com.</p>');
    expect(answer.text).toMatch(
      /<input type="email" id="email" name="email" value="not an address@"[^>]*aria-invalid="true" aria-describedby="email-problem">/,
    );
    expect(answer.text).toMatch(/value="daily" checked/);
    expect(await t.db.one('SELECT count(*)::int AS n FROM mail_subscriptions WHERE email LIKE $1', ['not an address%'])).toEqual({ n: 0 });
  });

  it('refuses an address of a throwaway mail service', async () => {
    const email = `someone-${Date.now()}@mailinator.com`;
    const answer = await subscribe(new TestBrowser(), email);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('id="email-problem">Addresses of throwaway mail services cannot subscribe');
    expect(answer.text).toContain(`value="${email}"`);
    expect(await rowOf(email)).toBeUndefined();
    expect(await mailsTo(t, email)).toHaveLength(0);
  });

  it('refuses beyond network_limits.signups_per_hour from one network with 429, storing nothing', async () => {
    const network = '203.0.113.40';
    await settle({ network_limits: { signups_per_hour: 2 } });
    try {
      for (let i = 0; i < 2; i++) expect((await subscribe(new TestBrowser(), uniqueEmail('net'), { network })).status).toBe(200);
      const refused = uniqueEmail('net-refused');
      const answer = await subscribe(new TestBrowser(), refused, { network: '203.0.113.41' }); // the same /24
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(visibleText(answer)).toContain('Too many subscriptions were asked for from your network this hour');
      expect(await rowOf(refused)).toBeUndefined();
      // Another network is not held back.
      expect((await subscribe(new TestBrowser(), uniqueEmail('net-other'), { network: '203.0.114.40' })).status).toBe(200);
    } finally {
      await settle({ network_limits: { signups_per_hour: 20 } });
    }
  });
});

describe('links that are not good', () => {
  it('refuses a forged or altered confirmation token with 400 and confirms nothing', async () => {
    const email = uniqueEmail('forged');
    await subscribe(new TestBrowser(), email);
    const path = await confirmationPath(email);
    const altered = path.slice(0, -2) + (path.endsWith('AA') ? 'BB' : 'AA');
    const browser = new TestBrowser();
    const csrf = (await browser.get(`${t.url}/subscribe`)).field('csrf');
    for (const bad of [altered, '/subscribe/confirm/abc.def', '/subscribe/confirm/nothing']) {
      const page = await browser.get(`${t.url}${bad}`);
      expect({ bad, status: page.status }).toEqual({ bad, status: 400 });
      expect(page.text).toContain('This link is not valid');
      expect((await browser.post(`${t.url}${bad}`, { csrf })).status).toBe(400);
    }
    expect((await rowOf(email))?.confirmed).toBe(false);
  });

  it('says a link used after 48 hours expired, with the way to ask again, and confirms nothing', async () => {
    const email = uniqueEmail('late');
    await subscribe(new TestBrowser(), email);
    const path = await confirmationPath(email);
    const browser = new TestBrowser();
    const page = await browser.get(`${t.url}${path}`);
    t.advance(48 * 3600 + 60);
    const late = await browser.get(`${t.url}${path}`);
    expect(visibleText(late)).toContain('This link expired');
    expect(late.text).toContain('<a href="/subscribe">');
    expect(late.text).not.toContain('Confirm subscription</button>');
    expect(visibleText(await pressConfirm(browser, page))).toContain('This link expired');
    expect((await rowOf(email))?.confirmed).toBe(false);
  });

  it('never takes an unsubscribe token for a confirmation token, nor the reverse (each is bound to its audience)', async () => {
    const email = uniqueEmail('audience');
    await subscribe(new TestBrowser(), email);
    const row = (await rowOf(email))!;
    const unsubscribeToken = await signLink(t.db, 'unsubscribe', row.id);
    const browser = new TestBrowser();
    const csrf = (await browser.get(`${t.url}/subscribe`)).field('csrf');
    expect((await browser.get(`${t.url}/subscribe/confirm/${unsubscribeToken}`)).status).toBe(400);
    expect((await browser.post(`${t.url}/subscribe/confirm/${unsubscribeToken}`, { csrf })).status).toBe(400);
    expect((await rowOf(email))?.confirmed).toBe(false);
    const confirmToken = (await confirmationPath(email)).split('/').pop()!;
    expect((await fetch(`${t.url}/unsubscribe/${confirmToken}`, { method: 'POST' })).status).toBe(400);
    expect(await rowOf(email)).toBeDefined();
  });
});

describe('unsubscribing', () => {
  it('shows a button on GET, and takes the one-click POST of a mail provider without cookies, token or Origin of ours', async () => {
    const email = uniqueEmail('leaving');
    const browser = new TestBrowser();
    await subscribe(browser, email);
    await pressConfirm(browser, await browser.get(`${t.url}${await confirmationPath(email)}`));
    const row = (await rowOf(email))!;
    const link = (await subscriptionUnsubscribe(t.db, t.url, row.id)).url;

    const page = await new TestBrowser().get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<form method="post" action="${new URL(link).pathname}"><button type="submit">Unsubscribe</button>`);
    expect(await rowOf(email)).toBeDefined(); // the GET did nothing

    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    expect(await rowOf(email)).toBeUndefined();
    // Again, from another origin: harmless, still 200; a bad token is 400.
    const again = await fetch(link, { method: 'POST', headers: { origin: 'https://mail.example' }, body: 'List-Unsubscribe=One-Click' });
    expect(again.status).toBe(200);
    expect((await fetch(`${link}x`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(400);
    expect((await new TestBrowser().get(`${link}x`)).status).toBe(400);
  });
});

describe('a signed-in person', () => {
  it('with a confirmed address subscribes at once, with no mail, from the form filled with their address', async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/subscribe`);
    expect(form.field('email')).toBe(person.email);
    const answer = await person.browser.post(
      `${t.url}/subscribe`,
      { csrf: form.field('csrf'), email: person.email, cadence: 'daily' },
      { headers: { 'x-forwarded-for': newNetwork() } },
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<h1>You&#39;re subscribed</h1>');
    expect(answer.text).toContain('href="/account/notifications"');
    expect(await rowOf(person.email)).toMatchObject({ cadence: 'daily', confirmed: true, account_id: person.id });
    expect(await mailsTo(t, person.email)).toHaveLength(0);
    const settings = await person.browser.get(`${t.url}/account/notifications`);
    expect(settings.text).toMatch(/value="daily" checked/);
  });

  it('saves the digest on /account/notifications and says Saved; none stops it', async () => {
    const person = await signedInBrowser(t);
    expect((await person.browser.get(`${t.url}/account`)).text).toContain('href="/account/notifications"');
    const page = await person.browser.get(`${t.url}/account/notifications`);
    expect(page.text).toMatch(/value="none" checked/);
    const saved = await person.browser.post(
      `${t.url}/account/notifications`,
      { csrf: page.field('csrf'), digest: 'weekly' },
      { follow: false },
    );
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/account/notifications?saved=1#digest');
    const after = await person.browser.get(`${t.url}${saved.location}`);
    expect(after.text).toContain('<p class="notice" role="status">Saved.</p>');
    expect(after.text).toMatch(/value="weekly" checked/);
    expect(await rowOf(person.email)).toMatchObject({ cadence: 'weekly', confirmed: true });
    await person.browser.post(`${t.url}/account/notifications`, { csrf: page.field('csrf'), digest: 'none' });
    expect(await rowOf(person.email)).toBeUndefined();
  });

  it('with an unconfirmed address cannot choose a digest: told so beside the field, the choice kept, nothing stored', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const page = await person.browser.get(`${t.url}/account/notifications`);
    const answer = await person.browser.post(`${t.url}/account/notifications`, { csrf: page.field('csrf'), digest: 'daily' });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/<p class="error" id="digest-problem">Confirm your e-mail address first/);
    expect(answer.text).toMatch(/value="daily" checked aria-invalid="true" aria-describedby="digest-problem"/);
    expect(await rowOf(person.email)).toBeUndefined();
  });

  it('turns replies and maker mail off and on with the boxes (both on at first), and lists the categories followed by mail', async () => {
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/account/notifications`);
    expect(page.text).toMatch(/name="replies" value="on" checked/);
    expect(page.text).toMatch(/name="maker_activity" value="on" checked/);
    expect(page.text).toContain('None. A category');
    // Only maker activity stays ticked: replies go off.
    await person.browser.post(`${t.url}/account/notifications`, { csrf: page.field('csrf'), digest: 'none', maker_activity: 'on' });
    expect(await notificationPreferences(t.db, person.id)).toEqual({ replies: false, maker_activity: true });
    const category = await insertCategory(t.db, { name: 'Calendars & Time' });
    const slug = (await t.db.one<{ slug: string }>('SELECT slug FROM categories WHERE id = $1', [category]))!.slug;
    await t.db.query(
      `INSERT INTO mail_subscriptions (id, email, account_id, topic, subject_id, cadence, created_at, confirmed_at)
       VALUES (gen_random_uuid(), $1, $2::uuid, 'category', $3, 'daily', now(), now())`,
      [person.email, person.id, category],
    );
    const after = await person.browser.get(`${t.url}/account/notifications`);
    expect(after.text).not.toMatch(/name="replies" value="on" checked/);
    expect(after.text).toMatch(/name="maker_activity" value="on" checked/);
    expect(after.text).toContain(`<a href="/categories/${slug}">Calendars &amp; Time</a>`);
    await person.browser.post(`${t.url}/account/notifications`, {
      csrf: page.field('csrf'),
      digest: 'none',
      replies: 'on',
      maker_activity: 'on',
    });
    expect(await notificationPreferences(t.db, person.id)).toEqual({ replies: true, maker_activity: true });
  });

  it('is sent to sign in first for /account/notifications', async () => {
    const answer = await new TestBrowser().get(`${t.url}/account/notifications`, { follow: false });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/signin?return_to=/account/notifications');
  });
});

it('offers the digest on the home page and in every footer with a GET form that fills in /subscribe', async () => {
  const home = await new TestBrowser().get(`${t.url}/`);
  for (const id of ['home-digest-email', 'footer-digest-email']) {
    expect(home.text).toContain(`<label for="${id}">`);
    expect(home.text).toContain(`<input type="email" id="${id}" name="email"`);
  }
  expect(home.text.match(/<form class="digest-signup" method="get" action="\/subscribe">/g)).toHaveLength(2);
  expect((await new TestBrowser().get(`${t.url}/about`)).text).toContain('id="footer-digest-email"');
  const filled = await new TestBrowser().get(`${t.url}/subscribe?email=ada%40example.com`);
  expect(filled.field('email')).toBe('ada@example.com');
  expect(filled.text).toMatch(/value="weekly" checked/);
});
