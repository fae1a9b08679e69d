import { readFile } from 'node:fs/promises';
import type { Database } from './database.js';

/** Ordered, append-only. Each is applied once, inside one transaction, under an advisory lock. */
const migrations: readonly { name: string; file: URL }[] = [
  { name: '0001_initial_schema', file: new URL('./migrations/initial-schema.sql', import.meta.url) },
  { name: '0002_listing_search', file: new URL('./migrations/0002-listing-search.sql', import.meta.url) },
  { name: '0003_accounts', file: new URL('./migrations/0003-accounts.sql', import.meta.url) },
  { name: '0004_job_queue', file: new URL('./migrations/0004-job-queue.sql', import.meta.url) },
  { name: '0005_drafts', file: new URL('./migrations/0005-drafts.sql', import.meta.url) },
  { name: '0006_idempotency', file: new URL('./migrations/0006-idempotency.sql', import.meta.url) },
  { name: '0007_job_outbox', file: new URL('./migrations/0007-job-outbox.sql', import.meta.url) },
  { name: '0008_connected_apps_index', file: new URL('./migrations/0008-connected-apps-index.sql', import.meta.url) },
];

const LOCK_KEY = 7_240_101; // any constant shared by every instance of the service

export function migrate(db: Database): Promise<string[]> {
  return db.session(async (session) => applyPending(session));
}

async function applyPending(db: Pick<Database, 'query' | 'script'>): Promise<string[]> {
  const applied: string[] = [];
  await db.script(`SELECT pg_advisory_lock(${LOCK_KEY});
    CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`);
  try {
    const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      const sql = await readFile(migration.file, 'utf8');
      await db.script(`BEGIN;\n${sql}\nINSERT INTO schema_migrations(name) VALUES ('${migration.name}');\nCOMMIT;`);
      applied.push(migration.name);
    }
  } finally {
    await db.script(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
  }
  return applied;
}
