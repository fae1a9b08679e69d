import { loadConfig } from '../../src/config.js';
import { createApp, type App } from '../../src/app.js';
import { loadRegistry } from '../../src/registry/registry.js';
import { MEMORY, openDatabase, type Database } from '../../src/db/database.js';
import { createScratchDatabase, migratedData } from './database.js';
import { freePort, setRateLimits, testLogger } from './app.js';

export interface Instance {
  app: App;
  url: string;
}

export interface TwoInstances {
  apps: [Instance, Instance];
  /** The database both instances use (through connections of their own on a server). */
  db: Database;
  close(): Promise<void>;
}

/**
 * Two instances of the service on one database, as behind a load balancer, in this process: each app has its
 * own caches, search index, batched counters and change listener, and on a PostgreSQL server its own
 * connections to one scratch database. On the embedded engine both share the one database.
 */
export async function startTwoInstances(options: {
  now: () => Date;
  pageViewsEveryMs?: number;
  /** More configuration (e.g. TRUSTED_PROXIES, so that a test can speak for many clients through X-Forwarded-For). */
  env?: Record<string, string>;
}): Promise<TwoInstances> {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, { migrated: true }) : undefined;
  const databases: Database[] = [];
  if (scratch) {
    databases.push(await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY }));
    databases.push(await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY }));
  } else {
    const one = await openDatabase({ databaseUrl: '', dataDir: MEMORY, initialData: await migratedData() });
    databases.push(one, one);
  }
  await setRateLimits(databases[0]!, {});
  const registry = await loadRegistry();
  const apps: Instance[] = [];
  for (const db of databases) {
    const port = await freePort();
    const config = {
      ...loadConfig({ PAGE_SETTLE_SECONDS: '0', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env }),
      host: '127.0.0.1',
    };
    const app = await createApp({
      config,
      db,
      registry,
      now: options.now,
      serviceClock: false,
      log: testLogger(),
      ...(options.pageViewsEveryMs !== undefined && { pageViewsEveryMs: options.pageViewsEveryMs }),
    });
    apps.push({ app, url: await app.listen(port, '127.0.0.1') });
  }
  return {
    apps: apps as [Instance, Instance],
    db: databases[0]!,
    async close() {
      for (const { app } of apps) await app.close();
      for (const db of new Set(databases)) await db.close();
      await scratch?.drop();
    },
  };
}
