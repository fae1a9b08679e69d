import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { splitStatements } from './sql-statements.js';

const MIGRATIONS_FOLDER = new URL('./migrations/', import.meta.url);

/**
 * The schema's migrations, ordered and append-only: the SQL files of ./migrations (copied beside the
 * compiled code by the build), in the order of their names, each run by MikroORM's migrator in a
 * transaction of its own and recorded in its table (mikro_orm_migrations) under its file name with
 * underscores: 0002-listing-search.sql is recorded as 0002_listing_search.
 */
const MIGRATION_FILES: readonly { name: string; file: string }[] = migrationFiles(readdirSync(MIGRATIONS_FOLDER));

/** The migrations among a folder's files, by name; anything else with .sql that is not named NNNN-words.sql is refused. */
function migrationFiles(files: readonly string[]): { name: string; file: string }[] {
  return files
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      if (!/^\d{4}-[a-z0-9-]+\.sql$/.test(file)) throw new Error(`Migration ${file} is not named NNNN-words.sql`);
      return { name: file.slice(0, -'.sql'.length).replaceAll('-', '_'), file };
    });
}

export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** The migrator's settings: our list of SQL migrations, one transaction each, no snapshots or generated files. */
export const MIGRATOR_OPTIONS = {
  tableName: MIGRATIONS_TABLE,
  migrationsList: MIGRATION_FILES.map(({ name, file }) => ({ name, class: sqlFileMigration(name, file) })),
  transactional: true,
  allOrNothing: false,
  disableForeignKeys: false,
  snapshot: false,
  silent: true,
};

/** A migration that runs one SQL file, statement by statement. */
function sqlFileMigration(name: string, file: string) {
  return class extends Migration {
    override name = name;
    override async up(): Promise<void> {
      const script = await readFile(new URL(file, MIGRATIONS_FOLDER), 'utf8');
      for (const statement of splitStatements(script)) this.addSql(statement);
    }
  };
}

const LOCK_KEY = 7_240_101; // any constant shared by every instance of the service

/** One connection held while the lock is: the lock is taken and given back on it. */
interface LockSession {
  script(sql: string): Promise<void>;
}

/**
 * Applies the pending migrations under an advisory lock, so instances that start together migrate
 * one after the other (the later ones find nothing to do). Answers the names applied.
 */
export async function migrate(session: <T>(fn: (lock: LockSession) => Promise<T>) => Promise<T>, orm: MikroORM): Promise<string[]> {
  return session(async (lock) => {
    await lock.script(`SELECT pg_advisory_lock(${LOCK_KEY})`);
    try {
      const applied = await orm.migrator.up();
      return applied.map((migration) => migration.name);
    } finally {
      await lock.script(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
    }
  });
}
