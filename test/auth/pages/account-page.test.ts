import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { discover, insecure, obtainTokens, registerClient } from '../../support/oauth.js';
import { insertCategory, insertListing } from '../../support/fixtures.js';
import { csrfOf, makeAccount, PASSWORD, signedInBrowser, startPagesApp, type PagesApp } from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

const REDIRECT = 'http://127.0.0.1:9/callback';
const me = (token: string) => fetch(`${t.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });

/** An account that allowed an app (the browser signed in on the way) and the app's tokens for the REST API. */
async function connectedApp(clientName: string) {
  const person = await makeAccount(t);
  const browser = new TestBrowser();
  const as = await discover(t.url);
  const client = await registerClient(as, REDIRECT, { client_name: clientName });
  const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`, browser);
  const grant = await t.db.one<{ id: string }>(`SELECT id FROM oauth_records WHERE model = 'Grant' AND payload->>'accountId' = $1`, [
    person.id,
  ]);
  if (!grant) throw new Error('no grant recorded');
  const refresh = () => oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
  return { ...person, browser, client, tokens, grantId: grant.id, refresh };
}

const grantExists = async (grantId: string) =>
  (await t.db.one(`SELECT 1 FROM oauth_records WHERE model = 'Grant' AND id = $1`, [grantId])) !== undefined;

describe('the account page', () => {
  it.each(['/account', '/account/api-keys'])('sends a signed-out browser from %s to sign in, and back there afterwards', async (path) => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    const away = await browser.get(`${t.url}${path}`, { follow: false });
    expect(away.status).toBe(303);
    expect(away.location).toBe(`/signin?return_to=${path}`);
    const form = await browser.get(new URL(away.location!, t.url).toString());
    expect(form.field('return_to')).toBe(path);
    const back = await browser.post(
      `${t.url}/signin`,
      { email: person.email, password: PASSWORD, csrf: form.field('csrf'), return_to: form.field('return_to') },
      { follow: false },
    );
    expect(back.location).toBe(path);
    expect((await browser.get(`${t.url}${path}`)).status).toBe(200);
  });

  it('treats a made-up or expired session cookie as signed out', async () => {
    const response = await fetch(`${t.url}/account`, { headers: { cookie: 'ld_session=made-up' }, redirect: 'manual' });
    expect(response.status).toBe(303);
    const person = await signedInBrowser(t);
    t.advance(31 * 24 * 3600);
    expect((await person.browser.get(`${t.url}/account`, { follow: false })).status).toBe(303);
  });

  it('shows a confirmed account its address, the way to API keys and a sign-out form, with no resend form', async () => {
    const person = await signedInBrowser(t, { verified: true });
    const page = await person.browser.get(`${t.url}/account`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(person.email);
    expect(page.text).toContain('Your e-mail address is confirmed.');
    expect(page.text).toContain('href="/account/api-keys"');
    expect(page.text).toMatch(/<form method="post" action="\/signout"><input type="hidden" name="csrf" value="[^"]+">/);
    expect(page.text).not.toContain('/verify-email/resend');
  });

  it('shows an unconfirmed account that it is not confirmed, with a form to send the link again', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const page = await person.browser.get(`${t.url}/account`);
    expect(page.text).toContain('not confirmed yet');
    expect(page.text).toMatch(/<form method="post" action="\/verify-email\/resend"><input type="hidden" name="csrf"/);
  });
});

describe('connected apps on the account page', () => {
  it('says so when no app is connected', async () => {
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/account`);
    expect(page.text).toContain('Connected apps');
    expect(page.text).toContain('No apps are connected to your account.');
    expect(page.text).not.toContain('/account/apps/');
  });

  it('lists the listings the account owns (names escaped) with their statistics and images pages; none for others', async () => {
    const category = await insertCategory(t.db);
    const owner = await signedInBrowser(t);
    const id = await insertListing(t.db, { category_id: category, name: '<b>Owned</b> & Co', status: 'draft' });
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [id, owner.id]);
    const page = await owner.browser.get(`${t.url}/account`);
    expect(page.text).toContain('&lt;b&gt;Owned&lt;/b&gt; &amp; Co');
    expect(page.text).toContain(`href="/account/listings/${id}/stats"`);
    expect(page.text).toContain(`href="/account/listings/${id}/images"`);
    expect((await owner.browser.get(`${t.url}/account/listings/${id}/stats`)).status).toBe(200);
    const stranger = await signedInBrowser(t);
    const theirs = await stranger.browser.get(`${t.url}/account`);
    expect(theirs.text).toContain('You own no listing yet.');
    expect(theirs.text).not.toContain(`/account/listings/${id}/`);
  });

  it('says each listing status in words, with the week and what to do, and links the public ones', async () => {
    const category = await insertCategory(t.db);
    const owner = await signedInBrowser(t);
    const own = async (name: string, status: 'awaiting_badge' | 'scheduled' | 'live', week: string | null) => {
      const id = await insertListing(t.db, { category_id: category, name, status, launch_week: week });
      await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [id, owner.id]);
      return (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!.slug;
    };
    const badge = await own('Badge Waiter', 'awaiting_badge', '2027-01-11');
    const scheduled = await own('Soon Launching', 'scheduled', '2027-01-18');
    const live = await own('Already Live', 'live', '2026-11-23');
    const page = await owner.browser.get(`${t.url}/account`);
    const row = (name: string) => new RegExp(`<tr><th scope="row">(?:<a[^>]*>)?${name}[\\s\\S]*?</tr>`).exec(page.text)?.[0] ?? '';
    expect(row('Badge Waiter')).toContain(
      'queued for the week of 2027-01-11: it goes live that week once the directory finds the badge on your homepage',
    );
    expect(row('Badge Waiter')).not.toContain(`href="/listings/${badge}"`);
    expect(row('Soon Launching')).toContain(`<a href="/listings/${scheduled}">Soon Launching</a>`);
    expect(row('Soon Launching')).toContain('Scheduled: it goes live in the week of 2027-01-18.');
    expect(row('Already Live')).toContain(`<a href="/listings/${live}">Already Live</a>`);
    expect(row('Already Live')).toContain('Live.');
  });

  it('lists an app the person allowed by its name (escaped); revoking it ends its access and refresh tokens', async () => {
    const app = await connectedApp('Helpful <b>Assistant</b>');
    expect((await me(app.tokens.access_token)).status).toBe(200);
    const page = await app.browser.get(`${t.url}/account`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Helpful &lt;b&gt;Assistant&lt;/b&gt;');
    expect(page.text).not.toContain('<b>Assistant');
    expect(page.text).toMatch(
      new RegExp(`<form method="post" action="/account/apps/${app.grantId}/revoke"><input type="hidden" name="csrf" value="[^"]+">`),
    );

    const revoked = await app.browser.post(`${t.url}/account/apps/${app.grantId}/revoke`, { csrf: page.field('csrf') }, { follow: false });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe('/account');
    expect(await grantExists(app.grantId)).toBe(false);
    expect(await t.db.query('SELECT model FROM oauth_records WHERE grant_id = $1', [app.grantId])).toEqual([]);

    const refused = await me(app.tokens.access_token);
    expect(refused.status).toBe(401);
    const refresh = await app.refresh();
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');

    const after = await app.browser.get(`${t.url}/account`);
    expect(after.text).not.toContain('Assistant');
    expect(after.text).toContain('No apps are connected to your account.');
    // The account itself is untouched: still signed in.
    expect(after.status).toBe(200);
  });

  it("answers 404 for another account's app, an unknown id and a second revoke, and revokes nothing", async () => {
    const victim = await connectedApp('Victim app');
    const attacker = await signedInBrowser(t);
    const csrf = await csrfOf(t, attacker.browser, '/account');
    for (const id of [victim.grantId, 'made-up', encodeURIComponent("x' OR '1'='1")]) {
      const answer = await attacker.browser.post(`${t.url}/account/apps/${id}/revoke`, { csrf }, { follow: false });
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('Nothing was revoked');
    }
    expect(await grantExists(victim.grantId)).toBe(true);
    expect((await me(victim.tokens.access_token)).status).toBe(200);
    expect((await victim.browser.get(`${t.url}/account`)).text).toContain('Victim app');

    const own = await victim.browser.post(
      `${t.url}/account/apps/${victim.grantId}/revoke`,
      { csrf: await csrfOf(t, victim.browser, '/account') },
      { follow: false },
    );
    expect(own.status).toBe(303);
    const again = await victim.browser.post(
      `${t.url}/account/apps/${victim.grantId}/revoke`,
      { csrf: await csrfOf(t, victim.browser, '/account') },
      { follow: false },
    );
    expect(again.status).toBe(404);
  });

  it('sends a signed-out revoke to sign in and revokes nothing', async () => {
    const app = await connectedApp('Signed-out app');
    const browser = new TestBrowser();
    const answer = await browser.post(`${t.url}/account/apps/${app.grantId}/revoke`, { csrf: await csrfOf(t, browser) }, { follow: false });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/signin?return_to=/account');
    expect(await grantExists(app.grantId)).toBe(true);
    expect((await me(app.tokens.access_token)).status).toBe(200);
  });

  it('names an app without a client record (a Client ID Metadata Document URL) by its client id, escaped', async () => {
    const person = await signedInBrowser(t);
    const clientId = 'https://assistant.example/client.json?a=1&b="2"';
    const iat = Date.UTC(2026, 2, 2, 10, 15) / 1000;
    await t.db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('Grant', $1, $2)`, [
      `cimd-${person.id}`,
      JSON.stringify({ jti: `cimd-${person.id}`, kind: 'Grant', accountId: person.id, clientId, iat }),
    ]);
    const page = await person.browser.get(`${t.url}/account`);
    expect(page.text).toContain('https://assistant.example/client.json?a=1&amp;b=&quot;2&quot;');
    expect(page.text).toContain('2026-03-02 10:15 UTC');
    expect(page.text).toContain(`action="/account/apps/cimd-${person.id}/revoke"`);
  });
});
