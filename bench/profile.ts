/**
 * npm run bench:profile -- <load> [seconds]: one of the benchmark's loads against the service started with
 * --cpu-prof, then the profile's heaviest functions by self time and the heaviest of our own modules by
 * inclusive time. The profile is kept in ./profiles for Chrome's DevTools. Loads:
 *   rest: get_listing REST, different slugs · rest-kept: 200 slugs read again · mcp, mcp-2025: the same as rest over
 *   MCP · pages: listing pages, different slugs · pages-kept: 200 read again · home: the home page · search: misspelled common words, 8 connections · launch-day: launch-day.ts
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_URL, ensureBenchDatabase } from './data.js';
import { BROWSER, load, misspell } from './load.js';
import { legacyMcpBody, legacyMcpHeaders, mcpBody, mcpHeaders } from './mcp-requests.js';
import { cpuSeconds, start, stop, waitFor, waitUntilIdle } from './processes.js';
import { SERVICE_NODE_FLAGS } from '../src/node-flags.js';
import { summarize } from './profile-summary.js';
import os from 'node:os';
import { openDatabase } from '../src/db/database.js';
import { ensureCommunity } from './people.js';
import { launchDayOn } from './launch-day.js';

const SERVICE = 'http://127.0.0.1:3995';
const PROFILES = path.resolve(import.meta.dirname, '..', 'profiles');
/** The "read again" loads cycle this many slugs, as bench/run.ts does (the first second reads and keeps them). */
const KEPT = 200;

async function main() {
  const [which = 'rest', secondsArg = '10'] = process.argv.slice(2);
  const seconds = Number(secondsArg);
  const data = await ensureBenchDatabase();
  const slugs = data.slugs;
  const typos = Array.from({ length: 2_000 }, (_, i) => misspell(data.words[i % data.words.length], Math.floor(i / data.words.length)));
  const loads: Record<string, () => ReturnType<typeof load>> = {
    rest: () => load({ origin: SERVICE, seconds, paths: slugs.map((s) => `/api/v1/listings/${s}`) }),
    'rest-kept': () => load({ origin: SERVICE, seconds, paths: slugs.slice(0, KEPT).map((s) => `/api/v1/listings/${s}`) }),
    mcp: () =>
      load({
        origin: SERVICE,
        seconds,
        post: { path: '/mcp', headers: mcpHeaders('get_listing'), bodies: slugs.map((slug, i) => mcpBody(i, 'get_listing', { slug })) },
      }),
    'mcp-2025': () =>
      load({
        origin: SERVICE,
        seconds,
        post: { path: '/mcp', headers: legacyMcpHeaders, bodies: slugs.map((slug, i) => legacyMcpBody(i, 'get_listing', { slug })) },
      }),
    pages: () => load({ origin: SERVICE, seconds, paths: slugs.map((s) => `/listings/${s}`), headers: BROWSER }),
    'pages-kept': () => load({ origin: SERVICE, seconds, paths: slugs.slice(0, KEPT).map((s) => `/listings/${s}`), headers: BROWSER }),
    home: () => load({ origin: SERVICE, seconds, paths: ['/'], headers: BROWSER }),
    search: () => load({ origin: SERVICE, seconds, connections: 8, paths: typos.map((q) => `/api/v1/listings?q=${q}`) }),
    'launch-day': async () => {
      const db = await openDatabase({ databaseUrl: BENCH_URL, dataDir: os.tmpdir() });
      try {
        const community = await ensureCommunity(db, new Date());
        const day = await launchDayOn(db, SERVICE, { slugs, words: data.words, community }, seconds);
        console.log(
          `launch day: ${day.votes} votes, ${day.follows} follows, failed ${JSON.stringify(day.failed)}, board wrong: ${day.boardWrong.length} ${day.boardWrong.slice(0, 5).join('; ')}`,
        );
        for (const k of day.byKind) console.log(`  ${k.kind}: ${k.count}, p50 ${k.p50.toFixed(0)} ms, p99 ${k.p99.toFixed(0)} ms`);
        return day.result;
      } finally {
        await db.close();
      }
    },
  };
  const run = loads[which];
  if (!run) throw new Error(`no load named ${which}; one of ${Object.keys(loads).join(', ')}`);
  await mkdir(PROFILES, { recursive: true });
  const before = new Set(await readdir(PROFILES));
  const service = start(
    'dist/src/main.js',
    { PORT: '3995', DATABASE_URL: BENCH_URL, PUBLIC_URL: SERVICE, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' },
    // PROFILE=off: the same load without the profiler's cost (to compare figures, or to watch the processes with top).
    process.env.PROFILE === 'off' ? SERVICE_NODE_FLAGS : [...SERVICE_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${PROFILES}`],
  );
  await waitFor(`${SERVICE}/api/v1/site`, service.started);
  await waitUntilIdle(service.child.pid!);
  const cpuBefore = await cpuSeconds(service.child.pid!);
  const result = await run();
  // The service's CPU per answer moves less than its throughput when other processes share the machine.
  const cpuPerAnswer = ((await cpuSeconds(service.child.pid!)) - cpuBefore) / result.requests.total;
  console.log(
    `${which}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, service CPU ${(cpuPerAnswer * 1e6).toFixed(0)} µs per answer`,
  );
  await stop(service.child);
  const written = (await readdir(PROFILES)).filter((f) => !before.has(f) && f.endsWith('.cpuprofile'));
  for (const file of written)
    console.log(`${path.join('profiles', file)}\n${summarize(JSON.parse(await readFile(path.join(PROFILES, file), 'utf8')))}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
