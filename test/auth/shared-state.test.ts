import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { loadRegistry } from '../../src/registry/registry.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort } from '../support/app.js';
import { discover, insecure, makeAccount, obtainTokens, registerClient } from '../support/oauth.js';

/**
 * Two instances of the service behind one address (same PUBLIC_URL, one database), and a restart:
 * what one instance issued, the other honours, because clients, grants, tokens and keys live in PostgreSQL.
 */
let t: TestDatabase;
let publicUrl: string;
const apps: App[] = [];

async function instance(port: number): Promise<{ app: App; url: string }> {
  const config = { ...loadConfig({ PORT: String(port), PUBLIC_URL: publicUrl }), host: '127.0.0.1' };
  const app = await createApp({ config, db: t.db, registry: await loadRegistry() });
  apps.push(app);
  return { app, url: await app.listen(port, '127.0.0.1') };
}

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.drop();
});

describe('state shared by every instance', () => {
  it('honours tokens and refresh tokens issued by another instance, and after a restart', async () => {
    const firstPort = await freePort();
    publicUrl = `http://127.0.0.1:${firstPort}`;
    const first = await instance(firstPort);
    const second = await instance(await freePort());
    const signingKeys = await t.db.query(`SELECT name FROM service_secrets ORDER BY name`);
    expect(signingKeys.map((row) => row.name)).toEqual([
      'csrf_key',
      'oauth_cookie_keys',
      'oauth_signing_keys',
      'page_view_key',
      'rate_limit_key',
    ]);

    const person = await makeAccount(t.db);
    const as = await discover(first.url);
    const client = await registerClient(as, 'http://127.0.0.1:9/callback');
    const tokens = await obtainTokens(as, client, person, `${publicUrl}/api/v1`);

    const meAt = (url: string, token: string) => fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await meAt(second.url, tokens.access_token)).status).toBe(200);

    const atSecond: oauth.AuthorizationServer = { ...as, token_endpoint: `${second.url}/oauth/token` };
    const refreshed = await oauth.processRefreshTokenResponse(
      atSecond,
      client,
      await oauth.refreshTokenGrantRequest(atSecond, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect((await meAt(first.url, refreshed.access_token)).status).toBe(200);

    await first.app.close();
    const restarted = await instance(firstPort);
    expect((await meAt(restarted.url, refreshed.access_token)).status).toBe(200);
    expect((await meAt(restarted.url, tokens.access_token)).status).toBe(200);
  });
});
