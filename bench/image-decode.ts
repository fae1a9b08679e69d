/**
 * npx tsx bench/image-decode.ts: what sharp's settings cost when an image as large as processImage takes (5000 × 5000,
 * 25 million pixels) is decoded and encoded at the two screenshot sizes, three times over, one at a time as the decode
 * gate runs them. Each setting in a process of its own: libvips' default (operation cache of 50 MB, a thread per
 * core), then the service's (src/images/sharp.ts: no cache, one thread). Prints the time of each round and the
 * resident memory after it, and two seconds later.
 */
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';

const SIDE = 5000;
const MB = 1024 * 1024;

/** One setting's rounds, in this process. */
async function measure(setting: string): Promise<void> {
  if (setting === 'service') {
    sharp.cache(false);
    sharp.concurrency(1);
  }
  // A photograph-like image (noise, not a solid colour: its PNG does not compress to nothing) and a solid one.
  const noise = Buffer.alloc(1000 * 1000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const inputs = {
    noise: await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .resize(SIDE, SIDE, { kernel: 'nearest' })
      .png({ compressionLevel: 1 })
      .toBuffer(),
    solid: await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer(),
  };
  const rss = () => `${(process.memoryUsage().rss / MB).toFixed(0)} MB`;
  const rounds: string[] = [];
  for (const [name, input] of Object.entries(inputs)) {
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      for (const size of [
        { width: 1280, height: 2048 },
        { width: 400, height: 640 },
      ])
        await sharp(input, { limitInputPixels: SIDE * SIDE })
          .resize({ ...size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82, effort: 4 })
          .toBuffer();
      rounds.push(`${name} ${(performance.now() - started).toFixed(0)} ms (${rss()})`);
    }
  }
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`${setting}: ${rounds.join(', ')}; resident 2 s later ${rss()}`);
}

const setting = process.argv[2];
if (setting) await measure(setting);
else
  for (const each of ['libvips default', 'service'])
    spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, each], { stdio: 'inherit' });
