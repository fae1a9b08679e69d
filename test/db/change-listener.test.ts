import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { LISTENER_NAME } from '../../src/db/change-listener.js';

/** Database.listen: notifications sent at commit reach the listener; on a server, a lost connection is said and recovered. */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Database.listen', () => {
  it('hears a notification at its commit, not before, and says when it listens', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const { stop } = await t.db.listen('test_channel', { onChange: (p) => heard.push(p), onListening: (l) => states.push(l) });
    expect(states).toEqual([true]);
    let committed = false;
    await t.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('test_channel', 'inside')`);
      await tx.query('SELECT pg_sleep(0.05)');
      expect(heard).toEqual([]); // not before the commit
      committed = true;
    });
    await until(() => heard.length > 0, 'the notification');
    expect(committed).toBe(true);
    expect(heard).toEqual(['inside']);
    await stop();
    expect(states).toEqual([true, false]);
  });

  it('sends notifications over its own connection, heard after every commit its caller saw', async () => {
    const heard: string[] = [];
    const listening = await t.db.listen('own_channel', { onChange: (p) => heard.push(p), onListening: () => {} });
    await t.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('own_channel', 'written')`);
    });
    await listening.notify('marker');
    await until(() => heard.includes('marker'), 'its own notification');
    expect(heard).toEqual(['written', 'marker']);
    // Many at once (every write of a busy moment sends one): each is heard, sent a statement at a time.
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warned);
    try {
      const many = Array.from({ length: 50 }, (_, i) => `marker ${i}`);
      await Promise.all(many.map((payload) => listening.notify(payload)));
      await until(() => many.every((payload) => heard.includes(payload)), 'every notification sent at once');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
    } finally {
      process.off('warning', warned);
    }
    await listening.stop();
    if (process.env.DATABASE_URL) await expect(listening.notify('after the stop')).rejects.toThrow(/not listening/);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on a server: says it stopped listening when its connection is lost, and listens again',
    async () => {
      const heard: string[] = [];
      const states: boolean[] = [];
      const listening = await t.db.listen('lossy_channel', { onChange: (p) => heard.push(p), onListening: (l) => states.push(l) });
      const terminated = await t.db.query<{ ok: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_NAME],
      );
      expect(terminated.length).toBeGreaterThan(0);
      await until(() => states.length >= 3, 'losing and regaining the connection');
      expect(states.slice(0, 3)).toEqual([true, false, true]);
      await t.db.query(`SELECT pg_notify('lossy_channel', 'after')`);
      await until(() => heard.includes('after'), 'a notification after the reconnection');
      await listening.notify('own, after');
      await until(() => heard.includes('own, after'), 'its own notification after the reconnection');
      await listening.stop();
    },
  );
});
