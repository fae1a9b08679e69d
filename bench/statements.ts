/**
 * npx tsx bench/statements.ts: how many statements each kind of request makes, counted in PostgreSQL's own log.
 * For the run, the benchmark database logs every statement (log_min_duration_statement = 0, reset afterwards); each
 * kind of request is sent one at a time, REPEAT times with different keys, and the statements logged while each is
 * answered are counted (the median of the REPEAT; a job queue's poll may fall in one).
 *   PG_LOG (default /var/log/postgresql/postgresql-15-main.log) is the server's log, readable by this user.
 */
import { open, stat } from 'node:fs/promises';
import os from 'node:os';
import { BENCH_URL, ensureBenchDatabase } from './data.js';
import { BROWSER } from './load.js';
import { start, stop, waitFor, waitUntilIdle } from './processes.js';
import { SERVICE_NODE_FLAGS } from '../src/node-flags.js';
import { openDatabase } from '../src/db/database.js';
import { ensureCommunity, signedInPeople } from './people.js';
import { mcpBody, mcpHeaders } from './mcp-requests.js';

const SERVICE = 'http://127.0.0.1:3994';
const LOG = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const REPEAT = 5;
const DATABASE = new URL(BENCH_URL).pathname.slice(1);

interface Request {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Statements the server logged since `offset` for the bench database: an execute, or a simple-protocol statement. */
async function statementsSince(offset: number): Promise<{ count: number; texts: string[] }> {
  const end = (await stat(LOG)).size;
  const file = await open(LOG, 'r');
  const buffer = Buffer.alloc(end - offset);
  await file.read(buffer, 0, buffer.length, offset);
  await file.close();
  const texts = buffer
    .toString('utf8')
    .split('\n')
    .filter((line) => line.includes(`@${DATABASE} `) && /duration: [\d.]+ ms {2}(execute [^:]*|statement): /.test(line))
    .map((line) => line.replace(/^.*?(execute [^:]*|statement): /, '').slice(0, Number(process.env.TEXT ?? 140)));
  return { count: texts.length, texts };
}

/** The statements logged while each request was answered (and just after: a change's notification is acted on); the median. */
async function counted(requests: Request[]): Promise<{ perRequest: number; sample: string[] }> {
  const counts: number[] = [];
  let sample: string[] = [];
  for (const r of requests) {
    const before = (await stat(LOG)).size;
    const response = await fetch(`${SERVICE}${r.path}`, {
      method: r.method ?? 'GET',
      headers: r.headers,
      body: r.body,
      redirect: 'manual',
    });
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${r.method ?? 'GET'} ${r.path} answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150)); // the log is written after the answer
    const logged = await statementsSince(before);
    counts.push(logged.count);
    sample = logged.texts;
  }
  counts.sort((a, b) => a - b);
  return { perRequest: counts[Math.floor(counts.length / 2)], sample };
}

async function main() {
  const data = await ensureBenchDatabase();
  const db = await openDatabase({ databaseUrl: BENCH_URL, dataDir: os.tmpdir() });
  const community = await ensureCommunity(db, new Date());
  const targets = (
    await db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY launched_at DESC LIMIT 50`)
  ).map((r) => r.slug);
  await db.query(`ALTER DATABASE ${DATABASE} SET log_min_duration_statement = 0`);
  const service = start(
    'dist/src/main.js',
    { PORT: '3994', DATABASE_URL: BENCH_URL, PUBLIC_URL: SERVICE, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' },
    SERVICE_NODE_FLAGS,
  );
  try {
    await waitFor(`${SERVICE}/api/v1/site`, service.started);
    await waitUntilIdle(service.child.pid!);
    const people = await signedInPeople(db, SERVICE, REPEAT * 2, new Date());
    const tail = (i: number) => data.slugs[40_000 + i * 7];
    const form = (path: string, i: number): Request => ({
      path,
      method: 'POST',
      headers: { cookie: people[i].cookie, 'x-forwarded-for': people[i].address, 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf=${encodeURIComponent(people[i].csrf)}`,
    });
    const kinds: Record<string, (i: number) => Request> = {
      'GET /listings/{slug}, anonymous': (i) => ({ path: `/listings/${tail(i)}`, headers: BROWSER }),
      'GET /listings/{slug} with discussion, anonymous': (i) => ({ path: `/listings/${community.discussed[i]}`, headers: BROWSER }),
      'GET /listings/{slug}, signed in': (i) => ({
        path: `/listings/${targets[i]}`,
        headers: { ...BROWSER, cookie: people[i].cookie, 'x-forwarded-for': people[i].address },
      }),
      'POST /listings/{slug}/vote': (i) => form(`/listings/${targets[10 + i]}/vote`, i),
      'POST /listings/{slug}/follow': (i) => form(`/listings/${targets[20 + i]}/follow`, i),
      'GET /api/v1/listings/{slug}': (i) => ({ path: `/api/v1/listings/${tail(100 + i)}` }),
      'MCP get_listing': (i) => ({
        path: '/mcp',
        method: 'POST',
        headers: mcpHeaders('get_listing'),
        body: mcpBody(i, 'get_listing', { slug: tail(200 + i) }),
      }),
      'GET /api/v1/listings/{slug}/reviews': (i) => ({ path: `/api/v1/listings/${community.discussed[20 + i]}/reviews` }),
      'GET /api/v1/listings?q=': (i) => ({ path: `/api/v1/listings?q=${data.words[i * 3]}` }),
    };
    for (const [kind, request] of Object.entries(kinds)) {
      const { perRequest, sample } = await counted(Array.from({ length: REPEAT }, (_, i) => request(i)));
      console.log(`${kind}: ${perRequest} statements`);
      for (const text of sample) console.log(`    ${text}`);
    }
  } finally {
    await stop(service.child);
    await db.query(`ALTER DATABASE ${DATABASE} RESET log_min_duration_statement`);
    await db.close();
  }
}

await main();
