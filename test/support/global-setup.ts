import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MEMORY, openDatabase } from '../../src/db/database.js';
import { admin, handOverAuditLog, type ScratchServer } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (unset when DATABASE_URL names a server). */
    migratedDataDir: string | undefined;
    /** The run's template and role on the PostgreSQL server named by DATABASE_URL (unset on the embedded engine). */
    scratchServer: ScratchServer | undefined;
  }
}

/**
 * TEST_LEAST_PRIVILEGE=1 (CI's run on the PostgreSQL server): the scratch databases belong to a login role that is
 * no superuser, and the service connects as it, as docs/operating.md sets a deployment up; the audit log and its
 * trigger functions belong to a role the service is not. The suite then shows the service needs no more.
 */
const LEAST_PRIVILEGE = process.env.TEST_LEAST_PRIVILEGE === '1';

/**
 * Runs once per test run, before any test file. Creating a database and applying the migrations takes seconds; it is
 * done here once, and each test starts from a copy of the result (see createTestDatabase): on a PostgreSQL server a
 * template database, on the embedded engine a dump of its data directory.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    project.provide('migratedDataDir', undefined);
    const server = await migratedTemplate(serverUrl);
    project.provide('scratchServer', server);
    return () => dropScratch(serverUrl, server);
  }
  project.provide('scratchServer', undefined);
  const dir = await mkdtemp(path.join(tmpdir(), 'launch-directory-tests-'));
  const file = path.join(dir, 'migrated.tar');
  const db = await openDatabase({ databaseUrl: '', dataDir: MEMORY });
  try {
    if (!db.connection || !('pglite' in db.connection)) throw new Error('Expected the embedded database');
    // Nothing a test does copies a database: without the two templates the dump is 29 MB, not 44, and each test's
    // database starts a third sooner.
    for (const template of ['template0', 'template1']) {
      await db.script(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await db.script(`DROP DATABASE ${template}`); // alone: not in a transaction
    }
    await writeFile(file, Buffer.from(await (await db.connection.pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('migratedDataDir', file);
  return () => rm(dir, { recursive: true, force: true });
}

/** A database migrated by the service, as its own role with TEST_LEAST_PRIVILEGE=1, for the run's tests to copy. */
async function migratedTemplate(serverUrl: string): Promise<ScratchServer> {
  const tag = `test_${randomBytes(3).toString('hex')}`;
  const server: ScratchServer = { tag, template: `${tag}_template`, ...(LEAST_PRIVILEGE && { role: `${tag}_svc` }) };
  const url = new URL(serverUrl);
  url.pathname = `/${server.template}`;
  const superuserUrl = url.toString();
  if (server.role) {
    await admin(serverUrl, `CREATE ROLE ${server.role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
    await admin(serverUrl, `CREATE ROLE ${server.role}_audit NOLOGIN`);
    url.username = server.role;
  }
  await admin(serverUrl, `CREATE DATABASE ${server.template}${server.role ? ` OWNER ${server.role}` : ''}`);
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: MEMORY });
  await db.close();
  if (server.role) await admin(superuserUrl, handOverAuditLog(server.role));
  return server;
}

/** Drops the template, what a test left behind (one that failed before dropping its database) and the roles. */
async function dropScratch(serverUrl: string, server: ScratchServer): Promise<void> {
  const names = await admin(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${server.tag}\\_%'`);
  for (const { datname } of names) await admin(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  if (server.role) await admin(serverUrl, `DROP ROLE IF EXISTS ${server.role}_audit; DROP ROLE IF EXISTS ${server.role}`);
}
