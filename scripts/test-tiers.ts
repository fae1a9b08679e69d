/**
 * The test tiers' figures, printed rather than typed into the docs: `npm run test:tiers` lists how many files each
 * tier holds (as vitest.config.ts sorts them) and, from vitest's record of the last run of each file
 * (node_modules/.vite/vitest/), their summed duration and the longest file. `npm run test:tiers -- --files` also
 * lists every file with its tier.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { TIERS } from '../vitest.config.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, 'node_modules/.vite/vitest');

/** Each file's duration in ms in the last run that ran it, by project (tier) and path. */
function lastDurations(): Map<string, number> {
  const durations = new Map<string, number>();
  if (!existsSync(CACHE)) return durations;
  const records = readdirSync(CACHE)
    .map((dir) => path.join(CACHE, dir, 'results.json'))
    .filter((file) => existsSync(file))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  for (const record of records) {
    const { projects } = JSON.parse(readFileSync(record, 'utf8')) as {
      projects?: Record<string, { files: Record<string, { duration?: number }> }>;
    };
    for (const [tier, { files }] of Object.entries(projects ?? {}))
      for (const [file, { duration }] of Object.entries(files)) if (duration) durations.set(`${tier} ${file}`, duration);
  }
  return durations;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const durations = lastDurations();
const rows = Object.entries(TIERS).map(([tier, files]) => {
  const timed = files.flatMap((file) => {
    const duration = durations.get(`${tier} ${file}`);
    return duration === undefined ? [] : [{ file, duration }];
  });
  const total = timed.reduce((sum, { duration }) => sum + duration, 0);
  const longest = timed.sort((a, b) => b.duration - a.duration)[0];
  const time =
    timed.length === 0
      ? 'not run yet'
      : `${seconds(total)} summed over the ${timed.length} files last run` +
        (longest ? `; longest ${longest.file} (${seconds(longest.duration)})` : '');
  return `${tier.padEnd(11)} ${String(files.length).padStart(4)} files   ${time}`;
});
console.log(`tier        files\n${rows.join('\n')}`);
console.log('Durations are each file\'s own in its last run (two workers run files side by side; `npm run test:<tier>` times a tier).');
if (process.argv.includes('--files'))
  for (const [tier, files] of Object.entries(TIERS)) for (const file of files) console.log(`${tier}\t${file}`);
