import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { readJsonRpc, rawToolCall } from '../support/oauth.js';
import { closeSlugs } from '../../src/catalogue/close-slugs.js';
import { refreshSearchTerms } from '../../src/seed/search-terms.js';

/**
 * An unknown listing slug's 404 suggests up to three close slugs of public listings, over REST and MCP alike
 * (get_listing, list_reviews, list_comments, get_alternatives, get_badges and compare_listings share it).
 */
let t: TestApp;
let category: number;

beforeAll(async () => {
  t = await startTestApp();
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

const listing = (slug: string, name: string, fields: { status?: 'draft' | 'hidden' | 'scheduled' | 'live'; votes?: number } = {}) =>
  insertListing(t.db, { slug, name, category_id: category, status: fields.status, tagline: `${name} does things` }).then(async (id) => {
    if (fields.votes) await t.db.query('UPDATE listings SET votes_count = $2 WHERE id = $1', [id, fields.votes]);
    return id;
  });

async function rest(path: string) {
  const response = await fetch(`${t.url}/api/v1${path}`);
  return { status: response.status, body: await response.json() };
}

async function mcp(tool: string, args: Record<string, unknown>) {
  const { result } = await readJsonRpc(await rawToolCall(t.url, tool, args));
  expect(result.isError).toBe(true);
  return JSON.parse(result.content[0].text);
}

describe('close slugs', () => {
  it('finds a listing whose slug has no hyphen for one that has (rocket-maple → rocketmaple), and the other way round', async () => {
    await listing('rocketmaple', 'RocketMaple');
    await listing('quiet-harbor', 'Quiet Harbor');
    // Published today: the typo dictionary is rebuilt daily and does not know their words yet.
    expect(await closeSlugs(t.db, 'rocket-maple')).toEqual(['rocketmaple']);
    expect(await closeSlugs(t.db, 'quietharbor')).toEqual(['quiet-harbor']);
    await refreshSearchTerms(t.db);
    expect(await closeSlugs(t.db, 'rocket-maple')).toEqual(['rocketmaple']);
    // A typo inside a word is found through the dictionary.
    expect(await closeSlugs(t.db, 'rockettmaple')).toEqual(['rocketmaple']);
    expect(await closeSlugs(t.db, 'qiuet-harbor')).toEqual(['quiet-harbor']);
  });

  it('never suggests a hidden, draft or badge-awaiting listing, even one whose words are in the dictionary', async () => {
    const hidden = await listing('lanternfish', 'Lanternfish');
    await listing('lantern-fish-app', 'Lantern Fish App', { status: 'draft' });
    await insertListing(t.db, { slug: 'lanternfishy', name: 'Lanternfishy', category_id: category, status: 'awaiting_badge' });
    await refreshSearchTerms(t.db); // while it was live
    await t.db.query(`UPDATE listings SET status = 'hidden' WHERE id = $1`, [hidden]);
    expect(await closeSlugs(t.db, 'lantern-fish')).toEqual([]);
    await listing('lanternfisher', 'Lanternfisher', { status: 'scheduled' });
    expect(await closeSlugs(t.db, 'lantern-fish')).toEqual(['lanternfisher']); // upcoming listings are public
  });

  it('suggests at most three, the closest first (ties: the most voted)', async () => {
    await listing('pixelforge', 'PixelForge', { votes: 1 });
    await listing('pixel-forge-pro', 'Pixel Forge Pro', { votes: 50 });
    await listing('pixelforged', 'Pixelforged', { votes: 5 });
    await listing('pixelforge-studio', 'PixelForge Studio', { votes: 500 });
    await listing('pixelforge-labs', 'PixelForge Labs', { votes: 40 });
    const found = await closeSlugs(t.db, 'pixel-forge');
    expect(found).toHaveLength(3);
    expect(found.slice(0, 2)).toEqual(['pixelforge', 'pixelforged']);
  });

  it('suggests nothing for an unrelated slug', async () => {
    expect(await closeSlugs(t.db, 'zqxv-wombatry')).toEqual([]);
    expect(await closeSlugs(t.db, 'a')).toEqual([]);
  });
});

describe('the 404 of an unknown listing', () => {
  it('names the suggestions in its detail and in `suggestions`, the same over REST and MCP', async () => {
    const fromRest = await rest('/listings/rocket-maple');
    expect(fromRest.status).toBe(404);
    expect(fromRest.body).toMatchObject({
      code: 'not_found',
      detail: 'No listing "rocket-maple" exists. Did you mean rocketmaple?',
      suggestions: ['rocketmaple'],
    });
    const fromMcp = await mcp('get_listing', { slug: 'rocket-maple' });
    expect({ ...fromMcp, request_id: null }).toEqual({ ...fromRest.body, request_id: null });
  });

  it('answers an empty `suggestions` and no question when nothing is close', async () => {
    const { status, body } = await rest('/listings/zqxv-wombatry');
    expect(status).toBe(404);
    expect(body).toMatchObject({ detail: 'No listing "zqxv-wombatry" exists.', suggestions: [] });
  });

  it('is answered by every public tool that takes a listing slug', async () => {
    for (const path of ['/listings/rocket-maple/reviews', '/listings/rocket-maple/comments', '/listings/rocket-maple/alternatives']) {
      const { status, body } = await rest(path);
      expect(status, path).toBe(404);
      expect(body.suggestions, path).toEqual(['rocketmaple']);
    }
    expect((await rest('/listings/rocket-maple/badges')).body.suggestions).toEqual(['rocketmaple']);
    const compared = await rest('/compare?a=quiet-harbor&b=rocket-maple');
    expect(compared.body).toMatchObject({ status: 404, detail: expect.stringContaining('"rocket-maple"'), suggestions: ['rocketmaple'] });
    expect((await mcp('compare_listings', { a: 'quiet-harbr', b: 'rocketmaple' })).suggestions).toEqual(['quiet-harbor']);
  });
});
