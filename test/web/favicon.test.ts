/** The site's icon (issue 50): /favicon.svg and a real /favicon.ico drawn from it, both kept by caches for long. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('the favicon', () => {
  it('/favicon.svg is an SVG in the brand colour, cached for long', async () => {
    const response = await fetch(`${t.url}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=(\d{7,})/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('#3a3ad0');
  });

  it('/favicon.ico is an ICO of PNG images (16, 32 and 48 px), cached for long', async () => {
    const response = await fetch(`${t.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=(\d{7,})/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = bytes.readUInt16LE(4);
    expect(count).toBe(3);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      sizes.push(bytes.readUInt8(entry));
      const length = bytes.readUInt32LE(entry + 8);
      const offset = bytes.readUInt32LE(entry + 12);
      expect(offset + length).toBeLessThanOrEqual(bytes.length);
      // Each image is a PNG.
      expect([...bytes.subarray(offset, offset + 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
    expect(sizes).toEqual([16, 32, 48]);
    // Drawn once, the same bytes every time.
    const again = Buffer.from(await (await fetch(`${t.url}/favicon.ico`)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('every page links the icon', async () => {
    for (const path of ['/', '/signin', '/signup']) {
      const page = await (await fetch(`${t.url}${path}`)).text();
      expect(page, path).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    }
  });
});
