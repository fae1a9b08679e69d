import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { MEMORY, openDatabase, type Database } from '../../src/db/database.js';

export interface TestDatabase {
  db: Database;
  /** Closes the database and, on a PostgreSQL server, drops the scratch database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a scratch database on the server named by
 * DATABASE_URL when it is set (CI runs the suite that way too), else an in-memory embedded one,
 * started from the migrated data directory that the run's global setup dumped (test/support/global-setup.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // Outside vitest (bench/tools-list.ts starts the app this way) there is no global setup, and no dump to start from.
    const dump = process.env.VITEST ? inject('migratedDataDir') : undefined;
    const initialData = dump ? new Blob([await readFile(dump)]) : undefined;
    const db = await openDatabase({ databaseUrl: '', dataDir: MEMORY, initialData });
    return { db, drop: () => db.close() };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
  return {
    db,
    async drop() {
      await db.close();
      await scratch.drop();
    },
  };
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty database on the server at `serverUrl`, for this process or a child service to open. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
