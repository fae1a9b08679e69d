import type net from 'node:net';
import http from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeImages } from '../../src/web/badge-route.js';
import getBadges from '../../tools/get_badges.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, TEST_PUBLIC_URL } from '../support/services.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';

let t: TestDatabase;
let server: http.Server;
let base: string;
let category: number;

beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db);
  await insertListing(t.db, { category_id: category, slug: 'route-known' });
  await insertListing(t.db, { category_id: category, slug: 'route-hidden', status: 'hidden' });
  const app = new Koa();
  app.use(badgeImages(testServices(t.db)));
  app.use((ctx) => {
    ctx.body = 'downstream';
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.drop();
});

const fetchPath = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);

/** The badges get_badges lists for a listing, with their image addresses moved onto the test server. */
async function listedBadges(slug: string) {
  // get_badges answers one variant and names the others: ask for each.
  const first = (await callTool(getBadges, testServices(t.db), { slug })) as unknown as {
    variants: { shapes: string[]; modes: string[]; sizes: string[] };
  };
  const all: { svg_url: string; width: number; height: number }[] = [];
  for (const shape of first.variants.shapes)
    for (const mode of first.variants.modes)
      for (const size of first.variants.sizes)
        all.push(
          ((await callTool(getBadges, testServices(t.db), { slug, shape, mode, size })) as unknown as { badge: (typeof all)[number] })
            .badge,
        );
  return all.map((badge) => ({ ...badge, path: badge.svg_url.slice(TEST_PUBLIC_URL.length) }));
}

describe('badge images', () => {
  it('serves every listed badge as a well-formed, cacheable, locked-down SVG of the listed size', async () => {
    await insertListing(t.db, { category_id: category, slug: 'route-all', name: 'Route All' });
    const listed = await listedBadges('route-all');
    expect(listed).toHaveLength(45);
    for (const badge of listed) {
      const response = await fetchPath(badge.path);
      expect(response.status, badge.path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      const svg = await response.text();
      expect(() => assertWellFormedXml(svg), badge.path).not.toThrow();
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${badge.width}" height="${badge.height}"`)).toBe(true);
      expect(svg).toContain('Route All');
    }
  });

  it('draws each shape differently and follows the colour scheme in auto mode only', async () => {
    await insertListing(t.db, { category_id: category, slug: 'route-looks' });
    const body = async (file: string) => (await fetchPath(`/badges/route-looks/${file}.svg`)).text();
    const shapes = await Promise.all(['standard', 'outline', 'pill', 'banner', 'square'].map((shape) => body(`${shape}-light-m`)));
    expect(new Set(shapes).size).toBe(5);
    expect(await body('standard-auto-m')).toContain('@media (prefers-color-scheme:dark)');
    expect(await body('standard-light-m')).not.toContain('prefers-color-scheme');
    expect(await body('standard-dark-m')).not.toEqual(await body('standard-light-m'));
  });

  it('shows the community votes', async () => {
    const id = await insertListing(t.db, { category_id: category, slug: 'route-votes' });
    await insertVotes(t.db, id, 7);
    const svg = await (await fetchPath('/badges/route-votes/square-light-m.svg')).text();
    expect(svg).toMatch(/>7<\/text>/);
    expect(svg).toContain('with 7 votes');
  });

  it('escapes the listing name and stays well formed whatever the name holds', async () => {
    await insertListing(t.db, { category_id: category, slug: 'route-escape', name: `<script>alert(1)</script>&"'\u0001 ]]>` });
    for (const file of ['banner-auto-l', 'standard-dark-s']) {
      const svg = await (await fetchPath(`/badges/route-escape/${file}.svg`)).text();
      expect(() => assertWellFormedXml(svg)).not.toThrow();
      expect(svg).not.toContain('<script');
      expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&apos;');
    }
  });

  it.each([
    ['an unknown listing', '/badges/route-nobody/standard-light-m.svg'],
    ['a hidden listing', '/badges/route-hidden/standard-light-m.svg'],
    ['an unknown shape', '/badges/route-known/circle-light-m.svg'],
    ['an unknown size', '/badges/route-known/standard-light-xl.svg'],
    ['a variant missing a part', '/badges/route-known/standard-light.svg'],
    ['a slug that is no slug', '/badges/Route%20Known/standard-light-m.svg'],
  ])('answers 404 in plain text for %s', async (_what, path) => {
    const response = await fetchPath(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['GET', '/'],
    ['GET', '/badges'],
    ['GET', '/badges/route-all/standard-light-m.png'],
    ['GET', '/badges/route-all/standard-light-m.svg/more'],
    ['POST', '/badges/route-all/standard-light-m.svg'],
  ])('leaves %s %s to the next middleware', async (method, path) => {
    const response = await fetchPath(path, { method });
    expect(await response.text()).toBe('downstream');
  });
});

describe('the XML check of these tests', () => {
  it.each([
    '<svg><g></svg>',
    '<svg><g></g>',
    '<svg a="1" a="2"/>',
    '<svg a=1/>',
    '<svg a="<"/>',
    '<svg>&nbsp;</svg>',
    '<svg>& </svg>',
    '<svg/><svg/>',
    'text<svg/>',
    '<svg>\u0001</svg>',
    '<svg><!-- open</svg>',
  ])('rejects %j', (doc) => {
    expect(() => assertWellFormedXml(doc)).toThrow();
  });
});

/**
 * A strict, minimal XML well-formedness check (no DTDs): one root element, balanced and properly nested
 * tags, quoted and unique attributes, only the five predefined or numeric entities, no raw `<` in text or
 * attribute values, and no characters XML 1.0 forbids. Throws on the first problem.
 */
function assertWellFormedXml(doc: string): void {
  let i = 0;
  const fail = (problem: string): never => {
    throw new Error(`${problem} at offset ${i}: ${JSON.stringify(doc.slice(i, i + 40))}`);
  };
  const name = (): string => {
    const found = /^[A-Za-z_:][\w.:-]*/.exec(doc.slice(i, i + 200))?.[0] ?? fail('expected a name');
    i += found.length;
    return found;
  };
  const whitespace = () => {
    const start = i;
    while (/\s/.test(doc[i] ?? '')) i++;
    return i > start;
  };
  const past = (marker: string): number => {
    const at = doc.indexOf(marker, i);
    return at === -1 ? fail(`missing ${marker}`) : at + marker.length;
  };
  const characterData = (text: string) => {
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(text)) fail('forbidden character');
    for (const amp of text.matchAll(/&/g)) {
      if (!/^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);/.test(text.slice(amp.index))) fail('bad entity reference');
    }
  };

  const open: string[] = [];
  let roots = 0;
  if (doc.startsWith('<?xml')) i = past('?>');
  while (i < doc.length) {
    if (doc[i] !== '<') {
      const end = doc.indexOf('<', i) === -1 ? doc.length : doc.indexOf('<', i);
      const text = doc.slice(i, end);
      if (open.length === 0 && text.trim()) fail('text outside the root element');
      if (text.includes(']]>')) fail('"]]>" in text');
      characterData(text);
      i = end;
    } else if (doc.startsWith('<!--', i)) {
      i = past('-->');
    } else if (doc.startsWith('<![CDATA[', i)) {
      if (open.length === 0) fail('CDATA outside the root element');
      i = past(']]>');
    } else if (doc.startsWith('</', i)) {
      i += 2;
      const closing = name();
      whitespace();
      if (doc[i] !== '>') fail('expected >');
      i++;
      if (open.pop() !== closing) fail(`</${closing}> does not close the open element`);
    } else {
      i++;
      const element = name();
      if (open.length === 0 && ++roots > 1) fail('second root element');
      const attributes = new Set<string>();
      for (;;) {
        const spaced = whitespace();
        if (doc.startsWith('/>', i)) {
          i += 2;
          break;
        }
        if (doc[i] === '>') {
          i++;
          open.push(element);
          break;
        }
        if (!spaced) fail('expected whitespace before an attribute');
        const attribute = name();
        if (attributes.has(attribute)) fail(`duplicate attribute ${attribute}`);
        attributes.add(attribute);
        whitespace();
        if (doc[i++] !== '=') fail('expected =');
        whitespace();
        const quote = doc[i++];
        if (quote !== '"' && quote !== "'") fail('unquoted attribute value');
        const end = doc.indexOf(quote, i);
        if (end === -1) fail('unterminated attribute value');
        const value = doc.slice(i, end);
        if (value.includes('<')) fail('< in an attribute value');
        characterData(value);
        i = end + 1;
      }
    }
  }
  if (open.length > 0) fail(`<${open.at(-1)}> is never closed`);
  if (roots !== 1) fail('no root element');
}
