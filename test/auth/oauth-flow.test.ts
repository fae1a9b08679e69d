import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import {
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
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const me = (token: string) => fetch(`${t.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });

async function mcpGetAccount(token: string): Promise<Record<string, any>> {
  const client = new Client({ name: 'oauth-flow-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  try {
    const result = await client.callTool({ name: 'get_account', arguments: {} });
    expect(result.isError).toBeFalsy();
    return result.structuredContent as Record<string, any>;
  } finally {
    await client.close();
  }
}

describe('discovery, as an MCP client does it', () => {
  it('starts from the 401 of a tool that needs an account and ends at the authorization server metadata', async () => {
    const refused = await rawToolCall(t.url, 'get_account', {});
    expect(refused.status).toBe(401);
    const challenge = bearerChallenge(refused);
    expect(challenge.resource_metadata).toBe(`${t.url}/.well-known/oauth-protected-resource/mcp`);

    const resource = await oauth.processResourceDiscoveryResponse(
      new URL(`${t.url}/mcp`),
      await oauth.resourceDiscoveryRequest(new URL(`${t.url}/mcp`), insecure),
    );
    expect(resource.authorization_servers).toEqual([t.url]);
    expect(resource.scopes_supported).toEqual(['account:read', 'listings:write', 'orders:write', 'webhooks:write', 'admin']);

    const as = await discover(resource.authorization_servers![0]);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.authorization_endpoint).toBe(`${t.url}/oauth/authorize`);
    expect(as.token_endpoint).toBe(`${t.url}/oauth/token`);
    expect(as.registration_endpoint).toBe(`${t.url}/oauth/register`);
    expect(as.revocation_endpoint).toBe(`${t.url}/oauth/revoke`);
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.grant_types_supported).not.toContain('password');
    expect(as.grant_types_supported).not.toContain('implicit');
    expect((as as Record<string, unknown>).client_id_metadata_document_supported).toBe(true);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
  });

  it('serves the REST API its own protected-resource metadata', async () => {
    const response = await fetch(`${t.url}/.well-known/oauth-protected-resource/api/v1`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.resource).toBe(`${t.url}/api/v1`);
    expect(body.authorization_servers).toEqual([t.url]);
    const refused = await fetch(`${t.url}/api/v1/me`);
    expect(refused.status).toBe(401);
    expect(bearerChallenge(refused).resource_metadata).toBe(`${t.url}/.well-known/oauth-protected-resource/api/v1`);
  });
});

describe('authorization code with PKCE, for a dynamically registered client', () => {
  it('issues a token bound to /mcp that works there and is refused by the REST API', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const tokens = await obtainTokens(as, client, person, `${t.url}/mcp`);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope?.split(' ').sort()).toEqual(['account:read', 'listings:write', 'orders:write']);
    expect(tokens.refresh_token).toBeTruthy();

    const account = await mcpGetAccount(tokens.access_token);
    expect(account.account.email).toBe(person.email);
    expect(account.access.via).toBe('token');
    expect(account.access.client_id).toBe(client.client_id);
    expect(account.access.resource).toBe(`${t.url}/mcp`);
    // Asked for no scope: every scope but webhooks:write, which is granted only when asked for.
    expect(account.access.missing_scopes).toEqual(['webhooks:write']);

    const rest = await me(tokens.access_token);
    expect(rest.status).toBe(401);
    const challenge = bearerChallenge(rest);
    expect(challenge.error).toBe('invalid_token');
    expect((await rest.json()).code).toBe('unauthorized');
  });

  it('issues a token bound to /api/v1 that works there and is refused by the MCP server', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    const rest = await me(tokens.access_token);
    expect(rest.status).toBe(200);
    const body = await rest.json();
    expect(body.account.id).toBe(person.id);
    expect(body.access.resource).toBe(`${t.url}/api/v1`);

    const refused = await rawToolCall(t.url, 'get_account', {}, `Bearer ${tokens.access_token}`);
    expect(refused.status).toBe(401);
    expect(bearerChallenge(refused).error).toBe('invalid_token');
  });

  it('grants only the scopes the client asked for and the person allowed', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const request = await authorizationRequest(as, client, REDIRECT, { scope: 'listings:write', resource: `${t.url}/api/v1` });
    const browser = new TestBrowser();
    const final = await consentInBrowser(browser, request.url, person);
    const params = oauth.validateAuthResponse(as, client, new URL(final.location!), request.state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, request.verifier, {
        additionalParameters: { resource: `${t.url}/api/v1` },
        ...insecure,
      }),
    );
    expect(tokens.scope).toBe('listings:write');
    const refused = await me(tokens.access_token);
    expect(refused.status).toBe(403);
    const challenge = bearerChallenge(refused);
    expect(challenge.error).toBe('insufficient_scope');
    expect(challenge.scope).toBe('account:read');
    expect((await refused.json()).code).toBe('insufficient_scope');
  });

  it('answers the MCP step-up with 403 insufficient_scope and the scope to ask for', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const request = await authorizationRequest(as, client, REDIRECT, { scope: 'orders:write', resource: `${t.url}/mcp` });
    const final = await consentInBrowser(new TestBrowser(), request.url, person);
    const params = oauth.validateAuthResponse(as, client, new URL(final.location!), request.state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, request.verifier, {
        additionalParameters: { resource: `${t.url}/mcp` },
        ...insecure,
      }),
    );
    const refused = await rawToolCall(t.url, 'get_account', {}, `Bearer ${tokens.access_token}`);
    expect(refused.status).toBe(403);
    const challenge = bearerChallenge(refused);
    expect(challenge.error).toBe('insufficient_scope');
    expect(challenge.scope).toBe('account:read');
    expect(challenge.resource_metadata).toBe(`${t.url}/.well-known/oauth-protected-resource/mcp`);
  });

  it('sends the person back to the app with access_denied when they deny', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const request = await authorizationRequest(as, client, REDIRECT, { resource: `${t.url}/mcp` });
    const final = await consentInBrowser(new TestBrowser(), request.url, person, 'deny');
    const back = new URL(final.location!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe(request.state);
  });
});

describe('refresh and revocation', () => {
  it('rotates the refresh token on every use and refuses the old one', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const first = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    const refresh = (token: string) => oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, insecure);

    const second = await oauth.processRefreshTokenResponse(as, client, await refresh(first.refresh_token!));
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).status).toBe(200);

    const replay = await refresh(first.refresh_token!);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
  });

  it('leaves the refresh token usable when a refresh names a resource outside the grant (invalid_target)', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const first = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    const refresh = (resource?: string) =>
      oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, {
        ...insecure,
        ...(resource && { additionalParameters: { resource } }),
      });

    for (const resource of ['https://elsewhere.example/api', `${t.url}/mcp`]) {
      const refused = await refresh(resource);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toBe('invalid_target');
    }
    const second = await oauth.processRefreshTokenResponse(as, client, await refresh());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).status).toBe(200);
  });

  it('revokes an access token together with the refresh token of the same authorization', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    expect((await me(tokens.access_token)).status).toBe(200);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.access_token, insecure));
    const revoked = await me(tokens.access_token);
    expect(revoked.status).toBe(401);
    expect(bearerChallenge(revoked).error).toBe('invalid_token');
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');
  });

  it('revokes a refresh token together with the access tokens it produced', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect((await me(refreshed.access_token)).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure));
    expect((await me(refreshed.access_token)).status).toBe(401);
    expect((await me(tokens.access_token)).status).toBe(401);
    const again = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure);
    expect(again.status).toBe(400);
  });

  it('refuses an access token once it has expired', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    expect((await me(tokens.access_token)).status).toBe(200);
    const past = Math.floor(Date.now() / 1000) - 120; // beyond the 15 s clock tolerance
    await t.db.query(
      `UPDATE oauth_records SET payload = jsonb_set(payload, '{exp}', to_jsonb($1::int)) WHERE model = 'AccessToken' AND id = $2`,
      [past, tokens.access_token],
    );
    const expired = await me(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(bearerChallenge(expired).error).toBe('invalid_token');
  });

  it('keeps tokens, grants and clients in the database (nothing lives only in memory)', async () => {
    const person = await makeAccount(t.db);
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    const models = await t.db.query<{ model: string }>(
      `SELECT DISTINCT model FROM oauth_records WHERE id = ANY($1) OR payload->>'clientId' = $2 OR id = $2`,
      [[tokens.access_token, tokens.refresh_token], client.client_id],
    );
    expect(models.map((m) => m.model).sort()).toEqual(expect.arrayContaining(['AccessToken', 'Client', 'Grant', 'RefreshToken']));
  });
});
