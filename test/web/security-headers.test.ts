import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { authorizationRequest, discover, openAuthorizationSignedIn, registerClient } from '../support/oauth.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { linkInLatestMail, mailsSoon, signedInBrowser, startPagesApp, uniqueEmail, type PagesApp } from '../auth/pages/page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  headers: Headers;
}

function expectFramingAndSniffingRefused(answer: Answer, what: string): void {
  expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(answer.headers.get('x-frame-options'), what).toBe('DENY');
  expect(answer.headers.get('content-security-policy'), what).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
  expect(answer.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

function expectPage(page: PageResponse, path: string): void {
  expect(page.status, `${path}: ${page.text.slice(0, 300)}`).toBeLessThan(500);
  expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
  expectFramingAndSniffingRefused(page, path);
  expect(page.headers.get('content-security-policy'), path).toContain("default-src 'none'");
  expect(page.headers.get('content-security-policy'), path).not.toContain('script-src *');
}

describe('security headers on pages', () => {
  it('covers the pages anyone can open', async () => {
    const browser = new TestBrowser();
    for (const path of [
      '/signin',
      '/signup',
      '/docs',
      '/bot',
      '/reset-password',
      '/reset-password/choose?token=unknown',
      '/verify-email?token=unknown',
    ]) {
      expectPage(await browser.get(`${t.url}${path}`), path);
    }
  });

  it('covers the redirects of signed-in pages, and the pages once signed in', async () => {
    const anonymous = new TestBrowser();
    for (const path of ['/account', '/account/api-keys', '/invites/accept?token=unknown']) {
      const redirect = await anonymous.get(`${t.url}${path}`, { follow: false });
      expect(redirect.status, path).toBe(303);
      expectFramingAndSniffingRefused(redirect, path);
    }
    const { browser } = await signedInBrowser(t);
    for (const path of ['/account', '/account/api-keys', '/invites/accept?token=unknown'])
      expectPage(await browser.get(`${t.url}${path}`), path);
  });

  it('covers the pages that mailed links open', async () => {
    const browser = new TestBrowser();
    const email = uniqueEmail('headers');
    const signup = await browser.get(`${t.url}/signup`);
    await browser.post(`${t.url}/signup`, {
      email,
      display_name: 'Header Tester',
      password: 'a long enough password 1',
      csrf: signup.field('csrf'),
    });
    const verify = await linkInLatestMail(t, email, '/verify-email');
    expectPage(await browser.get(verify.toString()), '/verify-email (a valid link)');

    t.advance(60); // the newest mail is the reset mail
    const request = await browser.get(`${t.url}/reset-password`);
    await browser.post(`${t.url}/reset-password`, { email, csrf: request.field('csrf') });
    await mailsSoon(t, email, 2);
    const reset = await linkInLatestMail(t, email, '/reset-password/choose');
    const choose = await browser.get(reset.toString());
    expect(choose.text).toContain('password');
    expectPage(choose, '/reset-password/choose (a valid link)');
  });

  it('covers the consent page and the error page oidc-provider renders itself', async () => {
    const as = await discover(t.url);
    const client = await registerClient(as, 'http://127.0.0.1:9/callback');
    const { url } = await authorizationRequest(as, client, 'http://127.0.0.1:9/callback');
    const { browser, email, password } = await signedInBrowser(t);
    const consent = await openAuthorizationSignedIn(browser, url, { email, password });
    expect(consent.url).toMatch(/\/interaction\//);
    expectPage(consent, 'the consent page');

    const error = await browser.get(`${t.url}/oauth/authorize?client_id=unknown&response_type=code`);
    expect(error.status).toBe(400);
    expectPage(error, 'the OAuth error page');
  });
});

describe('security headers on everything else', () => {
  it('covers JSON, problem, MCP, metadata, OAuth and image answers', async () => {
    const categoryId = await insertCategory(t.db);
    await insertListing(t.db, { slug: 'headers-badge', category_id: categoryId });
    const answers: [string, Promise<Response>][] = [
      ['a public operation', fetch(`${t.url}/api/v1/categories`)],
      ['a 401 problem', fetch(`${t.url}/api/v1/me`)],
      ['an unknown API route', fetch(`${t.url}/api/v1/nothing-here`)],
      ['an unknown page', fetch(`${t.url}/nothing-here`)],
      [
        'MCP',
        fetch(`${t.url}/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        }),
      ],
      ['protected-resource metadata', fetch(`${t.url}/.well-known/oauth-protected-resource/api/v1`)],
      ['authorization-server metadata', fetch(`${t.url}/.well-known/oauth-authorization-server`)],
      [
        'a token error',
        fetch(`${t.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=authorization_code&code=x',
        }),
      ],
      ['a badge image', fetch(`${t.url}/badges/headers-badge/standard-light-m.svg`)],
      [
        'a CORS preflight',
        fetch(`${t.url}/api/v1/categories`, {
          method: 'OPTIONS',
          headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
        }),
      ],
    ];
    for (const [what, answer] of answers) {
      const response = await answer;
      expect(response.status, what).toBeLessThan(500);
      expectFramingAndSniffingRefused(response, what);
    }
  });
});
