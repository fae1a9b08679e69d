import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_site_info.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('get_site_info', () => {
  it('counts live and upcoming listings and categories from the database', async () => {
    const services = testServices(t.db);
    const before = (await callTool(tool, services, {})) as { counts: Record<string, number> };
    const category = await insertCategory(t.db);
    await insertListing(t.db, { category_id: category, status: 'live' });
    await insertListing(t.db, { category_id: category, status: 'live' });
    await insertListing(t.db, { category_id: category, status: 'scheduled', launch_week: '2099-01-05' });
    await insertListing(t.db, { category_id: category, status: 'hidden' });
    const after = (await callTool(tool, services, {})) as { counts: Record<string, number> };
    expect(after.counts.live_listings - before.counts.live_listings).toBe(2);
    expect(after.counts.upcoming_listings - before.counts.upcoming_listings).toBe(1);
    expect(after.counts.categories - before.counts.categories).toBe(1);
  });

  it('names the addresses of the API, the docs, MCP and OAuth metadata under PUBLIC_URL', async () => {
    const info = (await callTool(tool, testServices(t.db), {})) as { urls: Record<string, unknown>; mcp_protocol_versions: string[] };
    expect(info.urls.mcp).toBe(`${TEST_PUBLIC_URL}/mcp`);
    expect(info.urls.openapi).toBe(`${TEST_PUBLIC_URL}/api/v1/openapi.json`);
    expect(info.urls.oauth_protected_resource_metadata).toEqual({
      mcp: `${TEST_PUBLIC_URL}/.well-known/oauth-protected-resource/mcp`,
      api: `${TEST_PUBLIC_URL}/.well-known/oauth-protected-resource/api/v1`,
    });
    expect(info.mcp_protocol_versions).toContain('2026-07-28');
  });

  it('takes the site name from the site settings', async () => {
    await t.db.query(
      `INSERT INTO site_settings (key, value) VALUES ('site_name', '"Launch Test"') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    const info = (await callTool(tool, testServices(t.db), {})) as { name: string };
    expect(info.name).toBe('Launch Test');
  });

  it("answers the seller's country from the site settings (DE unless set)", async () => {
    expect(((await callTool(tool, testServices(t.db), {})) as { seller_country: string }).seller_country).toBe('DE');
    await t.db.query(
      `INSERT INTO site_settings (key, value) VALUES ('seller_country', '"NL"') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    expect(((await callTool(tool, testServices(t.db), {})) as { seller_country: string }).seller_country).toBe('NL');
  });

  it('refuses any input property', async () => {
    expect(await refusedPaths(tool, { verbose: true })).toEqual(['/verbose']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
