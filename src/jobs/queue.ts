import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Agenda, InMemoryNotificationChannel, type Job } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database.js';
import { createLogger, type Logger } from '../logging/logger.js';

/** Background work (crawls, drafts, badge checks, mail...): stored in the database, so it survives a restart. */
export interface JobQueue {
  /**
   * Registers the handler of one kind of job (before or after start). A failing handler is retried with
   * exponential backoff until maxAttempts (default 3) runs failed; then onGiveUp runs, once.
   */
  define<T extends object>(name: string, handler: (data: T, job: { attempt: number }) => Promise<void>, options?: JobOptions<T>): void;
  /**
   * Stores a job to run as soon as a worker is free (on any instance that defines it). data is stored as
   * JSON (Dates become strings; the key __attempts is the queue's). The job is not part of any transaction
   * the caller has open. On the embedded database it waits for an open em.transactional() to end, so do
   * not await it inside one (that would never finish). A job whose data holds RUN_AT_KEY (an ISO instant) runs
   * not before then; the key travels with the data, through the outbox too.
   */
  enqueue<T extends object>(name: string, data: T): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs, lets running ones finish (at most drainTimeoutMs), then closes the connection. */
  stop(): Promise<void>;
  /** tests: resolves when no job is queued or running (bounded by timeoutMs) */
  idle(timeoutMs?: number): Promise<void>;
  /** Readiness: throws unless the queue is running and its table answers. */
  check(): Promise<void>;
}

interface JobOptions<T> {
  /** Jobs of this kind running at once in this instance (default 5). */
  concurrency?: number;
  /** Overrides the queue's lockLifetimeMs for this kind. */
  lockLifetimeMs?: number;
  /** Runs in all, the first included (default 3). A run whose worker died counts as one. */
  maxAttempts?: number;
  /** After the last failed attempt; the job is then finished. */
  onGiveUp?: (data: T, error: unknown) => Promise<void>;
  /** The wait before the retry after failed attempt n (default: the queue's retryDelayMs * 2^(n-1), at most an hour). */
  retryDelayMs?: (attempt: number) => number;
}

export interface JobQueueOptions {
  db: Database;
  /** The PostgreSQL server; empty or absent: the one db was opened on. Not used on an embedded database. */
  databaseUrl?: string;
  /** Names this instance in agenda_jobs.last_modified_by; must differ between instances (default: host, pid, random). */
  name?: string;
  /** How often the table is polled (default 2000 ms). New jobs are also announced (LISTEN/NOTIFY, or in process). */
  processEveryMs?: number;
  /** A job whose worker stopped renewing its lock this long ago is taken over by another worker (default 120 s). */
  lockLifetimeMs?: number;
  /** Jobs running at once in this instance, all kinds together (default 10). */
  maxConcurrency?: number;
  /** Backoff: the retry after failed attempt n waits retryDelayMs * 2^(n-1), at most an hour (default 10 s). */
  retryDelayMs?: number;
  /** stop() waits this long for running jobs (default 10 s); the locks of those still running then expire. */
  drainTimeoutMs?: number;
  /** Failures worth a log line (default: JSON lines on stdout, see jobQueueLog). */
  log?: (message: string, error?: unknown) => void;
}

/** The queue's log lines through a logger: failures at error level with the error, notices at warn. */
export function jobQueueLog(logger: Logger): (message: string, error?: unknown) => void {
  const jobs = logger.child({ component: 'jobs' });
  return (message, error) => (error === undefined ? jobs.warn(message) : jobs.error({ err: error }, message.replace(/:$/, '')));
}

/** In a job's data: the ISO instant before which it does not run (e.g. mail batched at most once an hour). */
export const RUN_AT_KEY = '__run_at';

const JOBS_TABLE = 'agenda_jobs';
/** Kept in the stored job data: runs started so far, including runs whose worker died. */
const ATTEMPTS_KEY = '__attempts';
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const POLL_MS = 20;

type Stored = Record<string, unknown>;
type QueueLog = (message: string, error?: unknown) => void;

/** What the queue's operations share: its connection, agenda, and the jobs this instance defined and runs. */
interface QueueState {
  pool: pg.Pool;
  agenda: Agenda;
  /** This instance's name (agenda_jobs.last_modified_by). */
  name: string;
  log: QueueLog;
  defaultLockLifetime: number;
  retryDelay: number;
  drainTimeout: number;
  definedNames: Set<string>;
  /** Jobs between agenda's 'start' and 'complete' in this process (their final state is saved just before 'complete'). */
  active: Set<string>;
  started: boolean;
  closed: boolean;
  stopping: Promise<void> | undefined;
}

export async function openJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { db } = options;
  const maxConcurrency = options.maxConcurrency ?? 10;
  const defaultLockLifetime = options.lockLifetimeMs ?? 120_000;
  const log = options.log ?? jobQueueLog(createLogger({ level: 'info' }));
  const name = options.name ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const embedded = db.kind === 'embedded';
  const pool = await openPool(embedded ? pgliteAsPool(embeddedPglite(db)) : serverPool(options.databaseUrl || serverUrl(db), log));
  const agenda = createAgenda(
    pool,
    { embedded, name, processEvery: options.processEveryMs ?? 2000, maxConcurrency, defaultLockLifetime },
    log,
  );
  const state: QueueState = {
    pool,
    agenda,
    name,
    log,
    defaultLockLifetime,
    retryDelay: options.retryDelayMs ?? 10_000,
    drainTimeout: options.drainTimeoutMs ?? 10_000,
    definedNames: new Set(),
    active: new Set(),
    started: false,
    closed: false,
    stopping: undefined,
  };
  // Events of other instances arrive too (remote = true, through the notification channel): ignored.
  agenda.on('start', (job: Job, remote?: boolean) => {
    if (!remote) state.active.add(jobId(job));
  });
  agenda.on('complete', (job: Job, remote?: boolean) => {
    if (!remote) state.active.delete(jobId(job));
  });

  return {
    define<T extends object>(
      jobName: string,
      handler: (data: T, job: { attempt: number }) => Promise<void>,
      jobOptions: JobOptions<T> = {},
    ) {
      defineJob(state, jobName, handler, jobOptions);
    },

    async enqueue<T extends object>(jobName: string, data: T) {
      // Still allowed while stop() waits for running jobs: a job may enqueue a follow-up.
      if (state.closed) throw new Error(`the job queue has stopped; cannot enqueue ${jobName}`);
      if (Array.isArray(data) || data === null || typeof data !== 'object')
        throw new Error(`job data of ${jobName} must be a plain object`);
      const runAt = (data as Stored)[RUN_AT_KEY];
      if (typeof runAt === 'string' && Date.parse(runAt) > Date.now()) await agenda.schedule(new Date(runAt), jobName, data);
      else await agenda.now(jobName, data);
    },

    async start() {
      if (state.stopping) throw new Error('the job queue has stopped');
      await agenda.start();
      state.started = true;
    },

    stop() {
      state.stopping ??= stopQueue(state);
      return state.stopping;
    },

    async check() {
      if (!state.started || state.stopping) throw new Error(state.stopping ? 'the job queue is stopping' : 'the job queue has not started');
      await pool.query(`SELECT 1 FROM ${JOBS_TABLE} LIMIT 0`);
    },

    idle: (timeoutMs = 10_000) => waitUntilIdle(state, timeoutMs),
  };
}

/** Checks that the pool reaches the jobs table (else ends it): fails early, with a clear message, when the server is unreachable or migration 0004 is missing. */
async function openPool(pool: pg.Pool): Promise<pg.Pool> {
  try {
    await pool.query(`SELECT 1 FROM ${JOBS_TABLE} LIMIT 0`);
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`the job queue cannot use ${JOBS_TABLE}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return pool;
}

function createAgenda(
  pool: pg.Pool,
  settings: { embedded: boolean; name: string; processEvery: number; maxConcurrency: number; defaultLockLifetime: number },
  log: QueueLog,
): Agenda {
  const { embedded, name, processEvery, maxConcurrency, defaultLockLifetime } = settings;
  // ensureSchema: false — migration 0004 created the table; instances starting together would race on DDL.
  const backend = new PostgresBackend({ pool, ensureSchema: false, disableNotifications: embedded });
  // Its LISTEN connection reports a lost connection as an 'error' event (then reconnects): unheard, that would end the process.
  backend.notificationChannel?.on('error', (error) => log('job queue: notification channel:', error));
  const agenda = new Agenda({
    backend,
    // On embedded there is no LISTEN/NOTIFY (and no second process): an in-process channel announces new jobs.
    ...(embedded ? { notificationChannel: new InMemoryNotificationChannel() } : {}),
    name,
    processEvery,
    maxConcurrency,
    // Lock only what can run at once: a job locked but waiting would not have its lock renewed.
    lockLimit: maxConcurrency,
    defaultLockLifetime,
    // Not agenda's removeOnComplete: it deletes after the 'complete' event, so idle() and stop() could not
    // tell when it is done. The handler wrapper (runHandler) deletes the row of a job that succeeded instead.
  });
  agenda.on('error', (error) => log('job queue:', error));
  return agenda;
}

/** JobQueue.define: the handler runs wrapped (attempts counted, lock renewed, row removed once done), with the retries' backoff. */
function defineJob<T extends object>(
  state: QueueState,
  jobName: string,
  handler: (data: T, job: { attempt: number }) => Promise<void>,
  jobOptions: JobOptions<T>,
) {
  const maxAttempts = jobOptions.maxAttempts ?? 3;
  const lockLifetime = jobOptions.lockLifetimeMs ?? state.defaultLockLifetime;
  const concurrency = jobOptions.concurrency ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts of ${jobName} must be a positive integer`);

  state.definedNames.add(jobName);
  state.agenda.define(jobName, (job: Job<Stored>) => runHandler(state, job, handler, { jobName, maxAttempts, lockLifetime, jobOptions }), {
    concurrency,
    lockLimit: concurrency,
    lockLifetime,
    backoff: ({ attempt: failures, jobData }) => {
      const attempt = Number((jobData as Stored | undefined)?.[ATTEMPTS_KEY] ?? failures);
      if (attempt >= maxAttempts) return null;
      return jobOptions.retryDelayMs?.(attempt) ?? Math.min(state.retryDelay * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
    },
  });
}

/** One run of a job: counts the attempt, keeps the lock while the handler runs, gives up after the last attempt, removes the row of a job that succeeded. */
async function runHandler<T extends object>(
  state: QueueState,
  job: Job<Stored>,
  handler: (data: T, job: { attempt: number }) => Promise<void>,
  kind: { jobName: string; maxAttempts: number; lockLifetime: number; jobOptions: JobOptions<T> },
): Promise<void> {
  const { jobName, maxAttempts } = kind;
  const { log } = state;
  const giveUp = async (data: T, error: unknown, attempt: number) => {
    log(`job ${jobName} gave up after attempt ${attempt} of ${maxAttempts}:`, error);
    try {
      await kind.jobOptions.onGiveUp?.(data, error);
    } catch (giveUpError) {
      log(`job ${jobName}: onGiveUp failed`, giveUpError);
    }
  };
  const stopRenewing = keepLocked(state, job, kind.lockLifetime);
  let succeeded = false;
  try {
    const attempt = await countAttempt(state.pool, jobId(job));
    job.attrs.data = { ...job.attrs.data, [ATTEMPTS_KEY]: attempt }; // read by the backoff (defineJob)
    const { [ATTEMPTS_KEY]: _attempts, ...data } = job.attrs.data;
    if (attempt > maxAttempts) {
      // Every allowed attempt has started; the last one's worker died before it finished.
      const error = new Error(`${jobName}: the worker running attempt ${attempt - 1} of ${maxAttempts} stopped before it finished`);
      await giveUp(data as T, error, attempt - 1);
      throw error;
    }
    try {
      await handler(data as T, { attempt });
      succeeded = true;
    } catch (error) {
      if (attempt >= maxAttempts) await giveUp(data as T, error, attempt);
      else log(`job ${jobName} failed (attempt ${attempt} of ${maxAttempts}), will retry:`, error);
      throw error;
    }
  } finally {
    await stopRenewing();
  }
  // Done: the row goes (agenda's own final save then finds nothing to update, which it ignores).
  // A job that gave up keeps its row, with fail_count and fail_reason.
  if (succeeded)
    await removeJob(state.pool, jobId(job)).catch((error) =>
      log(`job queue: could not remove finished job ${jobName} ${jobId(job)}`, error),
    );
}

async function countAttempt(pool: pg.Pool, id: string): Promise<number> {
  // Only the holder of the job's lock runs this, so there is no race on the counter.
  const { rows } = await pool.query<{ attempts: number }>(
    `UPDATE ${JOBS_TABLE}
     SET data = jsonb_set(COALESCE(data, '{}'::jsonb), '{${ATTEMPTS_KEY}}', to_jsonb(COALESCE((data->>'${ATTEMPTS_KEY}')::int, 0) + 1))
     WHERE id = $1 RETURNING (data->>'${ATTEMPTS_KEY}')::int AS attempts`,
    [id],
  );
  if (!rows[0]) throw new Error(`job ${id} is no longer in ${JOBS_TABLE}`);
  return rows[0].attempts;
}

/** Renews the job's lock while its handler runs, so that only a dead worker's job is taken over. */
function keepLocked(state: QueueState, job: Job, lockLifetime: number) {
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      if (state.closed) return clearInterval(timer);
      renewing = renewing
        .then(() => job.touch())
        .catch((error) => state.log(`job queue: could not renew the lock of ${job.attrs.name} ${jobId(job)}`, error));
    },
    Math.max(10, Math.floor(lockLifetime / 4)),
  );
  return async () => {
    clearInterval(timer);
    await renewing;
  };
}

/** JobQueue.stop: no more locking, running jobs finish (at most drainTimeout), then the connection closes. */
async function stopQueue(state: QueueState): Promise<void> {
  const { active, log } = state;
  if (state.started) {
    // No more locking; jobs locked here but not yet running are handed back at once.
    await state.agenda.stop(false);
    const deadline = Date.now() + state.drainTimeout;
    while (Date.now() < deadline && (active.size > 0 || (await lockedHere(state)) > 0)) await sleep(POLL_MS);
    const left = await lockedHere(state).catch(() => active.size);
    if (left > 0 || active.size > 0) {
      log(
        `job queue: stopped with ${Math.max(left, active.size)} job(s) still running; their locks expire and another worker takes them over`,
      );
    }
  }
  state.closed = true; // lock renewal stops
  await state.pool.end();
}

/** JobQueue.idle: polls until no job this instance defines is queued (due before the deadline) or running. */
async function waitUntilIdle(state: QueueState, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Queued: due before the deadline (a later one could not run in time anyway); running: locked.
    const { rows } = await state.pool.query<{ name: string; state: string }>(
      `SELECT name, CASE WHEN locked_at IS NOT NULL THEN 'running' ELSE 'queued' END AS state FROM ${JOBS_TABLE}
       WHERE name = ANY($1::text[]) AND (locked_at IS NOT NULL OR next_run_at <= $2) LIMIT 20`,
      [[...state.definedNames], new Date(deadline)],
    );
    if (rows.length === 0 && state.active.size === 0) return;
    if (Date.now() >= deadline) {
      const pending = rows.map((row) => `${row.name} (${row.state})`).join(', ') || `${state.active.size} finishing`;
      throw new Error(`the job queue is not idle after ${timeoutMs} ms: ${pending}`);
    }
    await sleep(POLL_MS);
  }
}

async function removeJob(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(`DELETE FROM ${JOBS_TABLE} WHERE id = $1`, [id]);
}

async function lockedHere(state: QueueState): Promise<number> {
  // last_modified_by is set to this instance's name when it locks a job, and on every state change it saves.
  const { rows } = await state.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${JOBS_TABLE} WHERE locked_at IS NOT NULL AND last_modified_by = $1`,
    [state.name],
  );
  return rows[0]?.n ?? 0;
}

function jobId(job: Job): string {
  return String(job.attrs._id);
}

function serverUrl(db: Database): string {
  if (db.connection && 'url' in db.connection) return db.connection.url;
  throw new Error('the job queue needs the PostgreSQL URL of the database (databaseUrl)');
}

function embeddedPglite(db: Database): PGlite {
  if (db.connection && 'pglite' in db.connection) return db.connection.pglite;
  throw new Error('the embedded database does not expose its PGlite instance');
}

function serverPool(connectionString: string, log: QueueLog): pg.Pool {
  // agenda's queries are short; one connection is held for LISTEN.
  const pool = new pg.Pool({ connectionString, max: 5, application_name: 'launch-directory jobs' });
  pool.on('error', (error) => log('job queue: idle database connection failed', error));
  return pool;
}

/**
 * The embedded database served to agenda's backend as a pg Pool, in process. Each query is one
 * PGlite.query, which holds PGlite's locks for its whole parse/bind/execute and waits for a transaction
 * opened with PGlite.transaction (MikroORM's em.transactional and flush) to end instead of running inside it.
 * (A transaction opened by a plain 'BEGIN' statement, as db.session users do, takes no such lock: any
 * statement, ours included, runs inside it until it ends.)
 * @electric-sql/pglite-socket 0.2.11 was tried first: its statements ran inside an em.transactional()
 * transaction that was open (and vanished with its rollback), and with more than one pool connection the
 * extended-protocol messages of different clients interleaved (wrong statements bound, "portal does not exist").
 * PGlite's results already have pg's shape (rows, rowCount, fields, command) and its parsers give
 * Dates for timestamptz and objects for jsonb, as pg does; the backend needs nothing else.
 */
function pgliteAsPool(pglite: PGlite): pg.Pool {
  let ended = false;
  const query = async (text: string, values?: unknown[]) => {
    if (ended) throw new Error('the job queue has stopped');
    return pglite.query(text, values as never[]);
  };
  const client = { query, release: () => {} };
  const pool = {
    query,
    connect: async () => client,
    end: async () => {
      ended = true;
    },
    on: () => pool,
  };
  return pool as unknown as pg.Pool;
}
