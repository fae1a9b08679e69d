import * as oauth from 'oauth4webapi';
import type { Database } from '../../src/db/database.js';
import { createAccount } from '../../src/accounts/accounts.js';
import { TestBrowser, type PageResponse } from './browser.js';

/** oauth4webapi refuses plain http unless told; the test service listens on http://127.0.0.1. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

const PASSWORD = 'correct horse battery staple';

let accounts = 0;
export async function makeAccount(
  db: Database,
  options: { verified?: boolean } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = `person${++accounts}-${Date.now()}@example.com`;
  const account = await createAccount(db, { email, password: PASSWORD, verified: options.verified ?? true, now: new Date() });
  if (!account) throw new Error('account not created');
  return { id: account.id, email, password: PASSWORD };
}

export async function discover(baseUrl: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseUrl);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
}

export async function registerClient(
  as: oauth.AuthorizationServer,
  redirectUri: string,
  extra: Record<string, unknown> = {},
): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'Test assistant', ...extra },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response) as Promise<oauth.Client>;
}

export interface AuthorizationRequest {
  url: URL;
  verifier: string;
  state: string;
}

export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  redirectUri: string,
  params: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('scope', 'account:read listings:write orders:write');
  for (const [name, value] of Object.entries(params)) {
    if (value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return { url, verifier, state };
}

/**
 * A person in a browser: opens the authorization URL, signs in on the service's page, and answers
 * the consent page. Returns the final redirect (to the client) or the page where the flow stopped.
 */
/** Opens the authorization URL and, when sent to the sign-in page, signs in: answers the page reached (the consent page). */
export async function openAuthorizationSignedIn(
  browser: TestBrowser,
  authorizationUrl: URL,
  person: { email: string; password: string } | null,
): Promise<PageResponse> {
  const page = await browser.get(authorizationUrl.toString());
  if (!person || new URL(page.url).pathname !== '/signin') return page;
  return browser.post(new URL('/signin', page.url).toString(), {
    email: person.email,
    password: person.password,
    csrf: page.field('csrf'),
    return_to: page.field('return_to'),
  });
}

export async function consentInBrowser(
  browser: TestBrowser,
  authorizationUrl: URL,
  person: { email: string; password: string } | null,
  answer: 'allow' | 'deny' = 'allow',
): Promise<PageResponse> {
  const page = await openAuthorizationSignedIn(browser, authorizationUrl, person);
  if (page.location) return page;
  const match = /action="(\/interaction\/[^"/]+)\/confirm"/.exec(page.text);
  if (!match) return page;
  return browser.post(new URL(`${match[1]}/${answer === 'allow' ? 'confirm' : 'deny'}`, page.url).toString(), { csrf: page.field('csrf') });
}

/** The whole flow for a registered client: access and refresh tokens for `resource`. */
export async function obtainTokens(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  person: { email: string; password: string },
  resource: string,
  browser = new TestBrowser(),
  scope?: string,
): Promise<oauth.TokenEndpointResponse> {
  const redirectUri = client.redirect_uris ? (client.redirect_uris as string[])[0] : '';
  const request = await authorizationRequest(as, client, redirectUri, { resource, ...(scope && { scope }) });
  const final = await consentInBrowser(browser, request.url, person);
  if (!final.location)
    throw new Error(`authorization did not redirect to the client: ${final.status} ${final.url}\n${final.text.slice(0, 500)}`);
  const params = oauth.validateAuthResponse(as, client, new URL(final.location), request.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, request.verifier, {
    additionalParameters: { resource },
    ...insecure,
  });
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

/** A tools/call on /mcp as a raw HTTP request, to see the status and challenge a client sees. */
export function rawToolCall(baseUrl: string, name: string, args: Record<string, unknown>, authorization?: string): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(authorization && { authorization }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}

/** The JSON-RPC message of an MCP answer, sent as JSON or as one server-sent event. */
export async function readJsonRpc(response: Response): Promise<any> {
  const text = await response.text();
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return JSON.parse(text);
  const data = text.split('\n').find((line) => line.startsWith('data:'));
  if (!data) throw new Error(`no data in the event stream: ${text}`);
  return JSON.parse(data.slice('data:'.length));
}

/** The challenge parameters of a WWW-Authenticate: Bearer header. */
export function bearerChallenge(response: Response): Record<string, string> {
  const header = response.headers.get('www-authenticate') ?? '';
  if (!header.startsWith('Bearer')) return {};
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}
