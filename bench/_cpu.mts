import { readFile } from 'node:fs/promises';
import { execSync } from 'node:child_process';
import { load } from './load.js';
import { start, stop, waitFor } from './processes.js';
import { BENCH_URL } from './data.js';
import pg from 'pg';
const c = new pg.Client({ connectionString: BENCH_URL });
await c.connect();
const slugs = (await c.query("SELECT slug FROM listings WHERE status='live' ORDER BY md5(slug) LIMIT 40000")).rows.map((r) => r.slug);
await c.end();
const cpu = async (pid: number) => {
  const f = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const pgCpu = async () => {
  let t = 0;
  for (const pid of execSync('pgrep -u postgres postgres').toString().trim().split('\n')) {
    try {
      t += await cpu(Number(pid));
    } catch {}
  }
  return t;
};
const service = start(process.env.SCRIPT ?? 'src/main.ts', {
  PORT: '3998',
  DATABASE_URL: BENCH_URL,
  PUBLIC_URL: 'http://127.0.0.1:3998',
  LOG_LEVEL: 'warn',
});
await waitFor('http://127.0.0.1:3998/api/v1/site', service.started);
const path = process.argv[2] ?? '/api/v1/listings/';
await load({ origin: 'http://127.0.0.1:3998', paths: slugs.slice(0, 3000).map((s) => path + s), seconds: 3 });
const [n0, p0] = [await cpu(service.child.pid!), await pgCpu()];
const r = await load({ origin: 'http://127.0.0.1:3998', paths: slugs.slice(3000).map((s) => path + s), seconds: 10 });
const [n1, p1] = [await cpu(service.child.pid!), await pgCpu()];
console.log(
  `${Math.round(r.requests.average)} req/s; node cpu ${(n1 - n0).toFixed(1)} s, postgres cpu ${(p1 - p0).toFixed(1)} s over 10 s`,
);
await stop(service.child);
