/** The demo directory's logos: a monogram per listing, the same on every run, stored and served like any image. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.js';
import { seedDemo } from '../../src/seed/demo.js';
import { colourOf, initialsOf, monogramSvg } from '../../src/seed/demo/monogram.js';
import { processImage } from '../../src/images/process.js';

const NOW = new Date('2026-11-18T15:45:30.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
}, 120_000);
afterAll(() => t?.close());

describe('demo logos', () => {
  it('draws initials on a colour derived from the slug, the same bytes on every run', async () => {
    expect(initialsOf('Acme Pulse')).toBe('AP');
    expect(initialsOf('tallyboard')).toBe('TA');
    expect(initialsOf('Ça va 2')).toBe('CV');
    expect(colourOf('acme-pulse')).toBe(colourOf('acme-pulse'));
    expect(colourOf('acme-pulse')).not.toBe(colourOf('acme-pulsar'));
    const once = await processImage(Buffer.from(monogramSvg('Acme Pulse', 'acme-pulse')), 'logo');
    const again = await processImage(Buffer.from(monogramSvg('Acme Pulse', 'acme-pulse')), 'logo');
    expect(again.main.sha256).toBe(once.main.sha256);
  });

  it('gives every demo listing a kept logo, served from our origin', async () => {
    const rows = await t.db.query<{ n: number; kept: number }>(
      `SELECT count(*)::int AS n, count(li.listing_id)::int AS kept FROM listings l
       LEFT JOIN listing_images li ON li.listing_id = l.id AND li.kind = 'logo' AND li.source = 'demo'
       AND l.logo_url = '/images/' || li.image_sha256 || '.webp'`,
    );
    expect(rows[0].n).toBeGreaterThan(300);
    expect(rows[0].kept).toBe(rows[0].n);
    const { items } = (await (await fetch(`${t.url}/api/v1/listings?per_page=5`)).json()) as { items: { logo_url: string }[] };
    expect(items).toHaveLength(5);
    for (const { logo_url } of items) {
      expect(logo_url).toMatch(new RegExp(`^${t.url}/images/[0-9a-f]{64}\\.webp$`));
      const answer = await fetch(logo_url);
      expect(answer.status).toBe(200);
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    }
  });

  it('the home page shows only images of our own origin', async () => {
    const html = await (await fetch(`${t.url}/`)).text();
    const sources = [...html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(new URL(src, t.url).origin).toBe(t.url);
  });
});
