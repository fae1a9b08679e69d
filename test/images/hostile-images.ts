/** Images built to attack a decoder or leak data: the fixtures of the image tests. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few dozen bytes whose header declares `width` × `height` pixels (a decompression bomb). */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF header declaring 65535 × 65535 pixels, and nothing else worth decoding. */
export function hugeGif(): Buffer {
  const gif = Buffer.alloc(13);
  gif.write('GIF89a', 0, 'ascii');
  gif.writeUInt16LE(65535, 6);
  gif.writeUInt16LE(65535, 8);
  return Buffer.concat([gif, Buffer.from([0x3b])]);
}

/** An HTML page, named like a PNG by whoever sends it. */
export const htmlAsPng = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** An SVG that would run a script (and load a remote image) if it were served as SVG. */
export const svgWithScript =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="48" height="48">
  <script>alert(document.cookie)</script>
  <rect width="48" height="48" fill="#3366cc" onload="alert(1)"/>
  <image xlink:href="http://169.254.169.254/latest/meta-data/" width="48" height="48"/>
</svg>`);

/** An SVG declaring 100000 × 100000 pixels. */
export const hugeSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>',
);

/** A photo as phones take them: a JPEG with EXIF, including where it was taken (GPS). */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#c0ffee' } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Snapper 9', Copyright: 'Secret Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 3/1' },
    })
    .jpeg()
    .toBuffer();
}

/** A plain PNG of the given size and colour. */
export function plainPng(width: number, height: number, background = '#ff8800'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}

/** A favicon.ico holding one PNG. */
export function icoWithPng(png: Buffer, side: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = side >= 256 ? 0 : side;
  header[7] = side >= 256 ? 0 : side;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}
