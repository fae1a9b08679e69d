/**
 * Who may call the site team's operations (issue 29): the admin scope is given only to staff accounts, every staff
 * operation checks the account's role as it is now (so a demoted key stops working at once), and the admin
 * toolset is listed over MCP only to the roles it allows. Each operation's own behaviour is tested beside it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { person, caller as restCaller, type Person } from '../listings/support.js';
import { staffBrowser, staffPerson, type StaffPerson } from './support.js';
import {
  authorizationRequest,
  bearerChallenge,
  consentInBrowser,
  discover,
  obtainTokens,
  rawToolCall,
  readJsonRpc,
  registerClient,
} from '../support/oauth.js';
import { TestBrowser } from '../support/browser.js';
import { validValue } from '../support/schema-arbitrary.js';
import { inputJsonSchema } from '../../src/registry/json-schema.js';
import type { AnyTool } from '../../src/registry/tool.js';
import type { StaffRole } from '../../src/staff/roles.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { adminDeps } from '../support/admin.js';
import { createApiKey, StaffOnlyScopeError } from '../../src/accounts/api-keys.js';
import { csrfOf } from '../auth/pages/page-flows.js';

let t: TestApp;
let admin: StaffPerson;
let editor: StaffPerson;
let moderator: StaffPerson;
let nobody: Person;
beforeAll(async () => {
  t = await startTestApp();
  admin = await staffPerson(t.db, 'admin');
  editor = await staffPerson(t.db, 'editor');
  moderator = await staffPerson(t.db, 'moderator');
  nobody = await person(t.db);
});
afterAll(() => t?.close());

const staffTools = () => t.registry.tools.filter((tool) => tool.staffRole);

/** A staff member whose role does not allow `needed` (an admin may do everything, so none for admin-free tools). */
const outsider = (needed: StaffRole): StaffPerson => (needed === 'editor' ? moderator : editor);

/** MCP tools/call as raw HTTP; answers the HTTP status and, for 200, the problem of a tool error (or undefined). */
async function mcpCall(name: string, args: Record<string, unknown>, key?: string) {
  const response = await rawToolCall(t.url, name, args, key && `Bearer ${key}`);
  if (response.status !== 200) return { status: response.status, challenge: bearerChallenge(response), problem: await response.json() };
  const message = await readJsonRpc(response);
  const result = message.result;
  return { status: 200, problem: result?.isError ? JSON.parse(result.content[0].text) : undefined, result };
}

/** Valid inputs of a tool's schema, for calls that must reach the role check (which follows validation). */
function validInputs(tool: AnyTool): Record<string, unknown>[] {
  return [{}, ...(fc.sample(validValue(inputJsonSchema(tool.input)), { seed: 29, numRuns: 40 }) as Record<string, unknown>[])];
}

async function mcpTools(key?: string, query = ''): Promise<string[]> {
  const response = await fetch(`${t.url}/mcp${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(key && { authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  expect(response.status).toBe(200);
  return ((await readJsonRpc(response)).result.tools as { name: string }[]).map((tool) => tool.name);
}

describe('the site team operations', () => {
  it('are every tool of the admin toolset, each with the admin scope and a role, and nothing else has them', () => {
    expect(staffTools().length).toBeGreaterThanOrEqual(3);
    for (const tool of t.registry.tools) {
      const isStaff = tool.toolset === 'admin';
      expect({ tool: tool.name, staff: tool.staffRole !== undefined, scopes: tool.scopes.includes('admin') }).toEqual({
        tool: tool.name,
        staff: isStaff,
        scopes: isStaff,
      });
      if (isStaff) {
        expect(tool.scopes, tool.name).toEqual(['admin']);
        expect(tool.http.path, tool.name).toMatch(/^\/admin\//);
        expect(tool.errorStatuses, tool.name).toEqual(expect.arrayContaining([401, 403]));
      }
    }
  });

  it('refuse anonymous callers (401 naming the admin scope) and non-staff credentials (403 insufficient_scope) over MCP', async () => {
    for (const tool of staffTools()) {
      const anonymous = await mcpCall(tool.name, {});
      expect(anonymous.status, tool.name).toBe(401);
      expect(anonymous.challenge?.scope, tool.name).toBe('admin');
      const stranger = await mcpCall(tool.name, {}, nobody.key);
      expect(stranger.status, tool.name).toBe(403);
      expect(stranger.challenge, tool.name).toMatchObject({ error: 'insufficient_scope', scope: 'admin' });
    }
  });

  it('refuse a staff member whose role does not allow them with 403 insufficient_role, for valid input, over MCP', async () => {
    for (const tool of staffTools()) {
      const other = outsider(tool.staffRole!);
      let refusal: { status: number; problem?: { status: number; code: string } } | undefined;
      for (const input of validInputs(tool)) {
        const answer = await mcpCall(tool.name, input, other.key);
        if (answer.problem?.status === 400) continue; // a cross-field rule; another sample gets past validation
        refusal = answer;
        break;
      }
      expect(refusal, `${tool.name}: no valid sample got past validation`).toBeDefined();
      expect(refusal!.problem, tool.name).toMatchObject({ status: 403, code: 'insufficient_role' });
    }
  });

  it('answer the same refusals over REST', async () => {
    const call = restCaller(t);
    expect((await call(null, 'GET', '/admin/roles')).status).toBe(401);
    expect((await call(nobody, 'GET', '/admin/roles')).body).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect((await call(editor, 'GET', '/admin/roles')).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await call(moderator, 'GET', '/admin/audit-log')).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    const listed = await call(admin, 'GET', '/admin/roles');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual(
      expect.arrayContaining([
        { email: admin.email, role: 'admin' },
        { email: editor.email, role: 'editor' },
        { email: moderator.email, role: 'moderator' },
      ]),
    );
  });
});

describe('a role change', () => {
  it('applies at once: a demoted admin key is refused on its next call, over REST and MCP, and its tools leave tools/list', async () => {
    const demoted = await staffPerson(t.db, 'admin');
    const call = restCaller(t);
    expect((await call(demoted, 'GET', '/admin/audit-log')).status).toBe(200);
    expect(await mcpTools(demoted.key)).toContain('list_audit_log');
    const changed = await call(admin, 'PUT', '/admin/roles', { email: demoted.email, role: null });
    expect(changed.body).toEqual({ email: demoted.email, role: null, previous: 'admin' });
    expect((await call(demoted, 'GET', '/admin/audit-log')).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await mcpCall('list_audit_log', {}, demoted.key)).problem).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect(await mcpTools(demoted.key)).not.toContain('list_audit_log');
    // Their ordinary operations keep working.
    expect((await call(demoted, 'GET', '/me')).status).toBe(200);
  });

  it('is recorded in the audit log with actor, before and after', async () => {
    const promoted = await staffPerson(t.db, null);
    const call = restCaller(t);
    expect((await call(admin, 'PUT', '/admin/roles', { email: promoted.email.toUpperCase(), role: 'moderator' })).status).toBe(200);
    const log = await call(admin, 'GET', `/admin/audit-log?target_type=account&target_id=${encodeURIComponent(promoted.email)}`);
    expect(log.body.items).toEqual([
      expect.objectContaining({
        action: 'account.role',
        actor: admin.email,
        target_type: 'account',
        target_id: promoted.email,
        before: { role: null },
        after: { role: 'moderator' },
      }),
    ]);
    const byPrefix = await call(admin, 'GET', `/admin/audit-log?action=account.&actor=${encodeURIComponent(admin.email)}`);
    expect(byPrefix.body.items.length).toBeGreaterThanOrEqual(1);
    expect(byPrefix.body.items.every((entry: { action: string }) => entry.action.startsWith('account.'))).toBe(true);
  });

  it('refuses to demote the last admin (409), an unknown e-mail (404) and a bad role (400 naming /role)', async () => {
    const scratch = await startTestApp();
    try {
      const only = await staffPerson(scratch.db, 'admin');
      const call = restCaller(scratch);
      expect((await call(only, 'PUT', '/admin/roles', { email: only.email, role: 'editor' })).body).toMatchObject({
        status: 409,
        code: 'invalid_state',
      });
      expect((await call(only, 'PUT', '/admin/roles', { email: 'nobody@example.com', role: 'editor' })).status).toBe(404);
      const bad = await call(only, 'PUT', '/admin/roles', { email: only.email, role: 'owner' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['/role']);
    } finally {
      await scratch.close();
    }
  });

  it('audit entries cannot be changed or deleted, even in SQL', async () => {
    // As the least-privilege role (TEST_LEAST_PRIVILEGE=1) the grants refuse it before the trigger does.
    await expect(t.db.query(`UPDATE audit_log SET reason = 'rewritten'`)).rejects.toThrow(/append-only|permission denied/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only|permission denied/);
  });
});

describe('the admin scope', () => {
  it('is refused to an API key of an account without a staff role, and given to staff', async () => {
    const make = (accountId: string) => createApiKey(t.db, { accountId, name: 'x', scopes: ['account:read', 'admin'], now: new Date() });
    await expect(make(nobody.id)).rejects.toBeInstanceOf(StaffOnlyScopeError);
    await expect(make(editor.id)).resolves.toMatchObject({ record: { scopes: ['account:read', 'admin'] } });
  });

  it('is offered on the API keys page only to staff, and a forged form asking for it is refused', async () => {
    const stranger = await staffPerson(t.db, null);
    const browser = await staffBrowser(t, stranger);
    const page = await browser.get(`${t.url}/account/api-keys`);
    expect(page.text).not.toContain('value="admin"');
    const csrf = await csrfOf(t, browser, '/account/api-keys');
    const forged = await browser.post(
      `${t.url}/account/api-keys`,
      { name: 'sneaky', scopes: ['account:read', 'admin'], csrf },
      { follow: false },
    );
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('Only accounts with a staff role');
    const keys = await t.db.query<{ name: string }>('SELECT name FROM api_keys WHERE account_id = $1', [stranger.id]);
    expect(keys.map((k) => k.name)).toEqual(['test']);
    const staffPage = await (await staffBrowser(t, editor)).get(`${t.url}/account/api-keys`);
    expect(staffPage.text).toContain('value="admin"');
  });

  it('is refused by the CLI to a non-staff account, and set-role makes the first admin', async () => {
    const deps = adminDeps(t.db, () => new Date());
    const newcomer = await staffPerson(t.db, null);
    const refused = await runAdminCommand(deps, ['create-api-key', newcomer.email, '--scopes', 'admin']);
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain('staff role');
    const made = await runAdminCommand(deps, ['set-role', newcomer.email, 'admin']);
    expect(made).toEqual({ exitCode: 0, output: `${newcomer.email} now has the role admin (was none)` });
    expect((await runAdminCommand(deps, ['set-role', newcomer.email, 'admin'])).output).toContain('nothing changed');
    expect((await runAdminCommand(deps, ['create-api-key', newcomer.email, '--scopes', 'admin'])).exitCode).toBe(0);
    expect((await runAdminCommand(deps, ['set-role', newcomer.email, 'owner'])).exitCode).toBe(2);
    expect((await runAdminCommand(deps, ['set-role', 'nobody@example.com', 'editor'])).exitCode).toBe(1);
    const entry = await t.db.one<{ actor: string; actor_id: string | null }>(
      `SELECT actor, actor_id FROM audit_log WHERE action = 'account.role' AND target_id = $1`,
      [newcomer.email],
    );
    expect(entry).toEqual({ actor: 'command line', actor_id: null });
  });
});

describe('tools/list over MCP', () => {
  it('shows the site team operations only to staff, each role its own', async () => {
    const all = staffTools().map((tool) => tool.name);
    const anonymous = await mcpTools();
    expect(anonymous.filter((name) => all.includes(name))).toEqual([]);
    expect((await mcpTools(nobody.key)).filter((name) => all.includes(name))).toEqual([]);
    expect(await mcpTools(undefined, '?toolsets=admin')).toEqual([]);
    const asAdmin = await mcpTools(admin.key);
    expect(asAdmin.filter((name) => all.includes(name)).sort()).toEqual([...all].sort());
    for (const [who, role] of [
      [editor, 'editor'],
      [moderator, 'moderator'],
    ] as const) {
      const seen = (await mcpTools(who.key)).filter((name) => all.includes(name)).sort();
      expect(seen, role).toEqual(
        staffTools()
          .filter((tool) => tool.staffRole === role)
          .map((tool) => tool.name)
          .sort(),
      );
    }
  });
});

describe('the admin scope through OAuth', () => {
  const REDIRECT = 'http://127.0.0.1:9/callback';

  it('alone, is refused (invalid_scope) to a person without a staff role, without a consent page, and nothing is granted', async () => {
    // Asked beside other scopes, the others are granted without it (test/auth/staff-scope-partial-grant.test.ts).
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const request = await authorizationRequest(as, client, REDIRECT, { scope: 'admin', resource: `${t.url}/mcp` });
    const stranger = await staffPerson(t.db, null);
    const final = await consentInBrowser(new TestBrowser(), request.url, stranger);
    expect(final.location).toBeTruthy();
    const back = new URL(final.location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('error_description')).toContain('staff');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('is granted to staff, and the token calls the tools of their role over MCP', async () => {
    const as = await discover(t.url);
    const client = await registerClient(as, REDIRECT);
    const tokens = await obtainTokens(as, client, moderator, `${t.url}/mcp`, new TestBrowser(), 'account:read admin');
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['admin']));
    expect((await mcpCall('list_staff', {}, tokens.access_token)).problem).toMatchObject({ code: 'insufficient_role' });
    expect(await mcpTools(tokens.access_token)).not.toContain('list_staff');
    await t.db.query(`UPDATE accounts SET role = 'admin' WHERE id = $1`, [moderator.id]);
    try {
      const listed = await mcpCall('list_staff', {}, tokens.access_token);
      expect(listed.problem).toBeUndefined();
      expect(listed.result.structuredContent.items).toEqual(expect.arrayContaining([{ email: moderator.email, role: 'admin' }]));
    } finally {
      await t.db.query(`UPDATE accounts SET role = 'moderator' WHERE id = $1`, [moderator.id]);
    }
  });
});
