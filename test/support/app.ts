import { loadConfig } from '../../src/config.js';
import { createApp, type App, type AppParts } from '../../src/app.js';
import { loadRegistry, type Registry } from '../../src/registry/registry.js';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from './database.js';
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestApp {
  url: string;
  app: App;
  db: Database;
  registry: Registry;
  close(): Promise<void>;
}

/** The real application on a fresh database, listening on a loopback port. */
export async function startTestApp(
  options: {
    now?: () => Date;
    prepare?: (db: Database) => Promise<void>;
    outbound?: AppParts['outbound'];
    jobs?: AppParts['jobs'];
    drafting?: AppParts['drafting'];
    /** Settings as environment variables, e.g. { CRAWLER_ALLOW_HOSTS: '127.0.0.1' }. */
    env?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  await options.prepare?.(db);
  const registry = await loadRegistry();
  const port = await freePort();
  const config = { ...loadConfig({ ...options.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }), host: '127.0.0.1' };
  const app = await createApp({ config, db, registry, now: options.now, outbound: options.outbound, jobs: options.jobs, drafting: options.drafting });
  const url = await app.listen(port, '127.0.0.1');
  return {
    url,
    app,
    db,
    registry,
    async close() {
      await app.close();
      await drop();
    },
  };
}
