import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { discover, insecure, makeAccount, obtainTokens, registerClient } from '../support/oauth.js';
import { captureLog, type CapturedLog } from './capture.js';

describe('createLogger', () => {
  it('writes one JSON object per line, with the level by name', () => {
    const log = captureLog();
    log.logger.info({ request_id: 'r1' }, 'first');
    log.logger.warn('second');
    expect(log.text().split('\n').filter(Boolean)).toHaveLength(2);
    expect(log.lines()[0]).toMatchObject({ level: 'info', request_id: 'r1', msg: 'first' });
    expect(log.lines()[1]).toMatchObject({ level: 'warn', msg: 'second' });
  });

  it('redacts credentials in headers and in fields named like them', () => {
    const log = captureLog();
    log.logger.info(
      {
        req: { headers: { authorization: 'Bearer header-secret', cookie: 'ld_session=cookie-secret' } },
        headers: { authorization: 'Basic basic-secret', 'set-cookie': 'ld_session=set-cookie-secret' },
        password: 'top-password',
        body: { token: 'body-token', refresh_token: 'body-refresh', client_secret: 'body-client-secret', api_key: 'body-api-key' },
        form: { password: 'form-password', key: 'form-key' },
      },
      'with secrets',
    );
    for (const secret of [
      'header-secret',
      'cookie-secret',
      'basic-secret',
      'set-cookie-secret',
      'top-password',
      'body-token',
      'body-refresh',
      'body-client-secret',
      'body-api-key',
      'form-password',
      'form-key',
    ]) {
      expect(log.text()).not.toContain(secret);
    }
    expect(log.lines()[0]).toMatchObject({
      password: '[redacted]',
      body: { token: '[redacted]' },
      headers: { authorization: '[redacted]' },
    });
  });

  it("keeps an error's type, message, code and stack, and drops what else it carries", () => {
    const log = captureLog();
    const error = Object.assign(new Error('duplicate key value violates unique constraint "oauth_pkey"'), {
      code: '23505',
      detail: 'Key (id)=(driver-detail-token) already exists.',
      config: { headers: { authorization: 'Bearer config-secret' } },
    });
    log.logger.error({ err: error, request_id: 'r2' }, 'failed');
    const [line] = log.lines();
    expect(line.err).toMatchObject({ type: 'Error', code: '23505', message: expect.stringContaining('duplicate key') });
    expect(line.err.stack).toMatch(/\n\s+at /);
    expect(log.text()).not.toContain('driver-detail-token');
    expect(log.text()).not.toContain('config-secret');
  });

  it('writes nothing when silent', () => {
    const written: string[] = [];
    createLogger({ level: 'silent', destination: { write: (line) => void written.push(line) } }).error('nothing');
    expect(written).toEqual([]);
  });
});

describe("the app's log", () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    t = await startTestApp({ log: log.logger });
  });
  afterAll(() => t?.close());

  it('never holds a password, API key, session cookie, OAuth code, state or token', async () => {
    const person = await makeAccount(t.db);
    const { key } = await createApiKey(t.db, {
      accountId: person.id,
      name: 'logged calls',
      scopes: ['account:read', 'listings:write'],
      now: new Date(),
    });
    const secrets: string[] = [key, person.password];
    const requestIds: string[] = [];
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${t.url}${path}`, init);
      requestIds.push(response.headers.get('request-id')!);
      await response.arrayBuffer();
      return response;
    };

    expect((await call('/api/v1/me', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    secrets.push('ldk_not-a-real-key-but-secret');
    expect((await call('/api/v1/me', { headers: { authorization: 'Bearer ldk_not-a-real-key-but-secret' } })).status).toBe(401);
    secrets.push('json-body-password', 'json-body-token');
    const edit = await call('/api/v1/drafts/00000000-0000-4000-8000-000000000000', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'json-body-password', token: 'json-body-token' }),
    });
    expect(edit.status).toBeGreaterThanOrEqual(400);
    secrets.push('secret-code', 'secret-state', 'query-access-token');
    await call('/oauth/authorize?client_id=unknown&code=secret-code&state=secret-state');
    await call('/signin?code=secret-code&state=secret-state');
    await call('/api/v1/categories?access_token=query-access-token');

    const browser = new TestBrowser();
    const form = await browser.get(`${t.url}/signin`);
    const signedIn = await browser.post(
      `${t.url}/signin`,
      { email: person.email, password: person.password, csrf: form.field('csrf'), return_to: '/account' },
      { follow: false },
    );
    expect(signedIn.status).toBe(303);
    secrets.push(browser.cookie(t.url, 'ld_session')!, form.field('csrf'));
    expect((await browser.get(`${t.url}/account`)).status).toBe(200);

    const as = await discover(t.url);
    const client = await registerClient(as, 'http://127.0.0.1:9/callback');
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`, browser);
    secrets.push(tokens.access_token, tokens.refresh_token!);
    expect((await call('/api/v1/me', { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        additionalParameters: { resource: `${t.url}/api/v1` },
        ...insecure,
      }),
    );
    secrets.push(refreshed.access_token, refreshed.refresh_token!);
    const reused = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    expect(reused.status).toBe(400);

    for (const id of requestIds) await log.requestLine(id);
    await expect
      .poll(() => log.lines().some((line) => line.method === 'POST' && line.path === '/oauth/token' && line.status === 400))
      .toBe(true);
    expect(log.lines().some((line) => line.oauth_error === 'invalid_grant')).toBe(true);
    const text = log.text();
    for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret);
    expect(text).not.toMatch(/Bearer |"(headers|authorization|cookie|body|query)"/i);
  });
});
