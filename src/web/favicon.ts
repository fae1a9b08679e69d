import type { Context } from 'koa';
import { loadSharp } from '../images/sharp.js';

/**
 * The site's icon: the brand's colour (the layout's --accent) with a white upward mark, the vote's ▲. /favicon.svg for
 * the browsers that take it (every page links it), /favicon.ico for those and the tools that ask for that address only.
 */
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3a3ad0"/><path d="M32 13 52 47H12Z" fill="#fff"/></svg>
`;

/** A year: the icon changes only with the code, and a new one may take that long to show. */
const CACHE = 'public, max-age=31536000';

/** The sizes drawn into the ICO, each a PNG (the ICO format allows PNG images since Windows Vista). */
const ICO_SIZES = [16, 32, 48];

/** An ICO file of PNG images: the 6-byte header, one 16-byte entry per image, then the images. */
function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

let ico: Promise<Buffer> | undefined;

/** The ICO, drawn from the SVG by sharp the first time it is asked for, then kept. */
function faviconIco(): Promise<Buffer> {
  ico ??= (async () => {
    const sharp = await loadSharp();
    const images = await Promise.all(
      ICO_SIZES.map(async (size) => ({
        size,
        png: await sharp(Buffer.from(FAVICON_SVG), { density: (72 * size) / 64 })
          .resize(size, size)
          .png()
          .toBuffer(),
      })),
    );
    return icoOf(images);
  })().catch((error: unknown) => {
    ico = undefined; // tried again by the next request
    throw error;
  });
  return ico;
}

/** GET /favicon.svg. */
export function serveFaviconSvg(ctx: Context): void {
  ctx.type = 'image/svg+xml';
  ctx.set('Cache-Control', CACHE);
  ctx.body = FAVICON_SVG;
}

/** GET /favicon.ico. */
export async function serveFaviconIco(ctx: Context): Promise<void> {
  const body = await faviconIco();
  ctx.type = 'image/x-icon';
  ctx.set('Cache-Control', CACHE);
  ctx.body = body;
}
