/**
 * A client that asks for every advertised scope (the MCP Inspector does) on an account without a staff role gets the
 * rest and not admin (RFC 6749 §3.3), and the token response's `scope` says so; staff get admin. The staff-only scope
 * never reaches a non-staff account: not in the access token, the refresh token, a refresh, a later authorization, nor
 * after a demotion. A request for nothing but the staff-only scope is still refused (invalid_scope).
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import {
  authorizationRequest,
  bearerChallenge,
  consentInBrowser,
  discover,
  insecure,
  makeAccount,
  obtainTokens,
  openAuthorizationSignedIn,
  rawToolCall,
  readJsonRpc,
  registerClient,
} from '../support/oauth.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const NOT_STAFF = ['account:read', 'listings:write', 'orders:write', 'webhooks:write'];
type Person = Awaited<ReturnType<typeof makeAccount>>;

let t: TestApp;
let as: oauth.AuthorizationServer;
/** Every scope the authorization server's metadata advertises, as a client that asks for all of them sends it. */
let everyScope: string;
beforeAll(async () => {
  t = await startTestApp();
  as = await discover(t.url);
  everyScope = (as.scopes_supported ?? []).join(' ');
});
afterAll(() => t?.close());

const mcp = () => `${t.url}/mcp`;
const scopesOf = (scope: string | undefined) => (scope ?? '').split(' ').filter(Boolean).sort();

async function personWithRole(role: string | null): Promise<Person> {
  const person = await makeAccount(t.db);
  if (role) await t.db.query('UPDATE accounts SET role = $2 WHERE id = $1', [person.id, role]);
  return person;
}

const setRole = (person: Person, role: string | null) => t.db.query('UPDATE accounts SET role = $2 WHERE id = $1', [person.id, role]);

/** A tools/call over MCP: the HTTP status, the challenge of a refusal, and whether the tool answered an error. */
async function callTool(name: string, token: string) {
  const response = await rawToolCall(t.url, name, {}, `Bearer ${token}`);
  if (response.status !== 200) return { status: response.status, challenge: bearerChallenge(response) };
  const result = (await readJsonRpc(response)).result;
  return { status: 200, isError: Boolean(result?.isError), content: result?.structuredContent };
}

async function storedScope(model: 'AccessToken' | 'RefreshToken', id: string): Promise<string[]> {
  const row = await t.db.one<{ scope: string | null }>(
    `SELECT payload->>'scope' AS scope FROM oauth_records WHERE model = $1 AND id = $2`,
    [model, id],
  );
  if (!row) throw new Error(`no ${model} stored under that value`);
  return scopesOf(row.scope ?? undefined);
}

async function storedGrants(person: Person) {
  return t.db.query<{ resources: Record<string, string> | null; rejected: { resources?: Record<string, string> } | null; openid: unknown }>(
    `SELECT payload->'resources' AS resources, payload->'rejected' AS rejected, payload->'openid' AS openid
       FROM oauth_records WHERE model = 'Grant' AND payload->>'accountId' = $1`,
    [person.id],
  );
}

const refresh = (client: oauth.Client, token: string, scope?: string) =>
  oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, { ...insecure, ...(scope && { additionalParameters: { scope } }) });

/** The consent page's list of what the app will be able to do, and the part saying what it will not get. */
function consentSections(page: PageResponse): { granted: string; notGranted: string } {
  const granted = /It will be able to:<\/p><ul class="scopes">([\s\S]*?)<\/ul>/.exec(page.text)?.[1] ?? '';
  const notGranted = /<div class="not-granted">([\s\S]*?)<\/div>/.exec(page.text)?.[1] ?? '';
  return { granted, notGranted };
}

describe('a client asking for every advertised scope', () => {
  it('reads them from the metadata: they include admin, which only staff can be given', () => {
    expect(everyScope.split(' ')).toEqual(expect.arrayContaining([...NOT_STAFF, 'admin']));
  });

  it('shows a non-staff person what is granted, and in words what is not and why', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await personWithRole(null);
    const request = await authorizationRequest(as, client, REDIRECT, { scope: everyScope, resource: mcp() });
    const page = await openAuthorizationSignedIn(new TestBrowser(), request.url, person);
    expect(page.status).toBe(200);
    const { granted, notGranted } = consentSections(page);
    for (const scope of NOT_STAFF) expect(granted).toContain(`(${scope})`);
    expect(granted).not.toContain('admin');
    expect(notGranted).toContain('(admin, staff only)');
    expect(notGranted).toContain('Act for the site team');
    expect(notGranted).toContain('only accounts with a staff role can allow it');
    expect(notGranted).toContain('<strong>not</strong>');
  });

  it('completes sign-in for a non-staff account: the token has every other scope, and the response says so', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await personWithRole(null);
    const tokens = await obtainTokens(as, client, person, mcp(), new TestBrowser(), everyScope);
    expect(scopesOf(tokens.scope)).toEqual([...NOT_STAFF].sort());
    expect(tokens.refresh_token).toBeTruthy();
    expect(await storedScope('AccessToken', tokens.access_token)).toEqual([...NOT_STAFF].sort());
    expect(await storedScope('RefreshToken', tokens.refresh_token!)).not.toContain('admin');

    const account = await callTool('get_account', tokens.access_token);
    expect(account).toMatchObject({ status: 200, isError: false });
    expect(account.content.account.email).toBe(person.email);
    const staffTool = await callTool('list_staff', tokens.access_token);
    expect(staffTool.status).toBe(403);
    expect(staffTool.challenge).toMatchObject({ error: 'insufficient_scope', scope: 'admin' });

    // The grant records admin as not granted (so the person is not asked again), never as granted.
    const [grant] = await storedGrants(person);
    expect(scopesOf(grant.resources?.[mcp()])).toEqual([...NOT_STAFF].sort());
    expect(scopesOf(grant.rejected?.resources?.[mcp()])).toEqual(['admin']);
    expect(JSON.stringify(grant.openid ?? {})).not.toContain('admin');
  });

  it('gives a staff account admin as well, and its token calls the tools of its role', async () => {
    const client = await registerClient(as, REDIRECT);
    const staff = await personWithRole('admin');
    const browser = new TestBrowser();
    const request = await authorizationRequest(as, client, REDIRECT, { scope: everyScope, resource: mcp() });
    const page = await openAuthorizationSignedIn(browser, request.url, staff);
    expect(consentSections(page).granted).toContain('(admin)');
    expect(page.text).not.toContain('not-granted');

    const tokens = await obtainTokens(as, client, staff, mcp(), browser, everyScope);
    expect(scopesOf(tokens.scope)).toEqual([...NOT_STAFF, 'admin'].sort());
    const listed = await callTool('list_staff', tokens.access_token);
    expect(listed).toMatchObject({ status: 200, isError: false });
    expect(listed.content.items).toEqual(expect.arrayContaining([{ email: staff.email, role: 'admin' }]));
  });
});

describe('admin stays staff-only', () => {
  it('is refused (invalid_scope) when it is all a non-staff account is asked for, with or without openid, and nothing is granted', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await personWithRole(null);
    for (const scope of ['admin', 'openid offline_access admin']) {
      const request = await authorizationRequest(as, client, REDIRECT, { scope, resource: mcp() });
      const final = await consentInBrowser(new TestBrowser(), request.url, person);
      expect(final.location, scope).toBeTruthy();
      const back = new URL(final.location!);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get('error'), scope).toBe('invalid_scope');
      expect(back.searchParams.get('error_description')).toContain('staff');
      expect(back.searchParams.get('code')).toBeNull();
      expect(back.searchParams.get('state')).toBe(request.state);
    }
    expect(await storedGrants(person)).toHaveLength(0);
  });

  it('is not had by refreshing, even when the refresh asks for it', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await personWithRole(null);
    const first = await obtainTokens(as, client, person, mcp(), new TestBrowser(), everyScope);

    const asked = await refresh(client, first.refresh_token!, 'admin');
    expect(asked.status).toBe(400);
    expect((await asked.json()).error).toBe('invalid_scope');
    const askedWithOthers = await refresh(client, first.refresh_token!, 'account:read admin');
    expect(askedWithOthers.status).toBe(400);

    // The refused refreshes consumed nothing: the token still refreshes, to the same scopes.
    const second = await oauth.processRefreshTokenResponse(as, client, await refresh(client, first.refresh_token!));
    expect(scopesOf(second.scope)).toEqual([...NOT_STAFF].sort());
    expect(await storedScope('RefreshToken', second.refresh_token!)).not.toContain('admin');
    expect((await callTool('list_staff', second.access_token)).status).toBe(403);
    expect((await callTool('get_account', second.access_token)).status).toBe(200);
  });

  it('is not had on a later authorization in the same browser, which is not asked about it again', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await personWithRole(null);
    const browser = new TestBrowser();
    await obtainTokens(as, client, person, mcp(), browser, everyScope);
    const request = await authorizationRequest(as, client, REDIRECT, { scope: everyScope, resource: mcp() });
    const again = await browser.get(request.url.toString());
    expect(again.location).toContain('code=');
    const tokens = await obtainTokens(as, client, person, mcp(), browser, everyScope);
    expect(scopesOf(tokens.scope)).toEqual([...NOT_STAFF].sort());
  });

  it('leaves an account that loses its staff role: refreshes and new authorizations carry no admin', async () => {
    const client = await registerClient(as, REDIRECT);
    const demoted = await personWithRole('admin');
    const browser = new TestBrowser();
    const first = await obtainTokens(as, client, demoted, mcp(), browser, everyScope);
    expect(scopesOf(first.scope)).toContain('admin');
    await setRole(demoted, null);

    const refreshed = await oauth.processRefreshTokenResponse(as, client, await refresh(client, first.refresh_token!));
    expect(scopesOf(refreshed.scope)).toEqual([...NOT_STAFF].sort());
    expect(await storedScope('AccessToken', refreshed.access_token)).not.toContain('admin');
    expect(await storedScope('RefreshToken', refreshed.refresh_token!)).not.toContain('admin');
    expect((await callTool('list_staff', refreshed.access_token)).challenge).toMatchObject({ error: 'insufficient_scope' });

    // Asked again in the same browser: the consent page says admin is not granted, and the token has none.
    const request = await authorizationRequest(as, client, REDIRECT, { scope: everyScope, resource: mcp() });
    const page = await browser.get(request.url.toString());
    expect(consentSections(page).notGranted).toContain('(admin, staff only)');
    const tokens = await obtainTokens(as, client, demoted, mcp(), browser, everyScope);
    expect(scopesOf(tokens.scope)).toEqual([...NOT_STAFF].sort());
    const [grant] = await storedGrants(demoted);
    expect(scopesOf(grant.resources?.[mcp()])).not.toContain('admin');
  });

  it('is asked for again once the account is given a staff role', async () => {
    const client = await registerClient(as, REDIRECT);
    const promoted = await personWithRole(null);
    const browser = new TestBrowser();
    expect(scopesOf((await obtainTokens(as, client, promoted, mcp(), browser, everyScope)).scope)).not.toContain('admin');
    await setRole(promoted, 'admin');
    const request = await authorizationRequest(as, client, REDIRECT, { scope: everyScope, resource: mcp() });
    const page = await browser.get(request.url.toString());
    expect(page.location).toBeNull();
    expect(consentSections(page).granted).toContain('(admin)');
    const tokens = await obtainTokens(as, client, promoted, mcp(), browser, everyScope);
    expect(scopesOf(tokens.scope)).toContain('admin');
  });
});

describe('scopes the server does not advertise', () => {
  // As before this change: oidc-provider drops a scope it does not know, and grants none of it.
  it('are not granted: the token has the known ones, and the response says which', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await personWithRole(null);
    const tokens = await obtainTokens(as, client, person, mcp(), new TestBrowser(), 'account:read not-a-scope admin:all');
    expect(scopesOf(tokens.scope)).toEqual(['account:read']);
    expect(await storedScope('AccessToken', tokens.access_token)).toEqual(['account:read']);
  });

  it('alone get no code', async () => {
    const client = await registerClient(as, REDIRECT);
    const person = await personWithRole(null);
    const request = await authorizationRequest(as, client, REDIRECT, { scope: 'not-a-scope', resource: mcp() });
    const final = await consentInBrowser(new TestBrowser(), request.url, person);
    const back = new URL(final.location!);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBeTruthy();
  });
});
