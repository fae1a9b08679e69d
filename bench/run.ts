/**
 * npm run bench: the service against a bare Koa route in the same run, on the real PostgreSQL with
 * benchmark-scale data (100,000 listings, 1,000,000 votes). Prints ratios and percentiles.
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/launch_bench) is created and filled once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { seedBenchScale } from '../src/seed/bench-scale.js';

const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/launch_bench';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROOT = path.resolve(import.meta.dirname, '..');

async function ensureBenchDatabase() {
  const url = new URL(BENCH_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(BENCH_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: BENCH_URL, dataDir: os.tmpdir() });
  const count = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM listings');
  if (!count?.n) {
    console.log('filling the benchmark database (100,000 listings, 1,000,000 votes)...');
    const t0 = performance.now();
    await seedBenchScale(db, { now: new Date() });
    console.log(`  filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  // Load from one address far beyond the site's request quota: the limiter still counts every request, it refuses none.
  await db.query(
    `INSERT INTO site_settings (key, value) VALUES ('rate_limits', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify({ anonymous_per_minute: 1e9, signed_in_per_minute: 1e9, submit_listing_per_hour: 20 })],
  );
  const sample = await db.query<{ slug: string }>("SELECT slug FROM listings WHERE status = 'live' ORDER BY id LIMIT 200");
  // Two kinds of misspelled searches: a product's name (what people look for most), and the most common
  // words of the catalogue (the worst case: thousands of matches to count and rank).
  const nameWords = await db.query<{ word: string }>(
    `SELECT lower(substring(name from '^[A-Za-z]{5,}')) AS word FROM listings
     WHERE status = 'live' AND name ~ '^[A-Za-z]{5,}' ORDER BY md5(id::text) LIMIT 200`,
  );
  const words = await db.query<{ term: string }>('SELECT term FROM search_terms WHERE length(term) >= 6 ORDER BY documents DESC LIMIT 200');
  const listings = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM listings');
  const votes = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM votes');
  await db.close();
  return {
    slugs: sample.map((r) => r.slug),
    nameWords: nameWords.map((r) => r.word),
    words: words.map((r) => r.term),
    listings: listings!.n,
    votes: votes!.n,
  };
}

function start(script: string, env: Record<string, string>): { child: ChildProcess; started: number } {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, started };
}

async function waitFor(url: string, started: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        await response.arrayBuffer();
        return performance.now() - started;
      }
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function load(origin: string, paths: string[], connections = 32): Promise<autocannon.Result> {
  let i = 0;
  return autocannon({
    url: origin,
    connections,
    duration: DURATION,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
  });
}

async function latencies(n: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const misspell = (word: string, i: number) => {
  const at = 1 + (i % (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1); // drop one inner letter: "notion" -> "notin"
};

async function main() {
  const data = await ensureBenchDatabase();
  console.log(`data: ${data.listings} listings, ${data.votes} votes`);

  const bare = start('bench/bare-koa.ts', { PORT: '3999' });
  await waitFor('http://127.0.0.1:3999/', bare.started);
  const service = start('src/main.ts', { PORT: '3998', DATABASE_URL: BENCH_URL, PUBLIC_URL: 'http://127.0.0.1:3998', LOG_LEVEL: 'warn' });
  const startupPg = await waitFor('http://127.0.0.1:3998/api/v1/site', service.started);
  const base = 'http://127.0.0.1:3998/api/v1';

  // Warm up both, then measure throughput in one run.
  const bareOrigin = 'http://127.0.0.1:3999';
  const serviceOrigin = 'http://127.0.0.1:3998';
  const listingPaths = data.slugs.map((s) => `/api/v1/listings/${s}`);
  await load(bareOrigin, ['/'], 8);
  await load(serviceOrigin, listingPaths, 8);
  const bareRun = await load(bareOrigin, ['/']);
  const listingRun = await load(serviceOrigin, listingPaths);

  const searches = (i: number) => misspell(data.words[i % data.words.length], i);
  const nameSearches = (i: number) => misspell(data.nameWords[i % data.nameWords.length], i);
  const restSearch = (q: string) => async () => void (await (await fetch(`${base}/listings?q=${q}`)).arrayBuffer());
  await latencies(50, (i) => restSearch(searches(i))());
  const restNames = await latencies(500, (i) => restSearch(nameSearches(i))());
  const rest = await latencies(500, (i) => restSearch(searches(i))());
  const mcpHeaders = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'search_listings',
  };
  const mcpBody = (i: number) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: {
        name: 'search_listings',
        arguments: { q: searches(i) },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
        },
      },
    });
  const mcp = await latencies(500, async (i) => {
    const response = await fetch('http://127.0.0.1:3998/mcp', { method: 'POST', headers: mcpHeaders, body: mcpBody(i) });
    const text = await response.text();
    if (!response.ok || text.includes('"isError":true')) throw new Error(`MCP call failed: ${response.status} ${text.slice(0, 300)}`);
  });
  await stop(service.child);
  await stop(bare.child);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-embedded-'));
  const first = start('src/main.ts', { PORT: '3997', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const startupEmbeddedFirst = await waitFor('http://127.0.0.1:3997/api/v1/site', first.started);
  await stop(first.child);
  const second = start('src/main.ts', { PORT: '3997', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const startupEmbedded = await waitFor('http://127.0.0.1:3997/api/v1/site', second.started);
  await stop(second.child);
  await rm(dataDir, { recursive: true, force: true });

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const rows = [
    ['bare Koa JSON route', `${Math.round(bareRun.requests.average)} req/s`, ''],
    [
      'get_listing over REST',
      `${Math.round(listingRun.requests.average)} req/s`,
      `${((listingRun.requests.average / bareRun.requests.average) * 100).toFixed(0)}% of bare (goal >= 40%)`,
    ],
    ['search_listings, misspelled product name, REST', `p50 ${ms(pct(restNames, 50))}, p95 ${ms(pct(restNames, 95))}`, 'goal p95 < 20 ms'],
    ['search_listings, misspelled common word, REST', `p50 ${ms(pct(rest, 50))}, p95 ${ms(pct(rest, 95))}`, 'goal p95 < 20 ms'],
    [
      'search_listings, misspelled common word, MCP tools/call',
      `p50 ${ms(pct(mcp, 50))}, p95 ${ms(pct(mcp, 95))}`,
      `${(pct(mcp, 50) / pct(rest, 50)).toFixed(2)}x REST at p50, ${(pct(mcp, 95) / pct(rest, 95)).toFixed(2)}x at p95 (goal <= 1.3x)`,
    ],
    ['start-up to first answer, PostgreSQL', ms(startupPg), 'goal < 2 s'],
    ['start-up to first answer, embedded (data present)', ms(startupEmbedded), 'goal < 6 s'],
    ['start-up, embedded, empty folder (migrate + demo seed)', ms(startupEmbeddedFirst), ''],
  ];
  console.log(`\n| measure | result | ratio / goal |\n|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}`);
  console.log(`\nerrors: bare ${bareRun.errors + bareRun.non2xx}, get_listing ${listingRun.errors + listingRun.non2xx}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
