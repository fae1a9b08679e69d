import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { authorizationRequest, consentInBrowser, discover, insecure, makeAccount, openAuthorizationSignedIn } from '../support/oauth.js';

/**
 * Client ID Metadata Documents: the client_id is an https URL whose document the service fetches.
 * The outside world is faked at the network edge: a loopback server plays the app's website, a
 * fake resolver gives the host names their addresses (public or private).
 */
const REDIRECT = 'http://127.0.0.1:9/callback';
const APP = 'https://assistant.example/oauth/client.json';

const documents = new Map<string, object>();
const fetched: string[] = [];
let website: http.Server;
let websiteUrl: string;
let t: TestApp;

const addresses: Record<string, string[]> = {
  'assistant.example': ['93.184.216.34'],
  'liar.example': ['93.184.216.35'],
  'intranet.example': ['10.20.30.40'],
  'rebind.example': ['93.184.216.36', '127.0.0.1'],
};

beforeAll(async () => {
  website = http.createServer((req, res) => {
    const url = String(req.headers['x-requested-url']);
    fetched.push(url);
    const document = documents.get(url);
    res.writeHead(document ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
    res.end(JSON.stringify(document ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;

  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const { dispatcher: _ssrfGuard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
    return fetch(`${websiteUrl}${url.pathname}${url.search}`, {
      ...rest,
      headers: { ...Object.fromEntries(new Headers(rest.headers)), 'x-requested-url': url.toString() },
    });
  };
  const fakeLookup = async (hostname: string) => {
    const found = addresses[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
  t = await startTestApp({ outbound: { fetch: fakeFetch, lookup: fakeLookup } });

  documents.set(APP, {
    client_id: APP,
    client_name: 'Example Assistant',
    client_uri: 'https://assistant.example',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
  documents.set('https://liar.example/client.json', { ...documents.get(APP), client_id: APP });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => website?.close(resolve));
});

const client = (clientId: string): oauth.Client => ({ client_id: clientId, token_endpoint_auth_method: 'none' });

describe('Client ID Metadata Documents', () => {
  it('lets an app identified by its document URL through the whole flow, named as the document says', async () => {
    const as = await discover(t.url);
    const person = await makeAccount(t.db);
    const request = await authorizationRequest(as, client(APP), REDIRECT, { resource: `${t.url}/mcp` });
    const browser = new TestBrowser();
    const page = await openAuthorizationSignedIn(browser, request.url, person);
    expect(page.text).toContain('Example Assistant');
    expect(page.text).toContain(APP);

    const final = await consentInBrowser(browser, request.url, null);
    const callback = oauth.validateAuthResponse(as, client(APP), new URL(final.location!), request.state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client(APP),
      await oauth.authorizationCodeGrantRequest(as, client(APP), oauth.None(), callback, REDIRECT, request.verifier, {
        additionalParameters: { resource: `${t.url}/mcp` },
        ...insecure,
      }),
    );
    expect(tokens.access_token).toBeTruthy();
    expect(fetched).toContain(APP);
  });

  it('refuses a redirect URI the document does not list', async () => {
    const as = await discover(t.url);
    const request = await authorizationRequest(as, client(APP), 'http://127.0.0.1:9/stolen', { resource: `${t.url}/mcp` });
    const page = await new TestBrowser().get(request.url.toString());
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.text).toContain('redirect_uri');
  });

  it('refuses a document whose client_id is not its own URL', async () => {
    const as = await discover(t.url);
    const request = await authorizationRequest(as, client('https://liar.example/client.json'), REDIRECT, { resource: `${t.url}/mcp` });
    const page = await new TestBrowser().get(request.url.toString());
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.text).toMatch(/invalid_client/);
    expect(fetched).toContain('https://liar.example/client.json');
  });

  it.each([
    ['a host that resolves to a private address', 'https://intranet.example/client.json'],
    ['a host with one loopback address among public ones', 'https://rebind.example/client.json'],
    ['a literal loopback address', 'https://127.0.0.1/client.json'],
    ['a literal link-local address', 'https://[fe80::1]/client.json'],
    ['a host that does not resolve', 'https://nowhere.example/client.json'],
  ])('never fetches a document from %s', async (_what, clientId) => {
    const as = await discover(t.url);
    const before = fetched.length;
    const request = await authorizationRequest(as, client(clientId), REDIRECT, { resource: `${t.url}/mcp` });
    const page = await new TestBrowser().get(request.url.toString());
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.text).toMatch(/invalid_client/);
    expect(fetched.length).toBe(before);
  });
});

describe('Client ID Metadata Documents, fetched for real', () => {
  it('are refused when the host answers a public address to the check and loopback to the connection (DNS rebinding)', async () => {
    let lookups = 0;
    const rebinding = async (hostname: string) => {
      if (hostname !== 'rebinding.example') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return ++lookups === 1 ? ['93.184.216.34'] : ['127.0.0.1'];
    };
    const app = await startTestApp({ outbound: { lookup: rebinding } });
    try {
      const as = await discover(app.url);
      const clientId = 'https://rebinding.example/client.json';
      const request = await authorizationRequest(as, client(clientId), REDIRECT, { resource: `${app.url}/mcp` });
      const page = await new TestBrowser().get(request.url.toString());
      expect(page.status).toBe(400);
      expect(page.location).toBeNull();
      expect(page.text).toMatch(/invalid_client/);
      // The check resolved the name first; the connection resolved it again for itself and was refused.
      expect(lookups).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  });
});
