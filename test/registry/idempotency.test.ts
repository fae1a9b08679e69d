import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { testServices } from '../support/services.js';
import { makeAccount } from '../support/oauth.js';
import { defineTool, type AnyTool } from '../../src/registry/tool.js';
import { invokeTool } from '../../src/registry/invoke.js';
import { canonicalJson, IDEMPOTENCY_LIFETIME_SECONDS } from '../../src/registry/idempotency.js';
import type { Caller } from '../../src/accounts/caller.js';
import type { Services } from '../../src/services.js';
import { NotFoundError, ProblemError, RateLimitedError } from '../../src/errors.js';

/**
 * invokeTool with an idempotency key, on a real database: an operation that records its effect in
 * a table of its own, and fails on demand in each of the ways the decisions file distinguishes.
 */
let t: TestDatabase;
let services: Services;
let clock: Date;
let alice: Caller;
let bob: Caller;

const failures: (Error | undefined)[] = [];
let started: () => void = () => {};
let release: Promise<void> = Promise.resolve();

const recordEffect = defineTool({
  name: 'record_effect',
  title: 'Record an effect',
  toolset: 'directory',
  description: 'test',
  http: { method: 'POST', path: '/effects', status: 201 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.object({ label: z.string().max(10) }).strict(),
  output: z.object({ id: z.number(), label: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler({ label }, ctx) {
    const [row] = await ctx.services.db.query<{ id: number }>('INSERT INTO test_effects (label) VALUES ($1) RETURNING id', [label]);
    await ctx.services.jobs.enqueue('note_effect', { id: row!.id });
    started();
    await release;
    const failure = failures.shift();
    if (failure) throw failure;
    return { id: row!.id, label };
  },
});

const call = (caller: Caller, input: unknown, key: unknown, tool: AnyTool = recordEffect) =>
  invokeTool(
    tool,
    input,
    { services, caller, requestId: 'test' },
    { idempotencyKey: key === undefined ? undefined : { value: key, path: 'Idempotency-Key' } },
  );

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProblemError)) throw new Error(`expected a problem, got ${String(error)}`);
  return error;
}

const effects = async () => (await t.db.query<{ label: string }>('SELECT label FROM test_effects ORDER BY id')).map((r) => r.label);
const notedJobs = async () =>
  (await t.db.query<{ effect_visible: boolean }>('SELECT effect_visible FROM test_job_notes ORDER BY effect_id')).map(
    (r) => r.effect_visible,
  );

const signedIn = (id: string): Caller => ({
  accountId: id,
  scopes: ['listings:write'],
  credential: { kind: 'api_key', keyId: 'k', name: 'test', prefix: 'ldk_test' },
});

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.script(`CREATE TABLE test_effects (id serial PRIMARY KEY, label text NOT NULL);
    CREATE TABLE test_job_notes (effect_id integer PRIMARY KEY, effect_visible boolean NOT NULL);`);
  services = testServices(t.db, () => clock);
  services.jobs.define<{ id: number }>('note_effect', async ({ id }) => {
    const visible = await t.db.one('SELECT 1 FROM test_effects WHERE id = $1', [id]);
    await t.db.query('INSERT INTO test_job_notes (effect_id, effect_visible) VALUES ($1, $2)', [id, Boolean(visible)]);
  });
  await services.jobs.start();
  alice = signedIn((await makeAccount(t.db)).id);
  bob = signedIn((await makeAccount(t.db)).id);
});
afterAll(async () => {
  await services?.jobs.stop();
  await t?.drop();
});
beforeEach(async () => {
  clock = new Date('2026-11-22T10:00:00Z');
  failures.length = 0;
  await services.jobs.idle(5000);
  await t.db.script('TRUNCATE test_effects, test_job_notes, idempotency_keys');
});

describe('invokeTool with an idempotency key', () => {
  it('runs the operation once and replays its answer for a retry with the same input', async () => {
    const first = await call(alice, { label: 'one' }, 'key-1');
    const retry = await call(alice, { label: 'one' }, 'key-1');
    expect(first.replayed).toBe(false);
    expect(retry).toEqual({ result: first.result, replayed: true });
    expect(await effects()).toEqual(['one']);
  });

  it('compares inputs by content, not by the order of their keys', () => {
    expect(canonicalJson({ b: [{ y: 1, x: null }], a: 'é' })).toBe(canonicalJson({ a: 'é', b: [{ x: null, y: 1 }] }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('answers 422 idempotency_key_reused for the same key with another input, and does not run it', async () => {
    await call(alice, { label: 'one' }, 'key-1');
    const problem = await problemOf(call(alice, { label: 'two' }, 'key-1'));
    expect(problem).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
    expect(await effects()).toEqual(['one']);
  });

  it('scopes keys by account and by operation', async () => {
    const other = { ...recordEffect, name: 'record_other_effect' } as unknown as AnyTool;
    await call(alice, { label: 'one' }, 'shared');
    expect((await call(bob, { label: 'two' }, 'shared')).replayed).toBe(false);
    expect((await call(alice, { label: 'three' }, 'shared', other)).replayed).toBe(false);
    expect(await effects()).toEqual(['one', 'two', 'three']);
  });

  it('without a key, every call runs', async () => {
    await call(alice, { label: 'one' }, undefined);
    await call(alice, { label: 'one' }, undefined);
    expect(await effects()).toEqual(['one', 'one']);
  });

  it('stores a 4xx answer with the rollback of whatever the failed run wrote, and replays it marked as replayed', async () => {
    failures.push(new NotFoundError('listing', 42));
    const first = await problemOf(call(alice, { label: 'one' }, 'key-404'));
    expect(first).toMatchObject({ status: 404, code: 'not_found' });
    expect(first.headers['Idempotent-Replayed']).toBeUndefined();
    const retry = await problemOf(call(alice, { label: 'one' }, 'key-404'));
    expect(retry).toMatchObject({ status: 404, code: 'not_found', detail: first.detail });
    expect(retry.headers['Idempotent-Replayed']).toBe('true');
    expect(await effects()).toEqual([]);
  });

  it('stores a 400 for invalid input: the same input replays it, a corrected one is another request (422)', async () => {
    const invalid = await problemOf(call(alice, { label: 'far too long a label' }, 'key-400'));
    expect(invalid).toMatchObject({ status: 400, errors: [{ path: '/label' }] });
    expect((await problemOf(call(alice, { label: 'far too long a label' }, 'key-400'))).headers['Idempotent-Replayed']).toBe('true');
    expect(await problemOf(call(alice, { label: 'ok' }, 'key-400'))).toMatchObject({ status: 422 });
  });

  it.each([
    ['a 5xx', () => new Error('database went away')],
    ['a 429', () => new RateLimitedError(30, 'Slow down.')],
    ['a 401', () => new ProblemError({ status: 401, code: 'unauthorized', title: 'Unauthorized' })],
    ['a 403', () => new ProblemError({ status: 403, code: 'insufficient_scope', title: 'Forbidden' })],
  ])('does not store %s: nothing of the failed run remains and a retry runs the operation', async (_, failure) => {
    failures.push(failure());
    await expect(call(alice, { label: 'one' }, 'key-retry')).rejects.toBeDefined();
    expect(await effects()).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM idempotency_keys')).toEqual([]);
    const retry = await call(alice, { label: 'one' }, 'key-retry');
    expect(retry.replayed).toBe(false);
    expect(await effects()).toEqual(['one']);
  });

  it('keeps an answer 24 hours: after that the key starts afresh', async () => {
    await call(alice, { label: 'one' }, 'key-day');
    clock = new Date(clock.getTime() + (IDEMPOTENCY_LIFETIME_SECONDS - 1) * 1000);
    expect((await call(alice, { label: 'one' }, 'key-day')).replayed).toBe(true);
    clock = new Date(clock.getTime() + 2000);
    expect((await call(alice, { label: 'two' }, 'key-day')).replayed).toBe(false);
    expect(await effects()).toEqual(['one', 'two']);
  });

  it('runs two concurrent calls with one key once: the second waits for the answer or is told the first is still running', async () => {
    let resume!: () => void;
    release = new Promise((resolve) => (resume = resolve));
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = call(alice, { label: 'one' }, 'key-race');
    await running;
    const second = call(alice, { label: 'one' }, 'key-race').then(
      (answer) => answer,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    resume();
    release = Promise.resolve();
    const [a, b] = [await first, await second];
    expect(a.replayed).toBe(false);
    if (b instanceof ProblemError) expect(b).toMatchObject({ status: 409, code: 'idempotency_in_progress' });
    else expect(b).toEqual({ result: a.result, replayed: true });
    if (t.db.kind === 'postgresql') expect(b).toBeInstanceOf(ProblemError); // PostgreSQL runs them side by side
    expect(await effects()).toEqual(['one']);
  });

  it('hands enqueued jobs to the queue after the commit, and drops those of a run that failed', async () => {
    await call(alice, { label: 'one' }, 'key-job');
    failures.push(new NotFoundError('listing', 1));
    await expect(call(alice, { label: 'two' }, 'key-job-failed')).rejects.toMatchObject({ status: 404 });
    await services.jobs.idle(5000);
    expect(await notedJobs()).toEqual([true]);
  });

  it('checks the key: 1 to 255 printable ASCII characters, named where it was sent', async () => {
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'ключ', 42]) {
      const problem = await problemOf(call(alice, { label: 'one' }, bad));
      expect(problem).toMatchObject({ status: 400, errors: [{ path: 'Idempotency-Key' }] });
    }
    expect((await call(alice, { label: 'one' }, 'x'.repeat(255))).replayed).toBe(false);
    expect(await effects()).toEqual(['one']);
  });
});
