import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { createApiKey, revokeApiKey } from '../../src/accounts/api-keys.js';
import {
  openAuthorizationSignedIn,
  authorizationRequest,
  bearerChallenge,
  consentInBrowser,
  discover,
  insecure,
  makeAccount,
  obtainTokens,
  rawToolCall,
  registerClient,
} from '../support/oauth.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

let t: TestApp;
let as: oauth.AuthorizationServer;
beforeAll(async () => {
  t = await startTestApp();
  as = await discover(t.url);
});
afterAll(() => t?.close());

const me = (authorization: string) => fetch(`${t.url}/api/v1/me`, { headers: { authorization } });

/** Signs a fresh person in and allows the client; answers the callback parameters and the request. */
async function authorize(client: oauth.Client, params: Record<string, string> = {}) {
  const person = await makeAccount(t.db);
  const request = await authorizationRequest(as, client, REDIRECT, { resource: `${t.url}/api/v1`, ...params });
  const final = await consentInBrowser(new TestBrowser(), request.url, person);
  return { final, request, person };
}

const exchange = (client: oauth.Client, callback: URLSearchParams, verifier: string) =>
  oauth.authorizationCodeGrantRequest(as, client, oauth.None(), callback, REDIRECT, verifier, {
    additionalParameters: { resource: `${t.url}/api/v1` },
    ...insecure,
  });

describe('PKCE and codes', () => {
  it('refuses a code exchanged with the wrong verifier', async () => {
    const client = await registerClient(as, REDIRECT);
    const { final, request } = await authorize(client);
    const callback = oauth.validateAuthResponse(as, client, new URL(final.location!), request.state);
    const response = await exchange(client, callback, oauth.generateRandomCodeVerifier());
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_grant');
  });

  it('refuses an authorization request without PKCE', async () => {
    const client = await registerClient(as, REDIRECT);
    const { final } = await authorize(client, { code_challenge: '', code_challenge_method: '' });
    const back = new URL(final.location!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses plain PKCE', async () => {
    const client = await registerClient(as, REDIRECT);
    const { final } = await authorize(client, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    const back = new URL(final.location!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses a replayed code and revokes what the first exchange issued', async () => {
    const client = await registerClient(as, REDIRECT);
    const { final, request } = await authorize(client);
    const callback = oauth.validateAuthResponse(as, client, new URL(final.location!), request.state);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(client, callback, request.verifier));
    expect((await me(`Bearer ${tokens.access_token}`)).status).toBe(200);
    const replay = await exchange(client, callback, request.verifier);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    expect((await me(`Bearer ${tokens.access_token}`)).status).toBe(401);
  });

  it('never redirects to a redirect URI the client did not register', async () => {
    const client = await registerClient(as, REDIRECT);
    const request = await authorizationRequest(as, client, 'http://127.0.0.1:9/elsewhere', { resource: `${t.url}/api/v1` });
    const page = await new TestBrowser().get(request.url.toString());
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.text).toContain('redirect_uri');
  });

  it('refuses a resource that is not one of the service', async () => {
    const client = await registerClient(as, REDIRECT);
    const { final } = await authorize(client, { resource: 'https://elsewhere.example/api' });
    expect(new URL(final.location!).searchParams.get('error')).toBe('invalid_target');
  });

  it('offers no implicit flow', async () => {
    const client = await registerClient(as, REDIRECT);
    const { final } = await authorize(client, { response_type: 'token' });
    const back = new URL(final.location!);
    const answer = new URLSearchParams(back.hash.slice(1) || back.search);
    expect(answer.get('error')).toBe('unsupported_response_type');
    expect(answer.get('access_token')).toBeNull();
  });

  it('lets only one of two racing exchanges of the same code succeed', async () => {
    const client = await registerClient(as, REDIRECT);
    const { final, request } = await authorize(client);
    const callback = oauth.validateAuthResponse(as, client, new URL(final.location!), request.state);
    const answers = await Promise.all([exchange(client, callback, request.verifier), exchange(client, callback, request.verifier)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('registers no client whose redirect URI is plain http on a public host', async () => {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: ['http://evil.example/callback'], token_endpoint_auth_method: 'none' },
      insecure,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_redirect_uri');
    const https = await registerClient(as, 'https://assistant.example/callback');
    expect(https.client_id).toBeTruthy();
  });

  it('registers no client whose redirect URI has a wildcard (issue 52, item 11)', async () => {
    for (const uri of ['https://*.evil.example/cb', 'https://evil.example/*', 'com.example.*:/cb']) {
      const response = await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [uri], token_endpoint_auth_method: 'none' },
        insecure,
      );
      expect(response.status, uri).toBe(400);
      expect((await response.json()).error, uri).toBe('invalid_redirect_uri');
    }
  });

  it('refuses the password grant', async () => {
    const client = await registerClient(as, REDIRECT);
    const response = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'x@example.com', password: 'x', client_id: client.client_id }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('unsupported_grant_type');
  });
});

describe('the consent page', () => {
  it('refuses a consent posted without the form token, and issues no code', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await makeAccount(t.db);
    const request = await authorizationRequest(as, client, REDIRECT, { resource: `${t.url}/api/v1` });
    const browser = new TestBrowser();
    const page = await openAuthorizationSignedIn(browser, request.url, person);
    const action = /action="(\/interaction\/[^"]+\/confirm)"/.exec(page.text)![1];
    const forged = await browser.post(new URL(action, t.url).toString(), { csrf: 'forged' }, { follow: false });
    expect(forged.status).toBe(403);
    expect(forged.location).toBeNull();
    const crossSite = await browser.post(
      new URL(action, t.url).toString(),
      { csrf: page.field('csrf') },
      { follow: false, headers: { origin: 'https://evil.example' } },
    );
    expect(crossSite.status).toBe(403);
    const deny = await browser.post(new URL(action.replace(/confirm$/, 'deny'), t.url).toString(), {}, { follow: false });
    expect(deny.status).toBe(403);
    const grants = await t.db.query(`SELECT 1 FROM oauth_records WHERE model = 'Grant' AND payload->>'accountId' = $1`, [person.id]);
    expect(grants).toHaveLength(0);
  });

  it('names the app, the host it returns to and each scope in plain words, escaped', async () => {
    const client = await registerClient(as, REDIRECT, { client_name: 'Evil <script>alert(1)</script> Bot' });
    const person = await makeAccount(t.db);
    const request = await authorizationRequest(as, client, REDIRECT, { resource: `${t.url}/mcp` });
    const browser = new TestBrowser();
    const page = await openAuthorizationSignedIn(browser, request.url, person);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; Bot');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('127.0.0.1:9');
    expect(page.text).toContain('Read your account, drafts, listings, claims and orders');
    expect(page.text).toContain('Submit, edit and claim listings');
    expect(page.text).toContain('Price orders and start checkouts');
    expect(page.text).toContain('Deny');
    expect(page.headers.get('content-security-policy')).toContain('form-action');
    expect(page.headers.get('content-security-policy')).toContain('http://127.0.0.1:9');
  });

  it('sends a browser that is not signed in to the sign-in page and back', async () => {
    const client = await registerClient(as, REDIRECT);
    const request = await authorizationRequest(as, client, REDIRECT, { resource: `${t.url}/mcp` });
    const page = await new TestBrowser().get(request.url.toString());
    expect(new URL(page.url).pathname).toBe('/signin');
    expect(page.field('return_to')).toMatch(/^\/interaction\/[\w-]+$/);
  });

  it('asks an unverified person to confirm their e-mail before any app gets access', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await makeAccount(t.db, { verified: false });
    const request = await authorizationRequest(as, client, REDIRECT, { resource: `${t.url}/mcp` });
    const final = await consentInBrowser(new TestBrowser(), request.url, person);
    expect(final.location).toBeNull();
    expect(final.text).toContain('Confirm your e-mail address first');
  });
});

describe('credentials on the resources', () => {
  it('accepts a live API key on both surfaces and refuses it once revoked', async () => {
    const person = await makeAccount(t.db);
    const { key, record } = await createApiKey(t.db, { accountId: person.id, name: 'ci', scopes: ['account:read'], now: new Date() });
    const ok = await me(`Bearer ${key}`);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.access.via).toBe('api_key');
    expect(body.access.api_key).toEqual({ name: 'ci', prefix: record.prefix });
    expect(body.access.missing_scopes).toEqual(['listings:write', 'orders:write', 'webhooks:write']);
    expect((await rawToolCall(t.url, 'get_account', {}, `Bearer ${key}`)).status).toBe(200);

    await revokeApiKey(t.db, person.id, record.id, new Date());
    const revoked = await me(`Bearer ${key}`);
    expect(revoked.status).toBe(401);
    expect(bearerChallenge(revoked).error).toBe('invalid_token');
    expect((await rawToolCall(t.url, 'get_account', {}, `Bearer ${key}`)).status).toBe(401);
  });

  it('answers 403 with the needed scope for a key without it', async () => {
    const person = await makeAccount(t.db);
    const { key } = await createApiKey(t.db, { accountId: person.id, name: 'writer', scopes: ['listings:write'], now: new Date() });
    const refused = await me(`Bearer ${key}`);
    expect(refused.status).toBe(403);
    expect(bearerChallenge(refused)).toMatchObject({ error: 'insufficient_scope', scope: 'account:read' });
  });

  it('refuses unknown keys, unknown tokens and malformed headers with 401', async () => {
    for (const authorization of [
      'Bearer ldk_not-a-real-key',
      'Bearer some-unknown-token',
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer two words',
    ]) {
      const response = await me(authorization);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(bearerChallenge(response).resource_metadata).toBe(`${t.url}/.well-known/oauth-protected-resource/api/v1`);
    }
  });

  it('lets public operations ignore a missing scope but refuses an invalid token on them', async () => {
    const person = await makeAccount(t.db);
    const { key } = await createApiKey(t.db, { accountId: person.id, name: 'narrow', scopes: ['orders:write'], now: new Date() });
    expect((await fetch(`${t.url}/api/v1/site`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await fetch(`${t.url}/api/v1/site`)).status).toBe(200);
    const invalid = await fetch(`${t.url}/api/v1/site`, { headers: { authorization: 'Bearer ldk_unknown' } });
    expect(invalid.status).toBe(401);
    const mcpInvalid = await rawToolCall(t.url, 'get_site_info', {}, 'Bearer ldk_unknown');
    expect(mcpInvalid.status).toBe(401);
    expect(bearerChallenge(mcpInvalid).error).toBe('invalid_token');
    const mcpAnonymous = await rawToolCall(t.url, 'get_site_info', {});
    expect(mcpAnonymous.status).toBe(200);
    const listWithBadToken = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        authorization: 'Bearer expired-or-forged',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(listWithBadToken.status).toBe(401);
    expect(bearerChallenge(listWithBadToken).error).toBe('invalid_token');
  });

  it('refuses a token whose account was deleted', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await makeAccount(t.db);
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    await t.db.query('DELETE FROM accounts WHERE id = $1', [person.id]);
    expect((await me(`Bearer ${tokens.access_token}`)).status).toBe(401);
  });
});
