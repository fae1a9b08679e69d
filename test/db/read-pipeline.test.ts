import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * Prepared reads on a server are pipelined: those issued in one turn go together (one write, one connection, in
 * order), and each is answered as if it had gone alone: its own rows, typed as the pool types them, its own error.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

const onServer = !!process.env.DATABASE_URL;
const TYPED = `SELECT timestamptz '2026-11-27 12:00:00+00' AS at, 9007199254740993::bigint AS big, $1::int[] AS list WHERE $2::int > 0`;

describe('prepared reads', () => {
  it('answer each statement with its own rows, typed as the pool types them', async () => {
    const [numbers, text, typed, none, one] = await Promise.all([
      t.db.query<{ n: number }>('SELECT generate_series(1, $1::int) AS n', [3], { prepare: 'pipeline_test_series' }),
      t.db.query<{ s: string }>('SELECT $1::text AS s', ['second'], { prepare: 'pipeline_test_text' }),
      t.db.query(TYPED, [[1, 2], 1], { prepare: 'pipeline_test_types' }),
      t.db.query('SELECT 1 AS x WHERE $1::bool', [false], { prepare: 'pipeline_test_none' }),
      t.db.one<{ y: number }>('SELECT $1::int + 1 AS y', [1], { prepare: 'pipeline_test_one' }),
    ]);
    expect(numbers.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(text).toEqual([{ s: 'second' }]);
    expect(none).toEqual([]);
    expect(one).toEqual({ y: 2 });
    // The same values the pool's own statements give, and the same again from the statement once prepared.
    expect(typed).toEqual(await t.db.query(TYPED, [[1, 2], 1]));
    expect(await t.db.query(TYPED, [[1, 2], 1], { prepare: 'pipeline_test_types' })).toEqual(typed);
  });

  it.skipIf(!onServer)('go to one server process, in the order issued', async () => {
    const rows = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.db.one<{ pid: number; at: string; i: number }>(
          'SELECT pg_backend_pid() AS pid, clock_timestamp()::text AS at, $1::int AS i',
          [i],
          {
            prepare: 'pipeline_test_pid',
          },
        ),
      ),
    );
    expect(new Set(rows.map((r) => r!.pid)).size).toBe(1);
    expect(rows.map((r) => r!.i)).toEqual([0, 1, 2, 3, 4, 5]);
    const times = rows.map((r) => r!.at);
    expect([...times].sort()).toEqual(times);
  });

  it('fail one statement alone: the others of its batch, and the next batches, are answered', async () => {
    const outcomes = await Promise.allSettled([
      t.db.query('SELECT $1::int AS a', [1], { prepare: 'pipeline_test_a' }),
      t.db.query('SELECT $1::int AS b', ['not a number'], { prepare: 'pipeline_test_b' }),
      t.db.query('SELECT * FROM no_such_table WHERE $1::bool', [true], { prepare: 'pipeline_test_missing' }),
      t.db.query('SELECT $1::int AS c', [3], { prepare: 'pipeline_test_c' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22P02' });
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: '42P01' });
    expect((outcomes[3] as PromiseFulfilledResult<unknown>).value).toEqual([{ c: 3 }]);
    // A name the server could not prepare is prepared once it can be, on every connection.
    await t.db.script('CREATE TABLE no_such_table (x int); INSERT INTO no_such_table VALUES (7)');
    const again = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.db.query('SELECT * FROM no_such_table WHERE $1::bool', [true], { prepare: 'pipeline_test_missing' }),
      ),
    );
    expect(again.every((rows) => rows.length === 1 && rows[0]!.x === 7)).toBe(true);
    await t.db.script('DROP TABLE no_such_table');
  });
});
