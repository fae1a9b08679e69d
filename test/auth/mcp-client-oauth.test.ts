import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { consentInBrowser, makeAccount } from '../support/oauth.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** What an assistant's host application keeps: its registration, the tokens, the PKCE verifier. */
class RecordingOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private client: StoredOAuthClientInformation | undefined;
  private stored: StoredOAuthTokens | undefined;
  private verifier = '';

  get redirectUrl() {
    return REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the official MCP SDK client with an OAuth provider', () => {
  it('lists and calls public tools anonymously, is sent to sign in by the first tool needing an account, then calls get_account', async () => {
    const person = await makeAccount(t.db);
    const provider = new RecordingOAuthProvider();
    const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_account');
      const site = await client.callTool({ name: 'get_site_info', arguments: {} });
      expect(site.isError).toBeFalsy();
      expect(provider.authorizationUrl).toBeUndefined();

      await expect(client.callTool({ name: 'get_account', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
      const authorizationUrl = provider.authorizationUrl!;
      expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${t.url}/oauth/authorize`);
      expect(authorizationUrl.searchParams.get('resource')).toBe(`${t.url}/mcp`);
      expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

      const final = await consentInBrowser(new TestBrowser(), authorizationUrl, person);
      await transport.finishAuth(new URL(final.location!).searchParams);
      expect(provider.tokens()?.access_token).toBeTruthy();

      const result = await client.callTool({ name: 'get_account', arguments: {} });
      expect(result.isError).toBeFalsy();
      const account = result.structuredContent as { account: { email: string }; access: { via: string; resource: string } };
      expect(account.account.email).toBe(person.email);
      expect(account.access).toMatchObject({ via: 'token', resource: `${t.url}/mcp` });
    } finally {
      await client.close();
    }
  });
});
