/**
 * The audit log cannot be emptied (issue 52, item 8): its append-only trigger refuses UPDATE and DELETE row by row,
 * and a statement trigger refuses TRUNCATE, on both engines. On a PostgreSQL server, the service also runs as the
 * least-privilege role docs/operating.md describes: it migrates and writes, and cannot switch the audit log's
 * triggers off.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY, openDatabase } from '../../src/db/database.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

const addEntry = (db: TestDatabase['db']) =>
  db.query(
    `INSERT INTO audit_log (occurred_at, actor, action, target_type, target_id) VALUES (now(), 'command line', 'test.entry', 'test', '1')`,
  );

describe('the audit log', () => {
  it('refuses TRUNCATE, as it refuses UPDATE and DELETE', async () => {
    await addEntry(t.db);
    // As the least-privilege role (TEST_LEAST_PRIVILEGE=1) the grants refuse it first.
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only|permission denied/);
    await expect(t.db.query('TRUNCATE audit_log RESTART IDENTITY CASCADE')).rejects.toThrow(/append-only|permission denied/);
    expect(await t.db.one('SELECT count(*)::int AS n FROM audit_log')).toMatchObject({ n: expect.any(Number) });
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))?.n).toBeGreaterThan(0);
  });
});

/** The second step of docs/operating.md's least-privilege set-up, run by a superuser once the service has migrated. */
const auditOwnerSql = (service: string, auditOwner: string) => `
  CREATE ROLE ${auditOwner} NOLOGIN;
  ALTER TABLE audit_log OWNER TO ${auditOwner};
  ALTER FUNCTION audit_log_append_only() OWNER TO ${auditOwner};
  ALTER FUNCTION audit_log_no_truncate() OWNER TO ${auditOwner};
  GRANT SELECT, INSERT ON audit_log TO ${service};
  GRANT USAGE ON SEQUENCE audit_log_id_seq TO ${service};
`;

const serverUrl = process.env.DATABASE_URL;
describe.runIf(serverUrl)('the service as the least-privilege role of docs/operating.md', () => {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const role = `launch_test_${suffix}`;
  const database = `launch_test_db_${suffix}`;
  const asSuperuser = async (sql: string, url = serverUrl as string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await asSuperuser(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await asSuperuser(`DROP ROLE IF EXISTS ${role}`);
    await asSuperuser(`DROP ROLE IF EXISTS ${role}_audit`);
  });

  it('migrates and writes, and cannot truncate the audit log or disable its triggers', async () => {
    // The SQL of docs/operating.md, with the test's names.
    await asSuperuser(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
    await asSuperuser(`CREATE DATABASE ${database} OWNER ${role}`);
    const url = new URL(serverUrl as string);
    url.username = role;
    url.pathname = `/${database}`;
    let db = await openDatabase({ databaseUrl: url.toString(), dataDir: MEMORY });
    await db.close();
    // After the first start has migrated: the audit log and its trigger functions go to a role the service is not.
    const superuserThere = new URL(serverUrl as string);
    superuserThere.pathname = `/${database}`;
    await asSuperuser(auditOwnerSql(role, `${role}_audit`), superuserThere.toString());
    db = await openDatabase({ databaseUrl: url.toString(), dataDir: MEMORY });
    try {
      expect(await db.one('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).toEqual({ rolsuper: false });
      await db.query(`INSERT INTO categories (slug, name) VALUES ('least-privilege', 'Least privilege') ON CONFLICT DO NOTHING`);
      await addEntry(db);
      await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only|permission/);
      // Only the audit log's owner or a superuser can alter it or its trigger functions.
      await expect(db.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only_trg')).rejects.toThrow(/owner|permission/);
      await expect(db.query('ALTER TABLE audit_log DISABLE TRIGGER ALL')).rejects.toThrow(/owner|permission/);
      await expect(db.query(`SET session_replication_role = replica`)).rejects.toThrow(/permission/);
      await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only|permission/);
      await expect(
        db.query(`CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`),
      ).rejects.toThrow(/owner|permission/);
    } finally {
      await db.close();
    }
  });
});
