import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { seedDemo } from '../../src/seed/demo.js';

/**
 * The directory's public pages as MCP resources and the service's prompts, read by the SDK's client on both
 * protocol eras; the 2026-07-28 caching fields on the wire.
 */
const NOW = new Date('2026-11-18T12:00:00Z');
const ERAS: { name: string; options: ClientOptions }[] = [
  { name: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
  { name: '2025-11-25', options: {} },
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
}, 120_000);
afterAll(() => t?.close());

const textOf = (contents: { mimeType?: string; text?: unknown }[], mimeType: string) =>
  contents.find((content) => content.mimeType === mimeType)?.text as string;

describe.each(ERAS)('resources and prompts ($name)', ({ options }) => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  async function connect(): Promise<Client> {
    const client = new Client({ name: 'resources-test', version: '1.0.0' }, options);
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
    return client;
  }

  it("has a URI template per kind of public page, at the page's own address", async () => {
    const { resourceTemplates } = await (await connect()).listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual(
      ['blog/{slug}', 'categories/{slug}', 'founders/{slug}', 'listings/{slug}', 'weeks/{week}'].map((path) => `${t.url}/${path}`),
    );
    expect(resourceTemplates.every((template) => template.mimeType === 'application/json' && template.description)).toBe(true);
  });

  it('lists every public page (the client follows the cursors), each once, categories first and listings last', async () => {
    const client = await connect();
    const counts = await t.db.one<{ n: number }>(
      `SELECT ((SELECT count(*) FROM categories) + (SELECT count(*) FROM blog_posts WHERE status = 'published' AND published_at <= now())
        + (SELECT count(*) FROM founders f WHERE EXISTS (SELECT 1 FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id WHERE lf.founder_id = f.id AND l.status = 'live'))
        + (SELECT count(DISTINCT launch_week) FROM listings WHERE status = 'live') + (SELECT count(*) FROM listings WHERE status = 'live'))::int AS n`,
    );
    expect(counts!.n).toBeGreaterThan(100); // more than one page
    const { resources } = await client.listResources({}, { cacheMode: 'bypass' });
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toHaveLength(counts!.n);
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris[0]).toMatch(new RegExp(`^${t.url}/categories/`));
    expect(uris.at(-1)).toMatch(new RegExp(`^${t.url}/listings/`));
    expect(resources.every((resource) => resource.name && resource.title && resource.mimeType === 'application/json')).toBe(true);
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
  });

  it('reads a listing as the JSON get_listing answers and as Markdown; every kind reads', async () => {
    const client = await connect();
    const { structuredContent: found } = await client.callTool({ name: 'search_listings', arguments: { per_page: 1 } });
    const listing = (found as { items: { slug: string; profile_url: string; name: string }[] }).items[0]!;
    expect(listing.profile_url).toBe(`${t.url}/listings/${listing.slug}`);
    const { contents } = await client.readResource({ uri: listing.profile_url });
    const { structuredContent: profile } = await client.callTool({ name: 'get_listing', arguments: { slug: listing.slug } });
    expect(JSON.parse(textOf(contents, 'application/json'))).toEqual(profile);
    const markdown = textOf(contents, 'text/markdown');
    expect(markdown.startsWith(`# ${listing.name.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`)}\n`)).toBe(true);
    expect(markdown).toContain('**tagline**');

    const { resources } = await client.listResources({}, { cacheMode: 'bypass' });
    for (const kind of ['categories', 'blog', 'founders', 'weeks']) {
      const uri = resources.find((resource) => resource.uri.startsWith(`${t.url}/${kind}/`))!.uri;
      const read = await client.readResource({ uri });
      expect(JSON.parse(textOf(read.contents, 'application/json')), uri).toBeTypeOf('object');
    }
    const week = await client.readResource({ uri: `${t.url}/weeks/this` });
    expect(JSON.parse(textOf(week.contents, 'application/json')).week.start).toBe('2026-11-16');
  });

  it('answers an unknown page, a bad slug and a foreign address with resource-not-found (-32602, the uri in data)', async () => {
    const client = await connect();
    for (const uri of [
      `${t.url}/listings/no-such-product`,
      `${t.url}/listings/NOT_A_SLUG`,
      'https://elsewhere.example/listings/x',
      `${t.url}/weeks/someday`,
    ]) {
      const failure = await client.readResource({ uri }).then(
        () => undefined,
        (error: { code?: number; data?: { uri?: string } }) => error,
      );
      expect(failure, uri).toMatchObject({ code: -32602 });
      expect(failure?.data?.uri, uri).toBe(uri);
    }
  });

  it('offers three prompts with their arguments, and completes categories, listings and weeks', async () => {
    const client = await connect();
    const { prompts } = await client.listPrompts();
    expect(
      Object.fromEntries(prompts.map((prompt) => [prompt.name, (prompt.arguments ?? []).map((a) => `${a.name}${a.required ? '!' : ''}`)])),
    ).toEqual({
      launch_my_product: ['url!'],
      compare_products: ['need!', 'category', 'listing'],
      weekly_launch_digest: ['week', 'category'],
    });
    const category = (await t.db.one<{ slug: string }>('SELECT slug FROM categories ORDER BY slug LIMIT 1'))!.slug;
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'compare_products' },
      argument: { name: 'category', value: category.slice(0, 2) },
    });
    expect(completed.completion.values).toContain(category);
    expect(completed.completion.values.every((value) => value.startsWith(category.slice(0, 2)))).toBe(true);
    const weeks = await client.complete({
      ref: { type: 'ref/prompt', name: 'weekly_launch_digest' },
      argument: { name: 'week', value: 'l' },
    });
    expect(weeks.completion.values).toEqual(['last']);
    const listing = (await t.db.one<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY id LIMIT 1`))!.slug;
    const slugs = await client.complete({
      ref: { type: 'ref/resource', uri: `${t.url}/listings/{slug}` },
      argument: { name: 'slug', value: listing.slice(0, 4) },
    });
    expect(slugs.completion.values).toContain(listing);
  });

  it('walks a launch through the tools, and gives a digest with the week as an embedded resource', async () => {
    const client = await connect();
    const launch = await client.getPrompt({ name: 'launch_my_product', arguments: { url: 'https://acme.example' } });
    const steps = (launch.messages[0]!.content as { text: string }).text;
    for (const tool of ['submit_listing', 'get_draft', 'update_draft', 'submit_draft', 'choose_free_listing', 'create_checkout'])
      expect(steps).toContain(tool);
    expect(steps).toContain('https://acme.example');
    // When to switch views, that publishing locks the draft, extra categories, a business buyer's VAT number, the badge.
    expect(steps).toMatch(/full view \(get_draft without view\) to review/);
    expect(steps).toMatch(/the draft can no longer be edited afterwards/);
    expect(steps).toMatch(/other categories are kept for a paid launch/);
    expect(steps).toMatch(/as a business, ask for my VAT number/);
    expect(steps).toMatch(/choose_free_listing \(view "brief"\) answers the badge/);
    expect(steps).not.toContain('get_badges');

    const digest = await client.getPrompt({ name: 'weekly_launch_digest', arguments: { week: 'last' } });
    const resource = (digest.messages[1]!.content as { type: string; resource: { uri: string; text: string } }).resource;
    expect(resource.uri).toBe(`${t.url}/weeks/last`);
    expect(JSON.parse(resource.text).week.start).toBe('2026-11-09');

    await expect(
      client.getPrompt({ name: 'compare_products', arguments: { need: 'x', category: 'no-such-category' } }),
    ).rejects.toMatchObject({
      code: -32602,
    });
    await expect(client.getPrompt({ name: 'launch_my_product', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('caching hints on 2026-07-28', () => {
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  async function call(method: string, params: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const response = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof (params.name ?? params.uri) === 'string' && { 'mcp-name': String(params.name ?? params.uri) }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method}: ${response.status} ${text}`);
    const data = response.headers.get('content-type')?.startsWith('text/event-stream')
      ? text
          .split('\n')
          .find((line) => line.startsWith('data: '))!
          .slice(6)
      : text;
    return JSON.parse(data).result;
  }

  it('says how long each list and read may be kept, and by whom; lists 100 a page', async () => {
    const listed = await call('resources/list');
    expect(listed).toMatchObject({ ttlMs: 60_000, cacheScope: 'public', nextCursor: expect.any(String) });
    expect(listed.resources).toHaveLength(100);
    const second = await call('resources/list', { cursor: listed.nextCursor });
    expect(second.resources[0].uri).not.toBe(listed.resources[0].uri);
    expect(await call('resources/read', { uri: listed.resources[0].uri })).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    for (const method of ['tools/list', 'prompts/list', 'resources/templates/list']) {
      expect(await call(method), method).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    }
  });
});
