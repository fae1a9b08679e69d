import type { default as Sharp } from 'sharp';

/**
 * sharp (libvips), imported by the first image decoded or drawn: loading it takes a tenth of a second, and an
 * instance serves its first answers without it. Set up for a service that decodes one image at a time
 * (decode-gate.ts; issue 52, item 10; bench/image-decode.ts measures the settings):
 * - no libvips operation cache: every image decoded is a new one, so the cache (50 MB by default) held pixels of images
 *   gone, and the memory stayed with the process;
 * - one libvips thread per image: decoding a PNG or a JPEG is one thread's work anyway, and the other cores stay free
 *   for the requests served meanwhile.
 */
export const loadSharp = async (): Promise<typeof Sharp> => {
  const sharp = (await import('sharp')).default;
  if (!configured) {
    sharp.cache(false);
    sharp.concurrency(1);
    configured = true;
  }
  return sharp;
};

let configured = false;
