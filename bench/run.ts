/**
 * npm run bench: the service (compiled, started as in production) against bare baselines in the same run, on the real PostgreSQL at benchmark
 * scale (100,000 listings, 1,000,000 votes), loaded as real clients load it: thousands of different
 * listings and queries, many connections at once. Prints one table of measures against their goals.
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/launch_bench) is created and filled once.
 *   BENCH_SECONDS (default 10) is the length of each load run.
 */
import type autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_URL, type BenchData, ensureBenchDatabase } from './data.js';
import { BROWSER, latencies, load, misspell, pct } from './load.js';
import { residentMb, start, stop, waitFor, waitUntilIdle } from './processes.js';
import { describeIdle, type EmbeddedMemory, embeddedIdleMemory } from './embedded-memory.js';
import { legacyMcpBody, legacyMcpHeaders, mcpBody, mcpHeaders } from './mcp-requests.js';
import { type Community, ensureCommunity } from './people.js';
import { type LaunchDay, launchDayOn } from './launch-day.js';
import { openDatabase } from '../src/db/database.js';
import { SERVICE_NODE_FLAGS } from '../src/node-flags.js';

/** The service as production starts it: compiled by `npm run build` (done first), without tsx. */
const SERVICE_ENTRY = 'dist/src/main.js';
const BARE = 'http://127.0.0.1:3999';
const LOOKUP = 'http://127.0.0.1:3996';
const SERVICE = 'http://127.0.0.1:3998';
const HOT = 200;
const WARM = 2_000;
const READS_FOR_MEMORY = 100_000;

type Row = [measure: string, result: string, goal: string, met?: boolean];
type Result = autocannon.Result;

async function main() {
  execSync('npm run build', { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'ignore' });
  const data = await ensureBenchDatabase();
  console.log(`data: ${data.listings} listings (${data.slugs.length} public), ${data.votes} votes`);
  const db = await openDatabase({ databaseUrl: BENCH_URL, dataDir: os.tmpdir() });
  const community = await ensureCommunity(db, new Date());
  // Disjoint slug sets, so that no measured read can be answered by what an earlier run read.
  const warm = data.slugs.slice(0, WARM);
  const hot = warm.slice(0, HOT);
  const half = WARM + Math.floor((data.slugs.length - WARM) / 2);
  const coldRest = data.slugs.slice(WARM, half);
  const coldMcp = data.slugs.slice(half);
  // The two MCP eras read disjoint halves of it.
  const coldModern = coldMcp.slice(0, Math.floor(coldMcp.length / 2));
  const coldLegacy = coldMcp.slice(coldModern.length);
  const listingPaths = (slugs: string[]) => slugs.map((s) => `/api/v1/listings/${s}`);
  const commonTypos = Array.from({ length: 2_000 }, (_, i) =>
    misspell(data.words[i % data.words.length], Math.floor(i / data.words.length)),
  );

  const { service, startups } = await startServiceThrice();
  service.child.once('exit', (code, signal) => console.error(`the service exited (${code ?? signal}) while measured`));
  const startupPg = [...startups].sort((a, b) => a - b)[1]!;
  const bare = start('bench/bare-koa.ts', { PORT: '3999' });
  const lookup = start('bench/bare-lookup.ts', { PORT: '3996', DATABASE_URL: BENCH_URL });
  await waitFor(`${BARE}/`, bare.started);
  await waitFor(`${LOOKUP}/listings/${hot[0]}`, lookup.started);
  await waitUntilIdle(service.child.pid!);

  await load({ origin: BARE, paths: ['/'], connections: 8, seconds: 3 });
  await load({ origin: LOOKUP, paths: warm.map((s) => `/listings/${s}`), connections: 8, seconds: 3 });
  await load({ origin: SERVICE, paths: listingPaths(warm), connections: 8, seconds: 3 });

  const bareRun = await load({ origin: BARE, paths: ['/'] });
  const lookupRun = await load({ origin: LOOKUP, paths: coldRest.map((s) => `/listings/${s}`) });
  const restCold = await load({ origin: SERVICE, paths: listingPaths(coldRest) });
  const restHot = await load({ origin: SERVICE, paths: listingPaths(hot) });
  // Each cold row's listings as PostgreSQL's buffers had REST's (the look-up row above read them): read once by the
  // look-up route, which warms nothing of the service's own.
  await warmDatabase(coldModern);
  const mcpCold = await load({
    origin: SERVICE,
    post: { path: '/mcp', headers: mcpHeaders('get_listing'), bodies: coldModern.map((slug, i) => mcpBody(i, 'get_listing', { slug })) },
  });
  await warmDatabase(coldLegacy);
  const mcpLegacy = await load({
    origin: SERVICE,
    post: { path: '/mcp', headers: legacyMcpHeaders, bodies: coldLegacy.map((slug, i) => legacyMcpBody(i, 'get_listing', { slug })) },
  });

  const search = await searches(data, commonTypos);

  const { homePage, listingPages, keptListingPages } = await sitePages(hot, coldMcp);
  const discussion = await discussionReads(community, warm);
  const day = await launchDayOn(db, SERVICE, { slugs: data.slugs, words: data.words, community });
  await db.close();

  const rssBefore = await residentMb(service.child.pid!);
  await load({ origin: SERVICE, paths: listingPaths(data.slugs), amount: READS_FOR_MEMORY });
  const rssAfter = await residentMb(service.child.pid!);

  service.child.removeAllListeners('exit');
  await Promise.all([stop(service.child), stop(bare.child), stop(lookup.child)]);
  const embedded = await embeddedStartup();
  const embeddedMemory = await embeddedIdleMemory(SERVICE_ENTRY);

  report({
    bareRun,
    lookupRun,
    restCold,
    restHot,
    mcpCold,
    mcpLegacy,
    ...search,
    homePage,
    listingPages,
    keptListingPages,
    ...discussion,
    day,
    startupPg,
    startups,
    embedded,
    embeddedMemory,
    rssBefore,
    rssAfter,
    coldRestCount: coldRest.length,
    coldMcpCount: coldMcp.length,
    coldModernCount: coldModern.length,
  });
}

/** Reads each listing of `slugs` once through the look-up baseline: PostgreSQL's buffers hold their rows afterwards. */
async function warmDatabase(slugs: string[]): Promise<void> {
  await load({ origin: LOOKUP, paths: slugs.map((s) => `/listings/${s}`), amount: slugs.length });
}

/** What one run measured. */
interface Measures {
  bareRun: Result;
  lookupRun: Result;
  restCold: Result;
  restHot: Result;
  mcpCold: Result;
  mcpLegacy: Result;
  nameTypos: number[];
  commonSequential: number[];
  searchRest: Result;
  searchMcp: Result;
  homePage: Result;
  listingPages: Result;
  keptListingPages: Result;
  discussedPages: Result;
  reviews: Result;
  comments: Result;
  stats: Result;
  day: LaunchDay;
  startupPg: number;
  startups: number[];
  embedded: { empty: number; present: number };
  embeddedMemory: EmbeddedMemory;
  rssBefore: number;
  rssAfter: number;
  coldRestCount: number;
  coldMcpCount: number;
  coldModernCount: number;
}

/** Prints one table of the measures against their goals, and the machine they ran on. */
function report(m: Measures) {
  const { bareRun, lookupRun, restCold, restHot, mcpCold, nameTypos, commonSequential, searchRest, searchMcp } = m;
  const { homePage, listingPages, keptListingPages, mcpLegacy, coldModernCount, discussedPages, reviews, comments, stats, day } = m;
  const { startupPg, startups, embedded, embeddedMemory, rssBefore, rssAfter, coldRestCount, coldMcpCount } = m;
  const rps = (r: { requests: { average: number } }) => r.requests.average;
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const reqs = (r: { requests: { average: number }; latency: { p50: number } }) => `${Math.round(rps(r))} req/s, p50 ${r.latency.p50} ms`;
  /** A throughput row whose goal is a share of a baseline's throughput in the same run. */
  const shareOf = (measure: string, run: Result, base: Result, baseName: string, share: number): Row => [
    measure,
    `${reqs(run)} (${ratio(rps(run), rps(base))} of ${baseName})`,
    `>= ${share * 100}% of ${baseName}`,
    rps(run) >= share * rps(base),
  ];
  /** A throughput row with no goal of its own, shown against a baseline. */
  const measured = (measure: string, run: Result, base: Result, baseName: string): Row => [
    measure,
    `${reqs(run)} (${ratio(rps(run), rps(base))} of ${baseName})`,
    '(measured)',
  ];
  /** A latency row whose goal is a p95 bound. */
  const p95Under = (measure: string, sorted: number[], boundMs: number): Row => [
    measure,
    `p50 ${ms(pct(sorted, 50))}, p95 ${ms(pct(sorted, 95))}`,
    `p95 < ${boundMs} ms`,
    pct(sorted, 95) < boundMs,
  ];
  const rows: Row[] = [
    ['bare Koa JSON route (32 connections)', reqs(bareRun), 'baseline'],
    ['bare Koa + one prepared look-up by slug, different slugs', reqs(lookupRun), 'database-bound baseline'],
    shareOf(`get_listing REST, ${coldRestCount} different slugs, none read before`, restCold, lookupRun, 'look-up', 0.5),
    shareOf(`get_listing REST, ${HOT} slugs read again`, restHot, bareRun, 'bare', 0.4),
    shareOf(`MCP tools/call get_listing, 2026-07-28, ${coldModernCount} different slugs, none read before`, mcpCold, restCold, 'REST', 0.8),
    shareOf(
      `MCP tools/call get_listing, 2025-06-18, ${coldModernCount} different slugs, none read before`,
      mcpLegacy,
      restCold,
      'REST',
      0.8,
    ),
    p95Under('search_listings REST, misspelled product name, sequential', nameTypos, 20),
    p95Under('search_listings REST, misspelled common word, sequential', commonSequential, 20),
    ['search_listings REST, misspelled common word, 8 connections', reqs(searchRest), '>= 500 req/s', rps(searchRest) >= 500],
    shareOf('MCP tools/call search_listings, the same, 8 connections', searchMcp, searchRest, 'REST', 0.8),
    shareOf('site home page (/)', homePage, bareRun, 'bare', 0.3),
    shareOf(`site listing pages, ${coldMcpCount} different slugs, none read as pages before`, listingPages, lookupRun, 'look-up', 0.3),
    shareOf(`site listing pages, ${HOT} slugs read again (kept pages)`, keptListingPages, bareRun, 'bare', 0.3),
    shareOf(
      'site listing pages with 8 reviews and 8 comments, different slugs, none read before',
      discussedPages,
      lookupRun,
      'look-up',
      0.3,
    ),
    measured('list_reviews REST, different listings with 8 reviews', reviews, lookupRun, 'look-up'),
    measured('list_comments REST, different listings with 8 comments', comments, lookupRun, 'look-up'),
    measured("get_listing_stats REST (a founder's key), 2,000 listings with 60 days of figures in turn", stats, lookupRun, 'look-up'),
    launchDayRow(day),
    [
      'start-up to first answer, PostgreSQL (median of three starts)',
      `${ms(startupPg)} (${startups.map((t) => ms(t)).join(', ')})`,
      '< 2 s',
      startupPg < 2000,
    ],
    ['start-up to first answer, embedded, data present', ms(embedded.present), '< 6 s', embedded.present < 6000],
    ['start-up, embedded, empty folder (migrations + demo seed)', ms(embedded.empty), ''],
    ...embeddedMemoryRows(embeddedMemory),
    [
      `service resident memory after ${READS_FOR_MEMORY.toLocaleString('en')} more profile reads`,
      `${rssAfter.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before)`,
      '< 300 MB',
      rssAfter < 300,
    ],
  ];
  const verdict = (row: Row) => (row[3] === undefined ? row[2] : `${row[2]}: ${row[3] ? 'met' : '**NOT met**'}`);
  console.log(`\n| measure | result | goal |\n|---|---|---|\n${rows.map((r) => `| ${r[0]} | ${r[1]} | ${verdict(r)} |`).join('\n')}`);
  console.log(`\n${os.cpus().length} cores (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, node ${process.version}`);
}

/** bench/embedded-memory.ts: the embedded service left idle, as `npm start` leaves it on a machine without DATABASE_URL. */
function embeddedMemoryRows(m: EmbeddedMemory): Row[] {
  return [
    [
      'embedded service memory, idle after its first start (demo seeded)',
      describeIdle(m.seeded),
      '< 700 MB resident',
      m.seeded.resident < 700,
    ],
    ['embedded service memory, idle after a restart', describeIdle(m.restarted), '< 550 MB resident', m.restarted.resident < 550],
    ["PGlite alone on the same folder (the database's share, not the service's)", describeIdle(m.pgliteAlone), ''],
  ];
}

/** The launch day's row: throughput and latency, what failed, the writes and whether the weekly board is right. */
function launchDayRow(day: LaunchDay): Row {
  const { result, failed, votes, follows, boardWrong, boardListings } = day;
  const failures = Object.values(failed).reduce((a, b) => a + b, 0) + result.errors + result.timeouts;
  if (failures)
    console.log('launch day, failed answers by kind and status:', failed, `errors ${result.errors}, timeouts ${result.timeouts}`);
  if (boardWrong.length) console.log(`launch day, weekly board wrong for ${boardWrong.length} listings, e.g.`, boardWrong.slice(0, 5));
  return [
    'launch day: 90% page, API and MCP reads, 10% votes and follows by 4,000 signed-in people, 32 connections, 60 s',
    `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${votes} votes, ${follows} follows; ${failures} failed; weekly board (${boardListings} listings) ${boardWrong.length ? 'WRONG' : 'right'}`,
    'no errors, p99 < 100 ms, board right',
    failures === 0 && result.latency.p99 < 100 && boardWrong.length === 0,
  ];
}

/**
 * The public site's pages as a browser that is not signed in reads them: the home page (kept by the service until a
 * listing changes), listing pages of slugs no earlier run has read (each rendered), and listing pages read again.
 */
async function sitePages(hot: string[], cold: string[]) {
  const headers = BROWSER;
  const pages = (slugs: string[]) => slugs.map((s) => `/listings/${s}`);
  await load({ origin: SERVICE, paths: ['/'], headers, connections: 8, seconds: 3 });
  const homePage = await load({ origin: SERVICE, paths: ['/'], headers });
  const listingPages = await load({ origin: SERVICE, paths: pages(cold), headers });
  await load({ origin: SERVICE, paths: pages(hot), headers, connections: 8, seconds: 3 });
  const keptListingPages = await load({ origin: SERVICE, paths: pages(hot), headers });
  return { homePage, listingPages, keptListingPages };
}

/** Searches of misspelled words: sequential latencies of product names and common words, then 8 connections of each. */
async function searches(data: BenchData, commonTypos: string[]) {
  const restSearch = async (q: string) => void (await (await fetch(`${SERVICE}/api/v1/listings?q=${q}`)).arrayBuffer());
  await latencies(50, (i) => restSearch(commonTypos[i]));
  return {
    nameTypos: await latencies(500, (i) => restSearch(misspell(data.nameWords[i % data.nameWords.length], i))),
    commonSequential: await latencies(500, (i) => restSearch(commonTypos[i])),
    searchRest: await load({ origin: SERVICE, connections: 8, paths: commonTypos.map((q) => `/api/v1/listings?q=${q}`) }),
    searchMcp: await load({
      origin: SERVICE,
      connections: 8,
      post: {
        path: '/mcp',
        headers: mcpHeaders('search_listings'),
        bodies: commonTypos.map((q, i) => mcpBody(i, 'search_listings', { q })),
      },
    }),
  };
}

/**
 * What issues 21 to 25 added that visitors and assistants read often: listing pages with reviews and comments (none
 * read as pages before), a listing's reviews and its comments through the API (different listings), and a founder's
 * get_listing_stats of their listings in turn.
 */
async function discussionReads(community: Community, warm: string[]) {
  const half = Math.floor(community.discussed.length / 2);
  const api = community.discussed.slice(half);
  const founder = { authorization: `Bearer ${community.owner.key}` };
  const stats = community.owner.listingIds.map((id) => `/api/v1/me/listings/${id}/stats`);
  await load({ origin: SERVICE, paths: warm.map((s) => `/api/v1/listings/${s}/reviews`), connections: 8, seconds: 3 });
  await load({ origin: SERVICE, paths: stats.slice(0, 100), headers: founder, connections: 8, seconds: 3 });
  return {
    discussedPages: await load({
      origin: SERVICE,
      paths: community.discussed.slice(0, half).map((s) => `/listings/${s}`),
      headers: BROWSER,
    }),
    reviews: await load({ origin: SERVICE, paths: api.map((s) => `/api/v1/listings/${s}/reviews`) }),
    comments: await load({ origin: SERVICE, paths: api.map((s) => `/api/v1/listings/${s}/comments`) }),
    stats: await load({ origin: SERVICE, paths: stats, headers: founder }),
  };
}

/**
 * The service's start-up, measured alone (not while the baselines start on the same cores) three times: the median
 * counts, as one start varied by a second between runs. The third start is the service measured from then on.
 */
async function startServiceThrice() {
  // Behind a proxy, as in production: people's addresses come in X-Forwarded-For (the launch day's voters have their own).
  const env = { PORT: '3998', DATABASE_URL: BENCH_URL, PUBLIC_URL: SERVICE, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' };
  const startups: number[] = [];
  for (;;) {
    const service = start(SERVICE_ENTRY, env, SERVICE_NODE_FLAGS);
    startups.push(await waitFor(`${SERVICE}/api/v1/site`, service.started));
    if (startups.length === 3) return { service, startups };
    await stop(service.child);
  }
}

async function embeddedStartup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-embedded-'));
  try {
    const env = { PORT: '3997', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    const first = start(SERVICE_ENTRY, env, SERVICE_NODE_FLAGS);
    const empty = await waitFor('http://127.0.0.1:3997/api/v1/site', first.started);
    await stop(first.child);
    const second = start(SERVICE_ENTRY, env, SERVICE_NODE_FLAGS);
    const present = await waitFor('http://127.0.0.1:3997/api/v1/site', second.started);
    await stop(second.child);
    return { empty, present };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
