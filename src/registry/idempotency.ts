import { createHash } from 'node:crypto';
import { databaseInTransaction, type Database } from '../db/database.js';
import { sha256 } from '../security/random.js';
import { IdempotencyInProgressError, IdempotencyKeyReusedError, ProblemError, ValidationError, type ProblemInit } from '../errors.js';
import { IDEMPOTENCY_KEY_SCHEMA } from './tool.js';

export const IDEMPOTENCY_LIFETIME_SECONDS = 24 * 60 * 60;

/** One call of an operation under an Idempotency-Key; the scope of a key is (account, operation, key). */
export interface IdempotentCall {
  accountId: string;
  operation: string;
  key: string;
  /** The request's input (body and path parameters, without the key): a retry must send the same. */
  input: unknown;
}

type StoredAnswer =
  | { kind: 'result'; status: number; result: Record<string, unknown> }
  | { kind: 'problem'; status: number; problem: ProblemInit };

export interface IdempotentAnswer {
  result: Record<string, unknown>;
  replayed: boolean;
}

const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_SCHEMA.pattern);

/** The key as sent (REST header or MCP argument), checked; `path` names where it came from in the error. */
export function parseIdempotencyKey(value: unknown, path: string): string | undefined {
  if (value === undefined) return undefined;
  const valid =
    typeof value === 'string' &&
    value.length >= IDEMPOTENCY_KEY_SCHEMA.minLength &&
    value.length <= IDEMPOTENCY_KEY_SCHEMA.maxLength &&
    KEY_PATTERN.test(value);
  if (!valid)
    throw new ValidationError([{ path, message: 'An idempotency key is 1 to 255 printable ASCII characters (a UUID is recommended)' }]);
  return value;
}

/**
 * Runs `operation` once per key: in one transaction with the stored answer, so that a crash leaves
 * neither an effect without its record nor a record without its effect. A retry with the same
 * input gets the stored answer; with another input, 422; while the first still runs, 409.
 * Problems a retry could cure (401, 403, 429, 5xx) are not stored: the transaction rolls back.
 * `operation` gets a Database bound to the transaction and must do all its writes through it.
 */
export async function runIdempotently(
  db: Database,
  call: IdempotentCall,
  now: Date,
  successStatus: number,
  operation: (db: Database) => Promise<Record<string, unknown>>,
): Promise<IdempotentAnswer> {
  const fingerprint = sha256(canonicalJson(call.input));
  const outcome = await db.transaction(async (tx): Promise<StoredAnswer & { replayed: boolean }> => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS locked', [lockKey(call)]);
    if (!lock?.locked) throw new IdempotencyInProgressError();
    const [stored] = await tx.query<{ fingerprint: string; answer: StoredAnswer }>(
      'SELECT fingerprint, answer FROM idempotency_keys WHERE account_id = $1 AND operation = $2 AND key = $3 AND expires_at > $4',
      [call.accountId, call.operation, call.key, now.toISOString()],
    );
    if (stored) {
      if (stored.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
      return { ...stored.answer, replayed: true };
    }
    await tx.query('SAVEPOINT idempotent_operation');
    let answer: StoredAnswer;
    try {
      answer = { kind: 'result', status: successStatus, result: await operation(databaseInTransaction(tx, db)) };
    } catch (error) {
      if (!isStorable(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT idempotent_operation');
      answer = { kind: 'problem', status: error.status, problem: problemInit(error) };
    }
    await tx.query(
      `INSERT INTO idempotency_keys (account_id, operation, key, fingerprint, status, answer, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7::timestamptz + make_interval(secs => $8))
       ON CONFLICT (account_id, operation, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status,
         answer = EXCLUDED.answer, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
      [
        call.accountId,
        call.operation,
        call.key,
        fingerprint,
        answer.status,
        JSON.stringify(answer),
        now.toISOString(),
        IDEMPOTENCY_LIFETIME_SECONDS,
      ],
    );
    return { ...answer, replayed: false };
  });
  if (outcome.kind === 'problem') {
    const headers = outcome.replayed ? { ...outcome.problem.headers, 'Idempotent-Replayed': 'true' } : outcome.problem.headers;
    throw new ProblemError({ ...outcome.problem, headers });
  }
  return { result: outcome.result, replayed: outcome.replayed };
}

/** 401, 403 and 429 depend on the moment and 5xx on our health: a retry may succeed, so those are not kept. */
function isStorable(error: unknown): error is ProblemError {
  return error instanceof ProblemError && error.status < 500 && ![401, 403, 429].includes(error.status);
}

function problemInit(error: ProblemError): ProblemInit {
  return {
    status: error.status,
    code: error.code,
    title: error.title,
    ...(error.detail !== undefined && { detail: error.detail }),
    ...(error.errors && { errors: error.errors }),
    ...(error.members && { members: error.members }),
    headers: error.headers,
  };
}

/** JSON with object keys sorted at every level: two requests with the same content compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A 64-bit advisory lock id for the key's scope (a collision would only make two keys wait for each other). */
function lockKey(call: IdempotentCall): string {
  return createHash('sha256').update(`${call.accountId}\0${call.operation}\0${call.key}`).digest().readBigInt64BE(0).toString();
}
