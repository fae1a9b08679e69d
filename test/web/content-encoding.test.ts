import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { codedEtag, encodeBody, preferredCoding } from '../../src/web/content-encoding.js';

describe('preferredCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['br; q=0.0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
  ])('%s: %s', (header, coding) => expect(preferredCoding(header)).toBe(coding));

  it.each([[undefined], [''], ['identity'], ['deflate, zstd'], ['br;q=0, gzip;q=0'], ['*;q=0'], ['br;q=0, *;q=0']])(
    '%s: the body as it is',
    (header) => expect(preferredCoding(header)).toBeUndefined(),
  );
});

describe('encodeBody', () => {
  it('compresses a page to a fraction of it, and decodes back to it', () => {
    const page = Buffer.from(`<!doctype html>${'<li class="card"><a href="/listings/x">A listing</a></li>'.repeat(300)}`);
    const br = encodeBody(page, 'br');
    const gzip = encodeBody(page, 'gzip');
    expect(br.length).toBeLessThan(page.length / 5);
    expect(gzip.length).toBeLessThan(page.length / 5);
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    // Each holds its own bytes, not zlib's output chunk (a kept page holds its copies as long as it is kept).
    expect(br.buffer.byteLength).toBe(br.length);
    expect(gzip.buffer.byteLength).toBe(gzip.length);
  });

  it('gives each representation its own strong validator', () => {
    expect(codedEtag('"abc"', 'br')).toBe('"abc-br"');
    expect(codedEtag('"abc"', 'gzip')).toBe('"abc-gzip"');
    expect(codedEtag('"abc"', undefined)).toBe('"abc"');
    expect(codedEtag('"abc"', 'br', 'tight')).toBe('"abc-br-t"');
    expect(codedEtag('"abc"', undefined, 'tight')).toBe('"abc"');
  });

  it('compresses tighter for a page read again, to fewer bytes of the same page', () => {
    const page = Buffer.from(
      `<!doctype html>${Array.from({ length: 300 }, (_, i) => `<li class="card"><a href="/listings/l${i * 7919}">Listing ${i}</a> votes ${i * 37}</li>`).join('')}`,
    );
    for (const coding of ['br', 'gzip'] as const) {
      const fast = encodeBody(page, coding);
      const tight = encodeBody(page, coding, 'tight');
      expect(tight.length, coding).toBeLessThan(fast.length);
      expect((coding === 'br' ? brotliDecompressSync(tight) : gunzipSync(tight)).equals(page)).toBe(true);
    }
  });
});
