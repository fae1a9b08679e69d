import { ImageRefused } from './errors.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A favicon.ico is a container libvips does not read. Modern ones hold PNG images: the largest is taken out and
 * decoded like any PNG. Anything that is not an ICO comes back as it is; an ICO holding only bitmaps is refused.
 */
export function fromIco(bytes: Buffer): Buffer {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) return bytes;
  const count = bytes.readUInt16LE(4);
  if (count === 0 || bytes.length < 6 + 16 * count) return bytes;
  let best: { side: number; data: Buffer } | undefined;
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const side = bytes[entry] || 256;
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (offset + size > bytes.length || size < PNG_SIGNATURE.length) continue;
    const data = bytes.subarray(offset, offset + size);
    if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) && (!best || side > best.side)) best = { side, data };
  }
  if (!best) throw new ImageRefused('The icon holds only bitmaps we do not read; send a PNG, JPEG, WebP, GIF, AVIF or SVG.');
  return best.data;
}
