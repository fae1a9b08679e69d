import fs from 'node:fs/promises';
import pg from 'pg';
import path from 'node:path';
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type { EventSubscriber, FlushEventArgs, MikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CompiledQuery, type ControlledTransaction, Kysely, PGliteDialect } from 'kysely';
import { entities } from './entities/index.js';
import { MIGRATIONS_TABLE, MIGRATOR_OPTIONS, migrate } from './migrate.js';
import { type ChangeHandlers, type Listening, listenOnEmbedded, listenOnServer } from './change-listener.js';
import { tracedQueryLogger, tracedStatements } from './traced-statements.js';
import { ReadPipeline } from './read-pipeline.js';

type Row = Record<string, unknown>;

/**
 * The database: PostgreSQL (a server, or embedded PGlite) through MikroORM. Writes of the domain go
 * through `transaction()`, whose `em` is MikroORM's EntityManager bound to that transaction (unit of
 * work, identity map, locks) and whose `query` runs hand-written SQL in the same transaction; hot
 * reads are SQL through `query`/`one` on the same connection pool.
 */
export interface Database {
  readonly kind: 'postgresql' | 'embedded';
  query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  one<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T | undefined>;
  /** Runs a multi-statement script without parameters (seed batches). */
  script(sql: string): Promise<void>;
  /** Runs fn on one connection held for its duration (session state: advisory locks). */
  session<T>(fn: (session: Statements) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction: committed (after the EntityManager's changes are flushed) when fn
   * resolves, rolled back when it throws. No statement from elsewhere joins it, on either engine.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * An EntityManager for reads and schema tools outside a transaction. It refuses to flush changes:
   * writes go through `transaction()`, so none runs outside one (the embedded engine has one
   * connection, and an ORM transaction begun on it would take in every other statement).
   */
  em(): SqlEntityManager;
  /**
   * Hears the notifications of `channel` (NOTIFY, sent at commit) until stopped; on a server through a
   * connection of its own, reconnected after a loss, with `onListening` telling when notifications may be missed.
   * That connection also sends notifications of the channel (`notify`).
   */
  listen(channel: string, handlers: ChangeHandlers): Promise<Listening>;
  /** For a library that brings its own client (the job queue): the server's URL, or the embedded PGlite itself. */
  readonly connection?: { url: string } | { pglite: PGlite };
  /** The pool's connections (open, idle) and the requests waiting for one; absent on the embedded engine, which has no pool. */
  readonly poolUse?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * `prepare`: the statement's name, for a hot read of fixed text. The server parses and plans it once
 * per pooled connection and then runs the saved plan (a statement of a few joins plans in longer than
 * it runs). On a server, outside a transaction or session, such reads are pipelined: those issued in one
 * turn of the event loop go together in one write on one connection (src/db/read-pipeline.ts), each
 * on its own. So `prepare` is for reads only, and short ones: a statement waits for those sent before
 * it on its connection. Ignored in a transaction and on the embedded engine, which keeps no such cache.
 */
interface QueryOptions {
  prepare?: string;
}

/**
 * Parameterised SQL ($1, $2, ...) and scripts: the one name for something a function can query, which a Database
 * and an open Transaction both are. A function that needs more (one, transaction, the EntityManager) takes those.
 */
export interface Statements {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  script(sql: string): Promise<void>;
}

/** One open transaction: SQL statements and the EntityManager, both in it. */
export interface Transaction extends Statements {
  readonly em: SqlEntityManager;
}

/**
 * A Database whose every statement runs in the open transaction `tx`, so that code written against
 * Database can be made part of a larger transaction (idempotent operations). A transaction opened on
 * it is a savepoint with the same EntityManager, flushed before the savepoint is released.
 */
export function databaseInTransaction(tx: Transaction, parent: Database): Database {
  let savepoints = 0;
  const bound: Database = {
    kind: parent.kind,
    query: tx.query,
    one: firstRow(tx.query),
    script: tx.script,
    session: (fn) => fn(tx),
    async transaction(fn) {
      const savepoint = `nested_${++savepoints}`;
      await tx.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await fn(tx);
        await tx.em.flush();
        await tx.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw error;
      }
    },
    em: () => tx.em,
    listen: (channel, handlers) => parent.listen(channel, handlers),
    connection: parent.connection,
    async close() {
      throw new Error('A transaction-bound database is closed by its parent');
    },
  };
  return bound;
}

/** Tables that no entity maps: the migrator's own and the job queue library's (agenda_jobs); the schema tools leave them alone. */
const SCHEMA_GENERATOR = { skipTables: [MIGRATIONS_TABLE, 'agenda_jobs'], ignoreRoutines: true, ignoreTriggers: true };

/** Refuses a flush with changes outside a transaction (see Database.em). */
class WritesInTransactionsOnly implements EventSubscriber {
  onFlush({ em, uow }: FlushEventArgs): void {
    if (em.isInTransaction() || uow.getChangeSets().length === 0) return;
    throw new Error('Entity changes are written in Database.transaction(): use the em of its transaction');
  }
}

const ORM_OPTIONS = {
  entities,
  discovery: { warnWhenNoEntities: false },
  allowGlobalContext: false,
  schemaGenerator: SCHEMA_GENERATOR,
  subscribers: [new WritesInTransactionsOnly()],
  extensions: [Migrator],
  migrations: MIGRATOR_OPTIONS,
  // The ORM's statements become spans under a traced request or tool call (traced-statements.ts).
  loggerFactory: tracedQueryLogger,
};

/** Connections of the pipelined reads (prepared statements): each carries several statements at a time. */
const PIPELINED_CONNECTIONS = 4;

/** dataDir value for a throw-away embedded database held in memory (tests). */
export const MEMORY = 'memory://';

interface DatabaseOptions {
  databaseUrl: string;
  dataDir: string;
  debug?: boolean;
  /** For an embedded database in MEMORY: the data directory to start from (a PGlite dump; tests start from a migrated one). */
  initialData?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { database, orm } = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openEmbedded(options.dataDir, options.initialData);
  await migrate(database.session, orm);
  return database;
}

interface Opened {
  database: Database;
  orm: MikroORM;
}

// Each engine's driver is loaded only when that engine is used: it keeps start-up short.
async function openPostgres(databaseUrl: string): Promise<Opened> {
  const { MikroORM: PgORM } = await import('@mikro-orm/postgresql');
  const orm = await PgORM.init({ ...ORM_OPTIONS, clientUrl: databaseUrl, pool: { min: 1, max: 10 } });
  const pool = await orm.em.getConnection().getNativeClient();
  const statements = pgStatements(pool);
  // Prepared reads go through a few connections in pipeline mode (opened when first used, with the type parsers of
  // the ORM's pool): those issued in one turn of the event loop, by one request or many, in one write.
  const pipelined = new pg.Pool({ ...pool.options, min: 0, max: PIPELINED_CONNECTIONS, pipeline: true });
  // A connection the server dropped: the pool discards it, and what was in flight on it fails on its own (an 'error'
  // event nobody hears would end the process).
  pipelined.on('connect', (client) => client.on('error', () => undefined));
  pipelined.on('error', () => undefined);
  const pipelinedQuery = tracedStatements({ query: new ReadPipeline(pipelined).query, script: statements.script }).query;
  const query: Statements['query'] = (sql, params, options) =>
    options?.prepare ? pipelinedQuery(sql, params, options) : statements.query(sql, params, options);
  const database: Database = {
    kind: 'postgresql',
    ...statements,
    query,
    one: firstRow(query),
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn(pgStatements(client));
      } finally {
        client.release();
      }
    },
    // MikroORM's own transaction: one pooled connection, its changes flushed before the commit.
    transaction: (fn) =>
      forkOf(orm).transactional(async (em) => {
        const trx = em.getTransactionContext<ControlledTransaction<unknown>>();
        if (!trx) throw new Error('MikroORM opened no transaction context');
        return fn({ ...kyselyStatements(trx), em });
      }),
    em: () => forkOf(orm),
    listen: (channel, handlers) => listenOnServer(databaseUrl, channel, handlers),
    connection: { url: databaseUrl },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pipelined.end();
      await orm.close(true);
    },
  };
  return { database, orm };
}

/** What pgStatements needs of a pg pool or connection: a query by text, or by a named statement's config. */
interface PgQueryable {
  query(sql: string | { name: string; text: string; values: unknown[] }, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The statements of a pg pool or of one of its connections (traced, as are those of the other builders below). */
function pgStatements(target: PgQueryable): Statements {
  return tracedStatements({
    query: async <T extends Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) =>
      (options?.prepare
        ? await target.query({ name: options.prepare, text: sql, values: params as unknown[] })
        : await target.query(sql, params as unknown[])
      ).rows as T[],
    script: async (sql: string) => void (await target.query(sql)),
  });
}

/** `one` over a `query`: the first row, if any. */
function firstRow(query: Statements['query']): Database['one'] {
  return async <T extends Row>(sql: string, params?: readonly unknown[], options?: QueryOptions) =>
    (await query<T>(sql, params, options))[0] as T | undefined;
}

/** A fresh EntityManager of the ORM (either driver's is an SQL EntityManager). */
const forkOf = (orm: MikroORM): SqlEntityManager => orm.em.fork() as unknown as SqlEntityManager;

/** SQL on a Kysely transaction (MikroORM's transaction context); parameters go to the driver as they are. */
function kyselyStatements(trx: ControlledTransaction<unknown>): Statements {
  return tracedStatements({
    query: async <T extends Row>(sql: string, params: readonly unknown[] = []) =>
      (await trx.executeQuery<T>(CompiledQuery.raw(sql, [...params]))).rows,
    // Without parameters the server takes several statements at once (the simple query protocol).
    script: async (sql: string) => void (await trx.executeQuery(CompiledQuery.raw(sql, []))),
  });
}

/**
 * DATA_DIR holds the signing keys, the CSRF key and the webhook secrets (in the embedded database): only the service's
 * user may read it (issue 52). From here on the process creates what it creates 0700/0600 whatever umask it started
 * with (PGlite writes new files as long as it runs; nothing of the service needs a wider umask, and the backups and the
 * control socket set their own modes), and what an older version left wider under DATA_DIR is narrowed.
 */
async function makePrivate(dataDir: string, pgliteDir: string): Promise<void> {
  process.umask(0o077);
  await fs.mkdir(pgliteDir, { recursive: true, mode: 0o700 });
  const narrow = async (at: string): Promise<void> => {
    const stat = await fs.lstat(at);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777 & ~wanted) !== 0) await fs.chmod(at, stat.mode & 0o777 & wanted);
    if (stat.isDirectory()) for (const name of await fs.readdir(at)) await narrow(path.join(at, name));
  };
  await narrow(dataDir);
}

async function openEmbedded(dataDir: string, initialData?: Blob): Promise<Opened> {
  const [{ MikroORM: PgliteORM }, { PGlite }, { pg_trgm }] = await Promise.all([
    import('@mikro-orm/pglite'),
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const dir = dataDir === MEMORY ? MEMORY : path.join(dataDir, 'pglite');
  if (dir !== MEMORY) await makePrivate(dataDir, dir);
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm }, ...(initialData && { loadDataDir: initialData }) });
  const orm = await PgliteORM.init({ ...ORM_OPTIONS, dbName: 'postgres', driverOptions: { pglite } });
  const statements = pgliteStatements(pglite);
  const database: Database = {
    kind: 'embedded',
    ...statements,
    one: firstRow(statements.query),
    // One connection: PGlite runs every statement in order already.
    session: (fn) => fn(statements),
    // PGlite's own transaction holds its lock: statements from elsewhere wait instead of joining it.
    transaction: (fn) =>
      pglite.transaction(async (ptx) => {
        const { em, trx } = await entityManagerIn(ptx, forkOf(orm));
        try {
          const result = await fn({ ...pgliteStatements(ptx), em });
          await em.flush();
          await trx.commit().execute();
          return result;
        } catch (error) {
          await trx.rollback().execute();
          throw error;
        }
      }),
    em: () => forkOf(orm),
    listen: (channel, handlers) => listenOnEmbedded(pglite, channel, handlers),
    connection: { pglite },
    async close() {
      await orm.close(true);
      await pglite.close();
    },
  };
  return { database, orm };
}

/**
 * An EntityManager whose statements run in the open PGlite transaction `ptx`: a Kysely of its own
 * sees `ptx` as its whole database, and its transaction becomes the EntityManager's context. Its
 * begin and commit only mark the context; PGlite's own transaction around it commits.
 */
async function entityManagerIn(ptx: PGliteTransaction, em: SqlEntityManager) {
  const database = {
    query: ptx.query.bind(ptx),
    transaction: <T>(callback: (tx: PGliteTransaction) => Promise<T>) => callback(ptx),
    close: async () => {},
    closed: false,
    ready: true,
    waitReady: Promise.resolve(),
  };
  const kysely = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: database as never }) });
  const trx = await kysely.startTransaction().execute();
  em.setTransactionContext(trx as never);
  return { em, trx };
}

/** The statements of PGlite itself or of one of its transactions. */
function pgliteStatements(target: Pick<PGlite, 'query' | 'exec'>): Statements {
  return tracedStatements({
    query: async <T extends Row>(sql: string, params: readonly unknown[] = []) => (await target.query<T>(sql, params as unknown[])).rows,
    script: async (sql: string) => void (await target.exec(sql)),
  });
}
