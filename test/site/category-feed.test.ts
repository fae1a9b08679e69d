import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sax from 'sax';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * Each category's Atom feed (/feeds/categories/{slug}.xml): the latest launches of the category and of its
 * subcategories, newest first, live listings only; linked from the category's page in the head and in the page.
 */
let t: TestApp;
const NOW = new Date('2026-11-25T12:00:00Z');
const FEED = '/feeds/categories/feed-tools.xml';
const HOSTILE_NAME = '<script>alert(1)</script> Tom & Jerry';
const HOSTILE_TAGLINE = 'Fast\u0001 & <b>bold</b> "quoted"';

beforeAll(async () => {
  t = await startTestApp({
    now: () => NOW,
    prepare: async (db) => {
      const tools = await insertCategory(db, { slug: 'feed-tools', name: 'R&D <Tools>' });
      const sub = await insertCategory(db, { slug: 'feed-sub', name: 'Sub tools', parent_id: tools });
      const other = await insertCategory(db, { slug: 'feed-other', name: 'Other' });
      const many = await insertCategory(db, { slug: 'feed-many', name: 'Many' });
      const live = (slug: string, category_id: number, at: string, extra: Partial<Parameters<typeof insertListing>[1]> = {}) =>
        insertListing(db, {
          slug,
          category_id,
          status: 'live',
          launch_week: '2026-11-16',
          launched_at: at.length === 10 ? `${at}T10:00:00Z` : at,
          ...extra,
        });
      await live('fd-oldest', tools, '2026-11-10');
      await live('fd-newest', tools, '2026-11-20', { name: HOSTILE_NAME, tagline: HOSTILE_TAGLINE });
      await live('fd-extra', other, '2026-11-18', { extra_category_ids: [tools] }); // in the category as an extra one
      await live('fd-sub', sub, '2026-11-14'); // in a subcategory: the page shows it too
      await live('fd-elsewhere', other, '2026-11-21');
      await live('fd-hidden', tools, '2026-11-22', { status: 'hidden' });
      await insertListing(db, { slug: 'fd-upcoming', category_id: tools, status: 'scheduled', launch_week: '2026-11-30' });
      await insertListing(db, { slug: 'fd-draft', category_id: tools, status: 'draft' });
      for (let i = 0; i < 55; i++) await live(`fd-many-${i}`, many, new Date(Date.UTC(2026, 9, 1, i)).toISOString()); // an hour apart
      await db.query(`INSERT INTO category_redirects (old_slug, category_id) VALUES ('feed-tools-old', $1)`, [tools]);
    },
  });
}, 120_000);
afterAll(() => t?.close());

/** XML 1.0's Char production (section 2.2); sax, strict as it is, does not check it. */
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

interface Parsed {
  title: string;
  links: { rel: string; href: string }[];
  entries: { id: string; title: string; link: string; updated: string; summary: string }[];
}

/** The feed as a strict XML parser reads it; throws on anything ill-formed. */
function parseAtom(document: string): Parsed {
  const bad = NOT_XML_CHAR.exec(document);
  if (bad) throw new Error(`Not an XML character: U+${bad[0].codePointAt(0)!.toString(16)} at ${bad.index}`);
  const parser = sax.parser(true);
  const feed: Parsed = { title: '', links: [], entries: [] };
  const path: string[] = [];
  let current: Record<string, string> | undefined;
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (tag) => {
    path.push(tag.name);
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === 'entry') current = {};
    if (tag.name === 'link' && current) current.link = attributes.href;
    else if (tag.name === 'link') feed.links.push({ rel: attributes.rel ?? 'alternate', href: attributes.href });
  };
  parser.onclosetag = () => {
    if (path.pop() === 'entry') feed.entries.push(current as unknown as Parsed['entries'][number]);
    if (path.at(-1) === 'feed') current = undefined;
  };
  parser.ontext = (text) => {
    const name = path.at(-1)!;
    if (current && path.at(-2) === 'entry') current[name] = (current[name] ?? '') + text;
    else if (name === 'title' && path.at(-2) === 'feed') feed.title += text;
  };
  parser.write(document).close();
  return feed;
}

const slugOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

describe('a category Atom feed', () => {
  it("lists the category's live listings (extra category and subcategories included), newest first, and nothing else", async () => {
    const response = await fetch(`${t.url}${FEED}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml; charset=utf-8$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const text = await response.text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    const feed = parseAtom(text);
    expect(feed.entries.map((e) => slugOf(e.link))).toEqual(['fd-newest', 'fd-extra', 'fd-sub', 'fd-oldest']);
    expect(feed.entries[0]).toMatchObject({
      id: `${t.url}/listings/fd-newest`,
      link: `${t.url}/listings/fd-newest`,
      updated: '2026-11-20T10:00:00.000Z',
    });
    expect(feed.title).toMatch(/: R&D <Tools> launches$/);
    expect(feed.links).toEqual([
      { rel: 'self', href: `${t.url}${FEED}` },
      { rel: 'alternate', href: `${t.url}/categories/feed-tools` },
    ]);
    for (const absent of ['fd-elsewhere', 'fd-hidden', 'fd-upcoming', 'fd-draft', 'fd-many-']) expect(text).not.toContain(absent);
  });

  it('keeps a hostile name and tagline escaped and the document well-formed', async () => {
    const text = await (await fetch(`${t.url}${FEED}`)).text();
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('<b>');
    expect(text).not.toContain('\u0001');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Tom &amp; Jerry');
    const entry = parseAtom(text).entries[0];
    expect(entry.title).toBe(HOSTILE_NAME);
    expect(entry.summary).toBe('Fast & <b>bold</b> "quoted"');
  });

  it('holds at most 50 launches, the newest', async () => {
    const feed = parseAtom(await (await fetch(`${t.url}/feeds/categories/feed-many.xml`)).text());
    expect(feed.entries.map((e) => slugOf(e.link))).toEqual(Array.from({ length: 50 }, (_, i) => `fd-many-${54 - i}`));
  });

  it('shows a listing once it launches: the feed is computed per request', async () => {
    await t.db.query(`UPDATE listings SET status = 'live', launched_at = $2 WHERE slug = $1`, ['fd-upcoming', '2026-11-24T09:00:00Z']);
    try {
      const feed = parseAtom(await (await fetch(`${t.url}${FEED}`)).text());
      expect(feed.entries[0].link).toBe(`${t.url}/listings/fd-upcoming`);
    } finally {
      await t.db.query(`UPDATE listings SET status = 'scheduled', launched_at = NULL WHERE slug = 'fd-upcoming'`);
    }
  });

  it('answers 404 for an unknown category or a malformed address, and moves an old slug for good', async () => {
    for (const path of [
      '/feeds/categories/nope.xml',
      '/feeds/categories/Feed-Tools.xml',
      '/feeds/categories/feed-tools',
      '/feeds/categories/feed-tools.xml.xml',
      '/feeds/categories/..%2Ffeed-tools.xml',
    ]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control') ?? '', path).not.toContain('max-age=600');
    }
    const moved = await fetch(`${t.url}/feeds/categories/feed-tools-old.xml`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get('location')!, t.url).pathname).toBe(FEED);
  });
});

describe("the category's page", () => {
  it('offers the feed in the head (rel=alternate) and as a link people can click', async () => {
    const page = await (await fetch(`${t.url}/categories/feed-tools`)).text();
    const head = page.slice(0, page.indexOf('</head>'));
    const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
    expect(head).toContain(
      `<link rel="alternate" type="application/atom+xml" title="R&amp;D &lt;Tools&gt; launches" href="/feeds/categories/feed-tools.xml">`,
    );
    expect(head).toContain('href="/feeds/launches.xml"'); // the site's feeds stay offered
    expect(main).toMatch(/<a href="\/feeds\/categories\/feed-tools.xml" type="application\/atom\+xml">Atom feed<\/a>/);
    // Another category's page offers its own feed, not this one.
    const other = await (await fetch(`${t.url}/categories/feed-other`)).text();
    expect(other).toContain('href="/feeds/categories/feed-other.xml"');
    expect(other).not.toContain('/feeds/categories/feed-tools.xml');
  });
});
