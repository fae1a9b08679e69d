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
 * A fresh, migrated database for one test file: a scratch database on the server named by DATABASE_URL when it is
 * set (CI runs the suite that way too), copied from the run's migrated template; else an in-memory embedded one,
 * started from the migrated data directory that the run's global setup dumped (test/support/global-setup.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ databaseUrl: '', dataDir: MEMORY, initialData: await migratedData() });
    return { db, drop: () => db.close(), asSuperuser: (work) => db.transaction(work) };
  }
  const scratch = await createScratchDatabase(serverUrl, { migrated: true });
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
  return {
    db,
    async drop() {
      await db.close();
      await scratch.drop();
    },
    asSuperuser: (work) => superuserTransaction(scratch.superuserUrl, work),
  };
}

let dump: Promise<Blob | undefined> | undefined;

/**
 * The embedded database's migrated data directory, read once per worker (a 44 MB dump). Outside vitest
 * (bench/tools-list.ts starts the app this way) there is no global setup, and no dump to start from.
 */
export function migratedData(): Promise<Blob | undefined> {
  const file = process.env.VITEST ? inject('migratedDataDir') : undefined;
  dump ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return dump;
}

/** The run's scratch databases on a PostgreSQL server, as test/support/global-setup.ts set them up. */
export interface ScratchServer {
  /** The prefix of their names. */
  tag: string;
  /** The migrated database each test's copies (empty when there is none). */
  template: string;
  /** With TEST_LEAST_PRIVILEGE=1: the login role, no superuser, that owns them and that the service connects as. */
  role?: string;
}

export interface ScratchDatabase {
  /** Where the service connects: as the run's least-privilege role with TEST_LEAST_PRIVILEGE=1. */
  url: string;
  /** The same database as the superuser of DATABASE_URL. */
  superuserUrl: string;
  drop(): Promise<void>;
}

/**
 * A database on the server at `serverUrl`, for this process or a child service to open: empty, for the service to
 * migrate (its audit log then stays the service role's), or with `migrated`, a copy of the run's template (CREATE DATABASE ... TEMPLATE copies files: a fraction of a second, where
 * applying every migration takes one or two). It belongs to the run's service role (test/support/global-setup.ts).
 */
export async function createScratchDatabase(serverUrl: string, options: { migrated?: boolean } = {}): Promise<ScratchDatabase> {
  const run: ScratchServer = (process.env.VITEST ? inject('scratchServer') : undefined) ?? { tag: 'test', template: '' };
  const name = `${run.tag}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const superuserUrl = url.toString();
  const template = options.migrated && run.template ? ` TEMPLATE ${run.template}` : '';
  await admin(serverUrl, `CREATE DATABASE ${name}${run.role ? ` OWNER ${run.role}` : ''}${template}`);
  if (run.role) {
    url.username = run.role;
    url.password = '';
  }
  return {
    url: url.toString(),
    superuserUrl,
    drop: async () => void (await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * docs/operating.md, "The database role", with the test's names: once migrated, the audit log and its trigger functions
 * belong to `<role>_audit`, a role the service is not, and the service may add entries and read them.
 */
export function handOverAuditLog(role: string): string {
  return `ALTER TABLE audit_log OWNER TO ${role}_audit;
    ALTER FUNCTION audit_log_append_only() OWNER TO ${role}_audit;
    ALTER FUNCTION audit_log_no_truncate() OWNER TO ${role}_audit;
    GRANT SELECT, INSERT ON audit_log TO ${role};
    GRANT USAGE ON SEQUENCE audit_log_id_seq TO ${role};`;
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

/** Runs `sql` on the server (one or more statements) and answers the last one's rows. */
export async function admin(serverUrl: string, sql: string): Promise<Record<string, string>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query(sql);
    return (Array.isArray(result) ? result.at(-1) : result).rows;
  } finally {
    await client.end();
  }
}
