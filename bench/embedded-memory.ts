/**
 * npx tsx bench/embedded-memory.ts [entry]: the embedded service's memory at idle (issue 52, item 10). The service is
 * started as `npm start` starts it on a machine without DATABASE_URL: on its embedded PostgreSQL (PGlite) in a new
 * DATA_DIR, which it fills with the demo directory; then it is left to settle and its memory read (resident, V8's
 * heap, what lies outside the heap: PGlite's WASM memory among it). Then again on a restart (the data present), and
 * last PGlite alone on the same folder, opened as the service opens it: the share that is PGlite's, not the service's.
 * `entry` is the compiled service (dist/src/main.js, npm run build first; what `npm run bench` measures) or
 * src/main.ts (run through tsx, as `npm start` does).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { residentMb, start, stop, waitFor, waitUntilIdle } from './processes.js';
import { SERVICE_NODE_FLAGS } from '../src/node-flags.js';

const PORT = '3995';
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TOKEN = 'bench-embedded-memory-token';
const MB = 1024 * 1024;
/** How long the service is left alone once it is idle: timers and the collector have run by then. */
const SETTLE_MS = 10_000;

/** What one idle process holds, in MB. */
export interface IdleMemory {
  resident: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory outside V8's heap that V8 knows of (ArrayBuffers and Buffers: PGlite's WASM memory, kept pages). */
  external: number;
}

export interface EmbeddedMemory {
  /** The first start: migrations and the demo seed, then idle. */
  seeded: IdleMemory;
  /** A restart on the folder the first start filled, idle. */
  restarted: IdleMemory;
  /** PGlite alone, opened on the same folder (no service), idle. */
  pgliteAlone: IdleMemory;
}

/** Measures the embedded service at idle, started from `entry`. */
export async function embeddedIdleMemory(entry = 'dist/src/main.js'): Promise<EmbeddedMemory> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-embedded-memory-'));
  try {
    const env = { PORT, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN, DEMO: '1' };
    const seeded = await idleService(entry, env);
    const restarted = await idleService(entry, env);
    const pgliteAlone = await idlePglite(dataDir);
    return { seeded, restarted, pgliteAlone };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function idleService(entry: string, env: Record<string, string>): Promise<IdleMemory> {
  const service = start(entry, env, SERVICE_NODE_FLAGS);
  try {
    await waitFor(`${ORIGIN}/api/v1/site`, service.started, 300_000);
    await waitUntilIdle(service.child.pid!);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const metrics = await (await fetch(`${ORIGIN}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const mb = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(metrics)?.[1]) / MB;
    return {
      resident: await residentMb(service.child.pid!),
      heapUsed: mb('nodejs_heap_size_used_bytes'),
      heapTotal: mb('nodejs_heap_size_total_bytes'),
      external: mb('nodejs_external_memory_bytes'),
    };
  } finally {
    await stop(service.child);
  }
}

/** PGlite alone on `dataDir` (bench/pglite-alone.ts), which prints its memory once idle. */
async function idlePglite(dataDir: string): Promise<IdleMemory> {
  const alone = start('bench/pglite-alone.ts', { DATA_DIR: dataDir, SETTLE_MS: String(SETTLE_MS) }, SERVICE_NODE_FLAGS);
  let out = '';
  alone.child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await new Promise((r) => alone.child.once('exit', r));
  return JSON.parse(out) as IdleMemory;
}

/** A row's text: resident memory, then the heap and what lies outside it. */
export const describeIdle = (m: IdleMemory) =>
  `${m.resident.toFixed(0)} MB resident (heap ${m.heapUsed.toFixed(0)} of ${m.heapTotal.toFixed(0)} MB, outside the heap ${m.external.toFixed(0)} MB)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const measured = await embeddedIdleMemory(process.argv[2]);
  console.log(`embedded service, first start (demo seeded), idle: ${describeIdle(measured.seeded)}`);
  console.log(`embedded service, restarted, idle: ${describeIdle(measured.restarted)}`);
  console.log(`PGlite alone on the same folder, idle: ${describeIdle(measured.pgliteAlone)}`);
}
