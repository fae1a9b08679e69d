import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/database.js';

const MIGRATIONS_FOLDER = new URL('../../src/db/migrations/', import.meta.url);

/** A database that can be closed and opened again: a scratch database on the server, or an embedded one on disk. */
let place: { databaseUrl: string; dataDir: string };
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'migrate-test-'));
  let scratch: ScratchDatabase | undefined;
  if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL);
  place = { databaseUrl: scratch?.url ?? '', dataDir };
  cleanUp = async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => cleanUp?.());

const migrationNames = (db: Database) =>
  db.query<{ name: string }>('SELECT name FROM mikro_orm_migrations ORDER BY id').then((rows) => rows.map((row) => row.name));

describe("MikroORM's migrator runs the SQL migrations", () => {
  it('applies each once and records it; opening again applies nothing', async () => {
    const first = await openDatabase(place);
    const names = await migrationNames(first);
    expect(names[0]).toBe('0001_initial_schema');
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    // Every file of the migrations folder was applied, in the order of its name, recorded under its name with underscores.
    const files = (await readdir(MIGRATIONS_FOLDER)).filter((file) => file.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThanOrEqual(35);
    expect(names).toEqual(files.map((file) => file.replace(/\.sql$/, '').replaceAll('-', '_')));
    // The schema is there: a table of the first migration and one of the last.
    expect(await first.one('SELECT to_regclass($1) IS NOT NULL AS present', ['listings'])).toEqual({ present: true });
    await first.close();

    const again = await openDatabase(place);
    expect(await migrationNames(again)).toEqual(names);
    await again.close();
  }, 120_000); // every migration on a fresh embedded database on disk: 12 s alone, more on a loaded machine
});
