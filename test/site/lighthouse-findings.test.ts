import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertFounder, insertLiveListing, linkFounder } from '../support/fixtures.js';

/**
 * What Lighthouse found on the public pages (`npm run lighthouse`, issue 50): its SEO check fetches /robots.txt from
 * the page, which the page's policy must allow (connect-src 'self', nothing more: the pages run no script); a policy
 * names each directive once (a repeat is an error in the browser's console, which costs best practices); and pages
 * that are not kept, such as /search and a founder's page, are compressed too.
 */
const NOW = new Date('2026-11-25T12:00:00Z');
let t: TestApp;
let pages: string[];

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const slug = `lighthouse-${Date.now().toString(36)}`;
  const category = await insertCategory(t.db, { slug });
  const listing = await insertLiveListing(t.db, category);
  const founder = await insertFounder(t.db, { slug: `${slug}-founder`, bio: 'Builds things. '.repeat(20) });
  await linkFounder(t.db, listing.id, founder);
  await t.app.services.changes.catchUp();
  pages = [
    '/',
    `/listings/${listing.slug}`,
    `/categories/${slug}`,
    `/founders/${slug}-founder`,
    `/search?q=${encodeURIComponent(listing.name)}`,
  ];
}, 60_000);
afterAll(() => t?.close());

const directives = (policy: string) => policy.split(';').map((d) => d.trim().split(/\s+/));

describe('the pages Lighthouse audits', () => {
  it("let the page fetch this site's robots.txt, and nothing else", async () => {
    for (const path of pages) {
      const answer = await fetch(`${t.url}${path}`);
      expect(answer.status, path).toBe(200);
      const policy = answer.headers.get('content-security-policy') ?? '';
      const connect = directives(policy).find(([name]) => name === 'connect-src');
      expect(connect, `${path}: ${policy}`).toEqual(['connect-src', "'self'"]);
      expect(policy, path).toMatch(/^default-src 'none'(;|$)/);
      expect(
        directives(policy).some(([name]) => name === 'script-src'),
        `${path}: ${policy}`,
      ).toBe(false);
    }
    expect((await fetch(`${t.url}/robots.txt`)).status).toBe(200);
  });

  it('name each directive of their policy once', async () => {
    for (const path of pages) {
      // Twice: the second answer of a kept page is the kept copy, with the policy it was kept with.
      for (const _ of [1, 2]) {
        const policy = (await fetch(`${t.url}${path}`)).headers.get('content-security-policy') ?? '';
        const names = directives(policy).map(([name]) => name);
        expect(names, `${path}: ${policy}`).toEqual([...new Set(names)]);
      }
    }
  });

  it('are compressed as the browser asks, kept or not (and so is every other page of the site)', async () => {
    for (const path of [...pages, '/about', '/awards', '/categories', '/blog', '/leaderboards/community-weekly']) {
      for (const coding of ['br', 'gzip']) {
        const answer = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': coding } });
        expect(answer.headers.get('content-encoding'), `${path} (${coding})`).toBe(coding);
        expect(answer.headers.get('vary') ?? '', path).toMatch(/accept-encoding/i);
        expect(await answer.text(), path).toMatch(/^<!doctype html>/i);
      }
      const plain = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
    }
  });
});
