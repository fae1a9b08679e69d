import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MEMORY, openDatabase } from '../../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (unset when DATABASE_URL names a server). */
    migratedDataDir: string | undefined;
  }
}

/**
 * Runs once per test run, before any test file. On the embedded database, creating one and applying
 * the migrations takes seconds; it is done here once, and each test file starts from a copy of the
 * result (see createTestDatabase).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('migratedDataDir', undefined);
    return async () => {};
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'launch-directory-tests-'));
  const file = path.join(dir, 'migrated.tar');
  const db = await openDatabase({ databaseUrl: '', dataDir: MEMORY });
  try {
    if (!db.connection || !('pglite' in db.connection)) throw new Error('Expected the embedded database');
    await writeFile(file, Buffer.from(await (await db.connection.pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('migratedDataDir', file);
  return () => rm(dir, { recursive: true, force: true });
}
