import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Run in a process of its own: draws a card, prints its size and the light pixels where its title is. */
const DRAW = `
import sharp from 'sharp';
const { renderCard } = await import(${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, '../../src/cards/render.ts')).href)});
const png = await renderCard({ kind: 'blog', siteName: 'Site', title: 'Hello, world', excerpt: '', author: 'A', date: '2026-11-20' });
const { width, height } = await sharp(png).metadata();
const { data, info } = await sharp(png).extract({ left: 60, top: 110, width: 700, height: 100 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
let ink = 0;
for (let i = 0; i < data.length; i += info.channels) if (data[i] > 150 && data[i + 1] > 150 && data[i + 2] > 150) ink += 1;
process.stdout.write(JSON.stringify({ width, height, ink }));
`;

/** The cards' text comes from the font bundled as an npm package, so it is drawn even where no font is installed. */
describe('the bundled font', () => {
  it('draws text with the bundled font on a machine with no fonts installed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'no-fonts-'));
    try {
      const config = path.join(dir, 'fonts.conf');
      await writeFile(config, `<?xml version="1.0"?><fontconfig><cachedir>${dir}</cachedir></fontconfig>`);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', DRAW], {
        env: { ...process.env, FONTCONFIG_FILE: config },
      });
      const { width, height, ink } = JSON.parse(stdout);
      expect(width).toBe(1200);
      expect(height).toBe(630);
      expect(ink).toBeGreaterThan(500);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
