/**
 * Every image the service keeps is decoded and encoded again here (sharp, on libvips): what comes out is a
 * WebP of a fixed size that we made, with no metadata (EXIF, GPS, XMP, ICC comments are not copied), whatever
 * came in. What is not an image, is larger than MAX_IMAGE_BYTES before decoding, or declares more than
 * MAX_INPUT_PIXELS (a decompression bomb: a few bytes that would decode to gigabytes) is refused before any
 * pixel is decoded. SVG is rasterised (librsvg runs no script and loads nothing from outside), never kept as SVG.
 * One image is decoded at a time in the process (decode-gate.ts); a request finding too many waiting is refused.
 */
import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo, ResizeOptions, SharpOptions } from 'sharp';
import { loadSharp } from './sharp.js';
import { fromIco } from './ico.js';
import { ImageRefused } from './errors.js';
import { decodeGate } from './decode-gate.js';
import type { ImageKind } from '../db/entities/image.js';

/** Bytes read of an image, uploaded or fetched; checked before decoding. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Pixels an image may declare (width × height), e.g. 5000 × 5000 or 6000 × 4000 (a 24-megapixel photo); sharp checks
 * the header before decoding. Issue 52, item 10: at 40 million a 6300 × 6300 PNG took a second and 72 MB to decode.
 */
const MAX_INPUT_PIXELS = 25_000_000;
/** Smallest side an image may have. */
const MIN_SIDE = 16;
/** The formats decoded; anything else (text, HTML, PDF, TIFF, raw pixel formats…) is refused. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'heif', 'svg']);

/** An image we encoded: its bytes and how it is addressed (the SHA-256 of the bytes). */
export interface EncodedImage {
  sha256: string;
  contentType: 'image/webp' | 'image/png';
  width: number;
  height: number;
  bytes: Buffer;
}

/** The sizes kept of one image: the one shown, and a small one (a list row's logo, a screenshot's thumbnail). */
export interface ProcessedImage {
  main: EncodedImage;
  small: EncodedImage;
}

const SIZES: Record<ImageKind, { main: ResizeOptions; small: ResizeOptions }> = {
  // Logos: a square, the whole image inside it on a transparent ground.
  logo: {
    main: { width: 256, height: 256, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } },
    small: { width: 64, height: 64, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } },
  },
  // Screenshots: at most 1280 wide (and 2048 high), never enlarged; the thumbnail at most 400 wide.
  screenshot: {
    main: { width: 1280, height: 2048, fit: 'inside', withoutEnlargement: true },
    small: { width: 400, height: 640, fit: 'inside', withoutEnlargement: true },
  },
};

const decodeOptions = (density?: number): SharpOptions => ({
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
  pages: 1,
  ...(density && { density }),
});

export interface ProcessOptions {
  /** Work of the service's own (the demo seed, a job): it waits its turn at the decode gate however many wait. */
  background?: boolean;
}

/**
 * Decodes `input` and encodes the sizes of `kind`; throws ImageRefused for anything that is not a usable image, and
 * ImageDecoderBusy (503) when too many images already wait to be decoded (never for `background` work).
 */
export async function processImage(input: Uint8Array, kind: ImageKind, options: ProcessOptions = {}): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw new ImageRefused('The file is empty.');
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageRefused(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
  const bytes = fromIco(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  return decodeGate.run(async () => {
    const meta = await readHeader(bytes);
    // An SVG is drawn at a density that gives the logo its full size (its own size may be 16 × 16).
    const density = meta.format === 'svg' ? svgDensity(meta.width, meta.height) : undefined;
    // One size after the other: each decodes the image, and the gate lets one decode run at a time.
    const main = await encode(bytes, SIZES[kind].main, density);
    const small = await encode(bytes, SIZES[kind].small, density);
    return { main, small };
  }, options);
}

interface Header {
  format: string;
  width: number;
  height: number;
}

async function readHeader(bytes: Buffer): Promise<Header> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header alone, read without the pixel limit (no pixel is decoded), so a refusal can name the size.
    meta = await sharp(bytes, { ...decodeOptions(), limitInputPixels: false }).metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  const { format, width, height } = meta;
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new ImageRefused(`The file is not an image we accept (${format ?? 'unknown format'}); send a PNG, JPEG, WebP, GIF, AVIF or SVG.`);
  if (!width || !height) throw new ImageRefused('The image has no size.');
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRefused(tooLarge(width, height));
  if (format !== 'svg' && (width < MIN_SIDE || height < MIN_SIDE))
    throw new ImageRefused(`The image is ${width} × ${height} pixels; send one at least ${MIN_SIDE} pixels on each side.`);
  return { format, width, height };
}

const tooLarge = (width: number, height: number) =>
  `The image declares ${width} × ${height} pixels, more than the ${MAX_INPUT_PIXELS / 1_000_000} million pixels we decode.`;

/** The density (dpi; 72 draws the SVG at its own size) that draws the SVG's longer side at 1024 pixels. */
function svgDensity(width: number, height: number): number {
  return Math.max(1, Math.min(2400, Math.round((72 * 1024) / Math.max(width, height, 1))));
}

async function encode(bytes: Buffer, resize: ResizeOptions, density: number | undefined): Promise<EncodedImage> {
  const sharp = await loadSharp();
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(bytes, decodeOptions(density))
      .autoOrient()
      .resize(resize)
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw refusalOf(error);
  }
  return {
    sha256: createHash('sha256').update(out.data).digest('hex'),
    contentType: 'image/webp',
    width: out.info.width,
    height: out.info.height,
    bytes: out.data,
  };
}

function refusalOf(error: unknown): ImageRefused {
  if (error instanceof ImageRefused) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageRefused(`The image declares more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels.`);
  if (/unsupported image format/i.test(message))
    return new ImageRefused('The file is not an image we accept; send a PNG, JPEG, WebP, GIF, AVIF or SVG.');
  return new ImageRefused('The image could not be read: it is damaged or not an image.');
}
