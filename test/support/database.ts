import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { MEMORY, openDatabase, type Database } from '../../src/db/database.js';

/** What a test may run outside the service's own connection: plain statements in one transaction. */
interface SuperuserStatements {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface TestDatabase {
  db: Database;
  /** Closes the database and, on a PostgreSQL server, drops the scratch database. */
  drop(): Promise<void>;
  /**
   * Runs `work` in one transaction as a superuser of this database, for a test that must go around what the
   * service's role may do (a change no notification announces: `SET LOCAL session_replication_role = replica`).
   * On the embedded engine the test's own connection is one.
   */
  asSuperuser(work: (tx: SuperuserStatements) => Promise<void>): Promise<void>;
}

/**
 * TEST_LEAST_PRIVILEGE=1 (CI's run on the PostgreSQL server): each scratch database belongs to a login role that is
 * no superuser, and the service connects as it, as docs/operating.md sets a deployment up; once migrated, the audit
 * log and its trigger functions go to a role the service is not. The suite then shows the service needs no more.
 */
const LEAST_PRIVILEGE = process.env.TEST_LEAST_PRIVILEGE === '1';

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
    return { db, drop: () => db.close(), asSuperuser: (work) => db.transaction(work) };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
  await scratch.migrated();
  return {
    db,
    async drop() {
      await db.close();
      await scratch.drop();
    },
    asSuperuser: (work) => superuserTransaction(scratch.superuserUrl, work),
  };
}

export interface ScratchDatabase {
  /** Where the service connects: as its own least-privilege role with TEST_LEAST_PRIVILEGE=1. */
  url: string;
  /** The same database as the superuser of DATABASE_URL. */
  superuserUrl: string;
  /** Once the service has migrated it: with TEST_LEAST_PRIVILEGE=1, hands the audit log to a role the service is not. */
  migrated(): Promise<void>;
  drop(): Promise<void>;
}

/** An empty database on the server at `serverUrl`, for this process or a child service to open. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const role = `${name}_svc`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const superuserUrl = url.toString();
  if (!LEAST_PRIVILEGE) {
    await admin(serverUrl, `CREATE DATABASE ${name}`);
    return {
      url: superuserUrl,
      superuserUrl,
      migrated: async () => {},
      drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  // docs/operating.md, "The database role", with the test's names.
  await admin(serverUrl, `CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
  await admin(serverUrl, `CREATE DATABASE ${name} OWNER ${role}`);
  url.username = role;
  url.password = '';
  return {
    url: url.toString(),
    superuserUrl,
    migrated: () =>
      admin(
        superuserUrl,
        `CREATE ROLE ${role}_audit NOLOGIN;
         ALTER TABLE audit_log OWNER TO ${role}_audit;
         ALTER FUNCTION audit_log_append_only() OWNER TO ${role}_audit;
         ALTER FUNCTION audit_log_no_truncate() OWNER TO ${role}_audit;
         GRANT SELECT, INSERT ON audit_log TO ${role};
         GRANT USAGE ON SEQUENCE audit_log_id_seq TO ${role};`,
      ),
    async drop() {
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin(serverUrl, `DROP ROLE IF EXISTS ${role}_audit`);
      await admin(serverUrl, `DROP ROLE IF EXISTS ${role}`);
    },
  };
}

async function superuserTransaction(url: string, work: (tx: SuperuserStatements) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await work({ query: (sql, params) => client.query(sql, params) });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
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
