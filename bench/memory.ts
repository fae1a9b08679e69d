/**
 * npx tsx bench/memory.ts: where the service's memory goes. The compiled service (npm run build first) on the
 * benchmark database, idle, then after 10 s of REST reads, 10 s of listing pages none read before and 100,000 more
 * REST reads (what `npm run bench` measures last): resident memory, V8's heap (used, total) and the memory outside
 * it (buffers: the word index, kept pages), from the service's own /metrics. FLAGS replaces the node flags.
 */
import { BENCH_URL, ensureBenchDatabase } from './data.js';
import { BROWSER, load } from './load.js';
import { residentMb, start, stop, waitFor, waitUntilIdle } from './processes.js';
import { SERVICE_NODE_FLAGS } from '../src/node-flags.js';

const SERVICE = 'http://127.0.0.1:3992';
const TOKEN = 'bench-memory-metrics-token';
const MB = 1024 * 1024;

const data = await ensureBenchDatabase();
const flags = process.env.FLAGS ? process.env.FLAGS.split(' ') : SERVICE_NODE_FLAGS;
const env = { PORT: '3992', DATABASE_URL: BENCH_URL, PUBLIC_URL: SERVICE, LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN };
const service = start('dist/src/main.js', env, flags);
try {
  await waitFor(`${SERVICE}/api/v1/site`, service.started);
  await waitUntilIdle(service.child.pid!);
  await report('idle');
  await load({ origin: SERVICE, paths: data.slugs.map((s) => `/api/v1/listings/${s}`), seconds: 10 });
  await report('after REST reads');
  await load({ origin: SERVICE, paths: data.slugs.map((s) => `/listings/${s}`), seconds: 10, headers: BROWSER });
  await report('after listing pages');
  await load({ origin: SERVICE, paths: data.slugs.map((s) => `/api/v1/listings/${s}`), amount: 100_000 });
  await report('after 100,000 reads');
} finally {
  await stop(service.child);
}

async function report(when: string) {
  const metrics = await (await fetch(`${SERVICE}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const mb = (name: string) => (Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(metrics)?.[1]) / MB).toFixed(0);
  console.log(
    `${when}: resident ${(await residentMb(service.child.pid!)).toFixed(0)} MB, heap ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, outside the heap ${mb('nodejs_external_memory_bytes')} MB`,
  );
}
