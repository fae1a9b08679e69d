import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseInTransaction, type Database } from '../../src/db/database.js';
import { SiteSetting } from '../../src/db/entities/index.js';
import { createTestDatabase } from '../support/database.js';

/** The one transaction API, on whichever engine the suite runs (DATABASE_URL or embedded). */
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop?.());

const storedValue = async (key: string) =>
  (await db.one<{ value: unknown }>('SELECT value FROM site_settings WHERE key = $1', [key]))?.value;

describe('Database.transaction', () => {
  it('gives an EntityManager and SQL in one transaction: each sees the other, and both commit together', async () => {
    const seen = await db.transaction(async (tx) => {
      tx.em.create(SiteSetting, { key: 'tx-both', value: { by: 'em' } });
      await tx.em.flush();
      const fromSql = await tx.query<{ value: unknown }>('SELECT value FROM site_settings WHERE key = $1', ['tx-both']);
      await tx.query(`INSERT INTO site_settings (key, value) VALUES ('tx-sql', '"sql"')`);
      const fromEm = await tx.em.findOne(SiteSetting, { key: 'tx-sql' });
      return { fromSql: fromSql[0]?.value, fromEm: fromEm?.value };
    });
    expect(seen).toEqual({ fromSql: { by: 'em' }, fromEm: 'sql' });
    expect(await storedValue('tx-both')).toEqual({ by: 'em' });
    expect(await storedValue('tx-sql')).toBe('sql');
  });

  it('flushes changes left in the EntityManager before the commit', async () => {
    await db.transaction(async (tx) => {
      tx.em.create(SiteSetting, { key: 'tx-unflushed', value: 1 });
    });
    expect(await storedValue('tx-unflushed')).toBe(1);
  });

  it('rolls back the ORM and SQL writes together when fn throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        tx.em.create(SiteSetting, { key: 'tx-lost-em', value: 1 });
        await tx.em.flush();
        await tx.query(`INSERT INTO site_settings (key, value) VALUES ('tx-lost-sql', '1')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await storedValue('tx-lost-em')).toBeUndefined();
    expect(await storedValue('tx-lost-sql')).toBeUndefined();
  });

  it('is not joined by statements from elsewhere: they see nothing uncommitted', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      tx.em.create(SiteSetting, { key: 'tx-isolated', value: 'inside' });
      await tx.em.flush();
      written();
      await held;
      throw new Error('rolled back');
    });
    await wrote;
    // On a server this reads the committed state at once; embedded, it waits for the transaction to end.
    const outside = storedValue('tx-isolated');
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toBeUndefined();
    expect(await storedValue('tx-isolated')).toBeUndefined();
  });

  it('runs a nested transaction as a savepoint with the same EntityManager', async () => {
    await db.transaction(async (tx) => {
      const bound = databaseInTransaction(tx, db);
      expect(bound.em()).toBe(tx.em);
      await bound.transaction(async (inner) => {
        inner.em.create(SiteSetting, { key: 'tx-kept', value: true });
      });
      await expect(
        bound.transaction(async (inner) => {
          await inner.query(`INSERT INTO site_settings (key, value) VALUES ('tx-undone', 'true')`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    expect(await storedValue('tx-kept')).toBe(true);
    expect(await storedValue('tx-undone')).toBeUndefined();
  });
});

describe('Database.em outside a transaction', () => {
  it('reads, and refuses to write: entity changes go through transaction()', async () => {
    const em = db.em();
    expect((await em.findOne(SiteSetting, { key: 'tx-both' }))?.value).toEqual({ by: 'em' });
    em.create(SiteSetting, { key: 'outside', value: 1 });
    await expect(em.flush()).rejects.toThrow(/Database\.transaction/);
    expect(await storedValue('outside')).toBeUndefined();
  });
});
