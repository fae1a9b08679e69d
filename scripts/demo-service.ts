/**
 * The service as the scripts that look at the site run it (`npm run screenshots`, `npm run lighthouse`): on an
 * embedded database in memory (PGlite, whatever DATABASE_URL the shell has) with the demo directory, its clock
 * stopped at a fixed date, on a free loopback port. No network is needed.
 */
import net from 'node:net';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, MEMORY, openDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logging/logger.js';
import { loadRegistry } from '../src/registry/registry.js';
import { seedDemo } from '../src/seed/demo.js';

/** The demo's clock: the same directory, votes and weeks on every run. */
export const DEMO_NOW = new Date('2026-11-18T12:00:00Z');

export interface DemoService {
  /** The origin it answers on, e.g. `http://127.0.0.1:41234`. */
  url: string;
  db: Database;
  close(): Promise<void>;
}

/** Starts the service on a fresh in-memory database holding the demo directory. */
export async function startDemoService(): Promise<DemoService> {
  const db = await openDatabase({ databaseUrl: '', dataDir: MEMORY });
  await seedDemo(db, { now: DEMO_NOW });
  const port = await freePort();
  const config = { ...loadConfig({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }), host: '127.0.0.1' };
  const app = await createApp({
    config,
    db,
    registry: await loadRegistry(),
    now: () => DEMO_NOW,
    serviceClock: false,
    log: createLogger({ level: process.env.LOG_LEVEL ?? 'warn' }),
  });
  const url = await app.listen(port, '127.0.0.1');
  return {
    url,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
