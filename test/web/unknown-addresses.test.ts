/**
 * Addresses nothing serves (issue 50): the site's styled 404 for browsers, problem+json for JSON clients and under /api,
 * a short text otherwise; a method an address does not take answers 405 with Allow; HEAD gets no body.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { signedInBrowser } from '../auth/pages/page-flows.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

const ask = (path: string, init: { method?: string; accept?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${t.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.accept ? { accept: init.accept } : {}), ...init.headers },
    redirect: 'manual',
  });

describe('an unknown address', () => {
  it('answers a browser the site’s 404 page: header, search, ways on, the page policy', async () => {
    for (const path of ['/nothing', '/listings/some-product/nothing', '/a/deeper/path/that/is/not/here', '/categories/x/y']) {
      const answer = await ask(path, { accept: BROWSER });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('content-security-policy'), path).toMatch(/default-src 'none'.*form-action 'self'/);
      const page = await answer.text();
      expect(page, path).toContain('<title>Not found ·');
      expect(page, path).toContain('<header><div class="bar"><a class="brand" href="/">');
      expect(page, path).toContain('<meta name="robots" content="noindex">');
      expect(page, path).toMatch(/<form class="search-filters" method="get" action="\/search" role="search">/);
      expect(page, path).toContain('<a href="/weeks/this">This week’s launches</a>');
      expect(page, path).toContain('<a href="/categories">Categories</a>');
    }
  });

  it('shows a signed-in person their account in the header', async () => {
    const { browser } = await signedInBrowser(Object.assign(t, { clock: { now: new Date() }, advance: () => undefined }));
    const session = browser.cookie(t.url, 'ld_session');
    expect(session).toBeTruthy();
    const answer = await ask('/nothing', { accept: BROWSER, headers: { cookie: `ld_session=${session}` } });
    expect(answer.status).toBe(404);
    const page = await answer.text();
    expect(page).toContain('<a href="/account">Account</a>');
    expect(page).not.toContain('>Sign in</a>');
  });

  it('never shows the address asked for unescaped', async () => {
    const answer = await ask('/%3Cscript%3Ealert(1)%3C/script%3E/%22%3E%3Cimg%20src=x%3E', { accept: BROWSER });
    expect(answer.status).toBe(404);
    const page = await answer.text();
    expect(page).not.toMatch(/<script>|<img src=x>|"><img/i);
    expect(page).not.toContain('alert(1)</script>');
  });

  it('answers JSON clients problem+json in the API’s shape', async () => {
    for (const accept of ['application/json', 'application/problem+json']) {
      const answer = await ask('/nothing/here', { accept });
      expect(answer.status, accept).toBe(404);
      expect(answer.headers.get('content-type'), accept).toMatch(/^application\/problem\+json/);
      const problem = await answer.json();
      expect(problem, accept).toMatchObject({ type: `${t.url}/problems/not_found`, title: 'Not found', status: 404, code: 'not_found' });
      expect(problem.request_id, accept).toBe(answer.headers.get('request-id'));
    }
  });

  it('under /api answers problem+json whatever is accepted, as the API did before', async () => {
    for (const path of ['/api/v1/nope', '/api/nope', '/api']) {
      const answer = await ask(path, { accept: BROWSER });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
      expect(await answer.json(), path).toMatchObject({ code: 'not_found', status: 404 });
    }
    const v1 = await (await ask('/api/v1/nope')).json();
    expect(v1.detail).toBe('No operation at GET /api/v1/nope.');
  });

  it('answers other clients a short text', async () => {
    for (const accept of [undefined, '*/*', 'image/png']) {
      const answer = await ask('/nothing', { accept });
      expect(answer.status, accept).toBe(404);
      expect(answer.headers.get('content-type'), accept).toBe('text/plain; charset=utf-8');
      expect(await answer.text(), accept).toBe('Not found\n');
    }
  });

  it('answers HEAD with the status and headers, no body', async () => {
    const answer = await ask('/nothing', { method: 'HEAD', accept: BROWSER });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answer.text()).toBe('');
  });

  it('a section without its own page goes to the page listing it', async () => {
    for (const [path, to] of [
      ['/listings', '/weeks/this'],
      ['/weeks/', '/weeks/this'],
      ['/listings/', '/weeks/this'],
      ['/leaderboards', '/leaderboards/community-weekly'],
    ]) {
      const answer = await ask(path, { accept: BROWSER });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('location'), path).toBe(to);
    }
    // Posting to a section is no visit: it stays unknown.
    expect((await ask('/listings', { method: 'POST', accept: BROWSER })).status).toBe(404);
  });

  it('a listing that does not exist keeps its own 404 page', async () => {
    const answer = await ask('/listings/no-such-product', { accept: BROWSER });
    expect(answer.status).toBe(404);
    const page = await answer.text();
    expect(page).toContain('No listing has this address.');
    expect(page).toContain('<a href="/weeks/this">This week’s launches</a>');
  });
});

describe('a method an address does not take', () => {
  it('answers 405 with Allow: the site’s page for a browser, problem+json for JSON, text otherwise', async () => {
    const page = await ask('/search', { method: 'POST', accept: BROWSER });
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('HEAD, GET');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<header><div class="bar">');

    const json = await ask('/about', { method: 'DELETE', accept: 'application/json' });
    expect(json.status).toBe(405);
    expect(json.headers.get('allow')).toBe('HEAD, GET');
    expect(await json.json()).toMatchObject({ code: 'method_not_allowed', status: 405 });

    const text = await ask('/', { method: 'PUT' });
    expect(text.status).toBe(405);
    expect(text.headers.get('allow')).toBe('HEAD, GET');
    expect(await text.text()).toBe('Method not allowed\n');
  });

  it('answers 405 on the addresses hand-written handlers serve (documents, images, badges, health), 404 still where nothing is', async () => {
    const image = `/images/${'a'.repeat(64)}.webp`;
    for (const path of [
      '/docs',
      '/docs/mcp',
      '/healthz',
      '/readyz',
      '/bot',
      '/problems',
      '/problems/not_found',
      image,
      '/badges/x.svg',
      '/cards/listings/x.png',
      '/.well-known/oauth-protected-resource',
      '/.well-known/jwks',
    ]) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const answer = await ask(path, { method, accept: 'application/json' });
        expect({ path, method, status: answer.status }).toEqual({ path, method, status: 405 });
        expect(answer.headers.get('allow'), path).toBe('GET, HEAD');
        expect(await answer.json()).toMatchObject({ code: 'method_not_allowed' });
      }
    }
    // What they serve is unchanged; an address of no such form is still unknown, whatever the method.
    expect((await ask('/healthz')).status).toBe(200);
    expect((await ask(image)).status).toBe(404);
    for (const path of ['/images/not-an-image', '/docsx', '/problemsx'])
      expect((await ask(path, { method: 'POST' })).status, path).toBe(404);
  });

  it('keeps the API’s own 405 and OPTIONS answers and the CORS preflight', async () => {
    const api = await ask('/api/v1/listings', { method: 'DELETE' });
    expect(api.status).toBe(405);
    expect(api.headers.get('allow')).toBeTruthy();
    expect(await api.json()).toMatchObject({ code: 'method_not_allowed' });

    const options = await ask('/api/v1/listings', { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toBeTruthy();

    const preflight = await ask('/api/v1/listings', {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const pageOptions = await ask('/search', { method: 'OPTIONS' });
    expect(pageOptions.status).toBe(200);
    expect(pageOptions.headers.get('allow')).toBe('HEAD, GET');
  });

  it('answers TRACE with 405 and Allow everywhere, never echoing the request (issue 52, item 11)', async () => {
    // fetch refuses to send TRACE; node:http sends it.
    const trace = (path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const request = http.request(`${t.url}${path}`, { method: 'TRACE', headers: { cookie: 'secret=1' } }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
        });
        request.on('error', reject);
        request.end();
      });
    for (const path of ['/', '/search', '/api/v1/listings', '/nothing', '/mcp', '/oauth/token', '/healthz']) {
      const answer = await trace(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 405 });
      expect(answer.allow, path).toBeTruthy();
      expect(answer.allow, path).not.toMatch(/TRACE/);
      expect(answer.body, path).not.toContain('secret=1');
    }
  });

  it('a form page still takes its own method (refused by the CSRF check, not 404/405)', async () => {
    const answer = await ask('/submit', {
      method: 'POST',
      accept: BROWSER,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([403, 400, 303]).toContain(answer.status);
  });
});
