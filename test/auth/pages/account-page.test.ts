import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { makeAccount, PASSWORD, signedInBrowser, startPagesApp, type PagesApp } from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

describe('the account page', () => {
  it.each(['/account', '/account/api-keys'])('sends a signed-out browser from %s to sign in, and back there afterwards', async (path) => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    const away = await browser.get(`${t.url}${path}`, { follow: false });
    expect(away.status).toBe(303);
    expect(away.location).toBe(`/signin?return_to=${path}`);
    const form = await browser.get(new URL(away.location!, t.url).toString());
    expect(form.field('return_to')).toBe(path);
    const back = await browser.post(`${t.url}/signin`, { email: person.email, password: PASSWORD, csrf: form.field('csrf'), return_to: form.field('return_to') }, { follow: false });
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
