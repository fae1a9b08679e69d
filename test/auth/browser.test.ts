import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { authorizationRequest, discover, insecure, rawToolCall, registerClient } from '../support/oauth.js';
import { readOutbox } from '../../src/mail/mailer.js';

/**
 * A person in a real browser (Debian's Chromium, driven by playwright-core): signs up, confirms the
 * address from the mail, signs in, allows an assistant on the consent page, makes an API key, and
 * disconnects the assistant on the account page.
 */
let t: TestApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };
let callback: http.Server;
let callbackUrl: string;
const callbacks: URL[] = [];
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp();
  chromium = await launchChromium();
  callback = http.createServer((req, res) => {
    const url = new URL(req.url!, callbackUrl);
    if (url.pathname === '/callback') callbacks.push(url);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Assistant</title><p id="done">You can close this window.</p>');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  if (callback) await new Promise((resolve) => callback.close(resolve));
  await t?.close();
});

describe.skipIf(!browserPresent)('a person in Chromium', () => {
  it('signs up, confirms the address, signs in, grants consent to an assistant, creates an API key and disconnects the assistant', async () => {
    const email = `browser-${Date.now()}@example.com`;
    const password = 'a long enough passphrase';
    const page = await chromium.browser.newPage();

    await page.goto(`${t.url}/signup`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="display_name"]', 'Browser Tester');
    await page.fill('input[name="password"]', password);
    await page.click('button[type="submit"]');
    await expect.poll(() => page.textContent('body')).toContain('inbox');

    // The confirmation mail goes out after the page has answered.
    await expect.poll(async () => (await readOutbox(t.db, { to: email })).length).toBe(1);
    const [mail] = await readOutbox(t.db, { to: email });
    const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    // Opening the link only asks (mail scanners open links too); the button confirms.
    await page.goto(link!);
    expect(await page.textContent('main')).toContain(`Confirm ${email}?`);
    await page.click('button[type="submit"]');
    await expect.poll(() => page.textContent('body')).toContain('confirmed');
    await expect.poll(() => page.textContent('h1')).toBe('Address confirmed');

    const as = await discover(t.url);
    const client = await registerClient(as, callbackUrl, { client_name: 'Browser Test Assistant' });
    const request = await authorizationRequest(as, client, callbackUrl, { resource: `${t.url}/mcp` });
    // Confirming in the browser that signed up signed it in: the authorization goes straight to consent.
    expect(await page.textContent('main')).toContain('You are signed in.');
    await page.goto(request.url.toString());
    expect(new URL(page.url()).pathname).not.toBe('/signin');

    await page.waitForSelector('text=Browser Test Assistant');
    const consent = await page.textContent('main');
    expect(consent).toContain('Read your account, drafts, listings, claims and orders');
    expect(consent).toContain('127.0.0.1');
    await page.click('button:has-text("Allow")');
    await page.waitForSelector('#done');

    const returned = callbacks.at(-1)!;
    const params = oauth.validateAuthResponse(as, client, returned, request.state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, callbackUrl, request.verifier, {
        additionalParameters: { resource: `${t.url}/mcp` },
        ...insecure,
      }),
    );
    expect(tokens.access_token).toBeTruthy();

    await page.goto(`${t.url}/account/api-keys`);
    await page.fill('input[name="name"]', 'Browser key');
    await page.uncheck('input[name="scopes"][value="orders:write"]');
    await page.click('form[action="/account/api-keys"] button[type="submit"]');
    const key = (await page.textContent('#new-api-key'))?.trim() ?? '';
    expect(key).toMatch(/^ldk_/);

    const me = await fetch(`${t.url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body.account.email).toBe(email);
    expect(body.access.scopes.map((s: { scope: string }) => s.scope)).toEqual(['account:read', 'listings:write']);

    await page.goto(`${t.url}/account/api-keys`);
    expect(await page.textContent('body')).not.toContain(key);

    // The assistant is listed on the account page, and revoking it there ends its access.
    const getAccount = () => rawToolCall(t.url, 'get_account', {}, `Bearer ${tokens.access_token}`);
    expect((await getAccount()).status).toBe(200);
    await page.goto(`${t.url}/account`);
    expect(await page.textContent('main')).toContain('Browser Test Assistant');
    await page.click('button[aria-label="Revoke Browser Test Assistant"]');
    await expect.poll(() => page.textContent('main')).toContain('No apps are connected');
    expect((await getAccount()).status).toBe(401);
  }, 60_000);
});
