import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, processImage } from '../../src/images/process.js';
import { ImageRefused } from '../../src/images/errors.js';
import { hugeGif, hugeSvg, htmlAsPng, icoWithPng, jpegWithGps, plainPng, pngDeclaring, svgWithScript } from './hostile-images.js';

const isWebp = (bytes: Buffer) => bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';

async function refusal(input: Buffer, kind: 'logo' | 'screenshot' = 'logo'): Promise<string> {
  const error = await processImage(input, kind).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRefused);
  return (error as Error).message;
}

describe('processImage', () => {
  it('encodes a logo as WebP squares of 256 and 64 pixels, addressed by the hash of the bytes', async () => {
    const { main, small } = await processImage(await plainPng(300, 120), 'logo');
    expect([main.width, main.height, small.width, small.height]).toEqual([256, 256, 64, 64]);
    expect(main.contentType).toBe('image/webp');
    expect(isWebp(main.bytes) && isWebp(small.bytes)).toBe(true);
    expect(main.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(main.sha256).not.toBe(small.sha256);
    // The same input gives the same bytes, so the same address.
    expect((await processImage(await plainPng(300, 120), 'logo')).main.sha256).toBe(main.sha256);
  });

  it('fits a screenshot within 1280 pixels wide, never enlarging it, with a thumbnail', async () => {
    const big = await processImage(await plainPng(2400, 1260), 'screenshot');
    expect([big.main.width, big.main.height, big.small.width]).toEqual([1280, 672, 400]);
    const og = await processImage(await plainPng(1200, 630), 'screenshot');
    expect([og.main.width, og.main.height]).toEqual([1200, 630]);
  });

  it('refuses what is not an image: HTML named .png, text, an empty file', async () => {
    expect(await refusal(htmlAsPng)).toMatch(/not an image|could not be read/);
    expect(await refusal(Buffer.from('just some text, honestly a PNG'))).toMatch(/not an image|could not be read/);
    expect(await refusal(Buffer.alloc(0))).toMatch(/empty/);
  });

  it('refuses a decompression bomb: a tiny PNG declaring 50000 × 50000 pixels, before decoding it', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await refusal(bomb)).toMatch(/million pixels/);
  });

  it('refuses a 6300 × 6300 PNG (39.7 million pixels), which the limit of 40 million let through to a second of decoding', async () => {
    // A solid colour: a PNG of a few hundred KB, well under the byte cap, made in a moment.
    const big = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    expect(big.length).toBeLessThan(MAX_IMAGE_BYTES);
    expect(await refusal(big, 'screenshot')).toBe('The image declares 6300 × 6300 pixels, more than the 25 million pixels we decode.');
    // 5000 × 5000 is the most it takes.
    const largest = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    expect((await processImage(largest, 'screenshot')).main.width).toBe(1280);
  });

  it('refuses huge dimensions, whatever the format', async () => {
    expect(await refusal(hugeGif(), 'screenshot')).toMatch(/million pixels|could not be read/);
    expect(await refusal(hugeSvg)).toMatch(/million pixels/);
  });

  it('refuses a file over the byte cap without decoding it', async () => {
    const oversize = Buffer.concat([await plainPng(20, 20), Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(await refusal(oversize)).toMatch(/larger than 5 MB/);
  });

  it('rasterises an SVG with a script: the result is a WebP, with nothing of the SVG left', async () => {
    const { main, small } = await processImage(svgWithScript, 'logo');
    for (const image of [main, small]) {
      expect(image.contentType).toBe('image/webp');
      expect(isWebp(image.bytes)).toBe(true);
      expect(image.bytes.toString('latin1')).not.toMatch(/script|svg|169\.254/i);
    }
    // The drawing is kept: the square is blue, drawn at the logo's size.
    const { dominant } = await sharp(main.bytes).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r);
    expect(main.width).toBe(256);
  });

  it('strips EXIF, GPS included, from a photo', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.toString('latin1')).toContain('PhoneMaker');
    const { main, small } = await processImage(photo, 'screenshot');
    for (const image of [main, small]) {
      const meta = await sharp(image.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(image.bytes.toString('latin1')).not.toMatch(/Exif|PhoneMaker|Secret Owner/);
    }
  });

  it('reads a favicon.ico that holds a PNG', async () => {
    const { main } = await processImage(icoWithPng(await plainPng(32, 32), 32), 'logo');
    expect(main.width).toBe(256);
  });
});
