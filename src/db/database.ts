import fs from 'node:fs/promises';
import path from 'node:path';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { entities } from './entities/index.js';
import { migrate } from './migrate.js';

type Row = Record<string, unknown>;

/** The read side of the database: parameterised SQL ($1, $2, ...) returning plain rows. */
export interface Database {
  readonly kind: 'postgresql' | 'embedded';
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  one<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a multi-statement script without parameters (migrations, seed batches). */
  script(sql: string): Promise<void>;
  /** Runs fn on one connection held for its duration (session state: advisory locks, transactions). */
  session<T>(fn: (session: Pick<Database, 'query' | 'script'>) => Promise<T>): Promise<T>;
  /** Runs fn in one transaction, committed when fn resolves and rolled back when it throws; no other statement joins it. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  em(): SqlEntityManager;
  /** For a library that brings its own client (the job queue): the server's URL, or the embedded PGlite itself. */
  readonly connection?: { url: string } | { pglite: PGlite };
  close(): Promise<void>;
}

/** The statements of one open transaction. */
export type Transaction = Pick<Database, 'query' | 'script'>;

/**
 * A Database whose every statement runs in the open transaction `tx`, so that code written against
 * Database can be made part of a larger transaction. A transaction opened on it is a savepoint.
 * It has no ORM entity manager: code that runs inside uses SQL.
 */
export function databaseInTransaction(tx: Transaction, parent: Database): Database {
  let savepoints = 0;
  const bound: Database = {
    kind: parent.kind,
    query: tx.query,
    one: async <T extends Row>(sql: string, params?: readonly unknown[]) => (await tx.query<T>(sql, params))[0] as T | undefined,
    script: tx.script,
    session: (fn) => fn(bound),
    async transaction(fn) {
      const savepoint = `nested_${++savepoints}`;
      await tx.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await fn(bound);
        await tx.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw error;
      }
    },
    em() {
      throw new Error('The ORM entity manager is not available inside a transaction; use SQL');
    },
    connection: parent.connection,
    async close() {
      throw new Error('A transaction-bound database is closed by its parent');
    },
  };
  return bound;
}

/** Our SQL migrations own these (agenda_jobs belongs to the job queue library); MikroORM's schema tools must never drop them. */
const SCHEMA_GENERATOR = { skipTables: ['schema_migrations', 'agenda_jobs'], ignoreRoutines: true, ignoreTriggers: true };

/** dataDir value for a throw-away embedded database held in memory (tests). */
export const MEMORY = 'memory://';

export interface DatabaseOptions {
  databaseUrl: string;
  dataDir: string;
  debug?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openEmbedded(options.dataDir);
  await migrate(database);
  return database;
}

// Each engine's driver is loaded only when that engine is used: it keeps start-up short.
async function openPostgres(databaseUrl: string): Promise<Database> {
  const { MikroORM: PgORM } = await import('@mikro-orm/postgresql');
  const orm = await PgORM.init({
    clientUrl: databaseUrl,
    entities,
    pool: { min: 1, max: 10 },
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    schemaGenerator: SCHEMA_GENERATOR,
  });
  const pool = await orm.em.getConnection().getNativeClient();
  return {
    kind: 'postgresql',
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, params as unknown[])).rows as T[];
    },
    async one<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, params as unknown[])).rows[0] as T | undefined;
    },
    async script(sql: string) {
      await pool.query(sql);
    },
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn(clientStatements(client));
      } finally {
        client.release();
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientStatements(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    em: () => orm.em.fork() as unknown as SqlEntityManager,
    connection: { url: databaseUrl },
    close: () => orm.close(true),
  };
}

/** The statements of one pooled PostgreSQL connection. */
function clientStatements(client: PoolClient): Transaction {
  return {
    query: async <T extends Row>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as T[],
    script: async (sql: string) => void (await client.query(sql)),
  };
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const [{ MikroORM: PgliteORM }, { PGlite }, { pg_trgm }] = await Promise.all([
    import('@mikro-orm/pglite'),
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const dir = dataDir === MEMORY ? MEMORY : path.join(dataDir, 'pglite');
  if (dir !== MEMORY) await fs.mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  const orm = await PgliteORM.init({
    dbName: 'postgres',
    entities,
    driverOptions: { pglite },
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    schemaGenerator: SCHEMA_GENERATOR,
  });
  const { query, script } = statements(pglite);
  return {
    kind: 'embedded',
    query,
    async one<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return (await query<T>(sql, params))[0] as T | undefined;
    },
    script,
    // One connection: PGlite runs every statement in order already.
    session: (fn) => fn({ query, script }),
    // PGlite's own transaction holds its lock: statements from elsewhere wait instead of joining it.
    transaction: (fn) => pglite.transaction((tx) => fn(statements(tx))),
    em: () => orm.em.fork() as unknown as SqlEntityManager,
    connection: { pglite },
    async close() {
      await orm.close(true);
      await pglite.close();
    },
  };
}

/** The statements of PGlite itself or of one of its transactions. */
function statements(target: Pick<PGlite, 'query' | 'exec'>): Transaction {
  return {
    query: async <T extends Row>(sql: string, params: readonly unknown[] = []) => (await target.query<T>(sql, params as unknown[])).rows,
    script: async (sql: string) => void (await target.exec(sql)),
  };
}
