import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sax from 'sax';
import { startTestApp, type TestApp } from '../support/app.js';
import { seedDemo } from '../../src/seed/demo.js';
import { xmlSafe } from '../../src/text/xml-text.js';

/**
 * Text people wrote reaches the Atom feeds and sitemaps as they wrote it, less what XML 1.0 forbids: a tagline with
 * U+0001 or U+FFFE must not make the feed ill-formed for every reader. Parsed with a strict XML parser (sax).
 */
let t: TestApp;
const NOW = new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
}, 120_000);
afterAll(() => t?.close());

const get = async (path: string) => {
  const response = await fetch(`${t.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** XML 1.0's Char production (section 2.2): what a document may hold at all. sax, strict as it is, does not check it. */
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** The text of every element of a well-formed document, in order; throws on anything a strict XML parser refuses. */
function parseXml(document: string): string[] {
  const bad = NOT_XML_CHAR.exec(document);
  if (bad) throw new Error(`Not an XML character: U+${bad[0].codePointAt(0)!.toString(16).toUpperCase()} at ${bad.index}`);
  const parser = sax.parser(true);
  const texts: string[] = [];
  parser.onerror = (error) => {
    throw error;
  };
  parser.ontext = (text) => texts.push(text);
  parser.write(document).close();
  return texts;
}

describe('xmlSafe', () => {
  it('removes what XML 1.0 forbids and keeps the rest, emoji and tabs included', () => {
    expect(xmlSafe('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u000Eg\u001Fh\uFFFEi\uFFFFj')).toBe('abcdefghij');
    expect(xmlSafe('lone \uD800 high, lone \uDC00 low')).toBe('lone  high, lone  low');
    expect(xmlSafe('tab\there\nline\r😀 é \u007F \uFFFD')).toBe('tab\there\nline\r😀 é \u007F \uFFFD');
    expect(xmlSafe('x\u0001y', ' ')).toBe('x y');
  });

  it('the test parser refuses the characters xmlSafe removes, and ill-formed markup', () => {
    for (const c of ['\u0001', '\u000B', '\u001F', '\uFFFE', '\uFFFF', '\uD800', '\uDC00'])
      expect(() => parseXml(`<a>${c}</a>`), JSON.stringify(c)).toThrow();
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(parseXml('<a>ok \t😀</a>')).toEqual(['ok \t😀']);
    for (const c of ['\u0001', '\u000B', '\u001F', '\uFFFE', '\uFFFF', '\uD800', '\uDC00']) parseXml(`<a>${xmlSafe(c)}</a>`);
  });
});

describe('feeds and sitemaps with control characters in what people wrote', () => {
  it('/feeds/launches.xml stays well-formed; the tagline loses U+0001 and U+FFFE', async () => {
    const before = await get('/feeds/launches.xml');
    const slug = /<link href="[^"]*\/listings\/([^"]+)"\/>/.exec(before.slice(before.indexOf('<entry>')))![1];
    await t.db.query(`UPDATE listings SET tagline = $2 WHERE slug = $1`, [slug, 'Fast\u0001 feeds\uFFFE for all']);
    const feed = await get('/feeds/launches.xml');
    expect(feed).not.toMatch(/[\u0001\uFFFE]/);
    expect(parseXml(feed)).toContain('Fast feeds for all');
  });

  it('/feeds/blog.xml stays well-formed; title and excerpt lose them', async () => {
    const post = await t.db.one<{ slug: string }>(
      `SELECT slug FROM blog_posts WHERE status = 'published' AND published_at <= $1 ORDER BY published_at DESC LIMIT 1`,
      [NOW.toISOString()],
    );
    await t.db.query(`UPDATE blog_posts SET title = $2, excerpt = $3 WHERE slug = $1`, [
      post!.slug,
      'Week\u0002ly \uFFFFnotes',
      'What\u001B changed', // PostgreSQL cannot store a lone surrogate: xmlSafe's own test covers those
    ]);
    const feed = await get('/feeds/blog.xml');
    const texts = parseXml(feed);
    expect(texts).toContain('Weekly notes');
    expect(texts).toContain('What changed');
  });

  it('the sitemaps stay well-formed when a slug holds them', async () => {
    const listing = await t.db.one<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY id LIMIT 1`);
    await t.db.query(`UPDATE listings SET slug = $2 WHERE slug = $1`, [listing!.slug, `${listing!.slug}\u0001\uFFFE-x`]);
    const sitemap = await get('/sitemaps/listings-1.xml');
    const locs = parseXml(sitemap);
    expect(locs).toContain(`${t.url}/listings/${listing!.slug}-x`);
    parseXml(await get('/sitemaps/pages.xml'));
    parseXml(await get('/sitemap.xml'));
  });
});
