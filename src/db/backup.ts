import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.js';
import { MIGRATIONS_TABLE, MIGRATOR_OPTIONS } from './migrate.js';

/**
 * Backups of the embedded database: a PGlite dump (a gzipped tarball of its whole data directory),
 * taken from the running service's PGlite or from the data directory when no service runs, and put
 * back in place of DATA_DIR/pglite with the directory it replaces kept beside it. A PostgreSQL server
 * is backed up with its own tools (pg_dump, base backups) instead.
 */

/** Where the embedded database lives inside DATA_DIR (as openDatabase places it). */
const PGLITE_DIR = 'pglite';

/** A backup file that cannot be restored: not a dump, not our database, or from newer code. */
export class BackupFileError extends Error {}

/** No embedded database to back up in DATA_DIR. */
export class NoEmbeddedDatabaseError extends Error {}

/** The migrations a database holds, against the code's list. */
export interface MigrationState {
  applied: string[];
  /** The code's migrations the database lacks: the service's next start applies them. */
  pending: string[];
  /** Migrations the database holds that this code does not know (made by a newer version). */
  unknown: string[];
  /** How many migrations the code has. */
  known: number;
}

export interface BackupWritten {
  file: string;
  bytes: number;
  migrations: MigrationState;
}

/** Backs up the embedded database the running service has open (`db` is the service's own). */
export async function backupOpenDatabase(db: Database, file: string): Promise<BackupWritten> {
  if (!db.connection || !('pglite' in db.connection)) throw new NoEmbeddedDatabaseError('the service runs on a PostgreSQL server');
  return writeDump(db.connection.pglite, file);
}

/**
 * Backs up the embedded database in dataDir while no service runs (the caller holds the data-dir lock).
 * It is opened as it is: not migrated, so the backup holds what the directory holds.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupWritten> {
  const dir = path.join(dataDir, PGLITE_DIR);
  if (!(await holdsDatabase(dir))) throw new NoEmbeddedDatabaseError(`no embedded database in ${dataDir}`);
  const pglite = await openPGlite(dir);
  try {
    return await writeDump(pglite, file);
  } finally {
    await pglite.close();
  }
}

/**
 * A consistent copy: the checkpoint writes every committed change to the data files, then the dump
 * collects the files in one synchronous pass (no statement can run in between) and compresses them.
 * A transaction open at that moment is not in the copy (PostgreSQL's recovery rolls it back on load).
 */
async function writeDump(pglite: PGlite, file: string): Promise<BackupWritten> {
  await pglite.exec('CHECKPOINT');
  const migrations = await migrationState(pglite);
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = new Uint8Array(await dump.arrayBuffer());
  await writeFileAtomically(file, bytes);
  return { file, bytes: bytes.length, migrations };
}

/** Writes a temporary file beside `file` (owner-only), flushes it to disk, then renames it into place. */
async function writeFileAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  await handle
    ?.sync()
    .catch(() => {})
    .finally(() => handle.close());
}

export interface Restored {
  /** Where the database that was in place now is (absent when DATA_DIR held none). */
  keptAside?: string;
  migrations: MigrationState;
}

/**
 * Puts the backup `file` in place of DATA_DIR/pglite while no service runs (the caller holds the
 * data-dir lock). The file is first loaded into a directory of its own beside it and checked (it opens,
 * it holds our migrations table, none of its migrations is unknown to this code); only then is the
 * current database renamed to pglite.before-restore-<time> and the loaded one renamed into its place.
 * On any failure the current database stays where it is.
 */
export async function restoreDataDir(dataDir: string, file: string, now: Date): Promise<Restored> {
  const live = path.join(dataDir, PGLITE_DIR);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const staging = `${live}.restoring-${stamp}`;
  const aside = `${live}.before-restore-${stamp}`;
  const dump = await readDump(file);
  let migrations: MigrationState;
  try {
    migrations = await loadAndCheck(staging, dump, file);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadLive = await exists(live);
  if (hadLive) await fs.rename(live, aside);
  try {
    await fs.rename(staging, live);
  } catch (error) {
    if (hadLive) await fs.rename(aside, live);
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { keptAside: hadLive ? aside : undefined, migrations };
}

/** The file as a Blob PGlite loads: a gzipped or plain tarball; anything else is refused before loading. */
async function readDump(file: string): Promise<Blob> {
  const bytes = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR') throw new BackupFileError(`${file} is not a file`);
    throw error;
  });
  const gzip = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  const tar = bytes.length >= 512 && bytes.subarray(257, 262).toString('latin1') === 'ustar';
  if (!gzip && !tar) throw new BackupFileError(`${file} is not a backup of the embedded database (neither a gzipped nor a plain tarball)`);
  return new Blob([bytes], { type: gzip ? 'application/x-gzip' : 'application/x-tar' });
}

async function loadAndCheck(staging: string, dump: Blob, file: string): Promise<MigrationState> {
  let pglite: PGlite;
  try {
    pglite = await openPGlite(staging, dump);
  } catch (error) {
    throw new BackupFileError(`${file} does not open as an embedded database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const table = await pglite.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [MIGRATIONS_TABLE]);
    if (!table.rows[0]?.found)
      throw new BackupFileError(`${file} holds a database without ${MIGRATIONS_TABLE}: not a backup of this service`);
    const migrations = await migrationState(pglite);
    if (migrations.unknown.length > 0)
      throw new BackupFileError(
        `${file} was made by a newer version of the service (migrations unknown to this code: ${migrations.unknown.join(', ')}); run that version`,
      );
    return migrations;
  } finally {
    await pglite.close();
  }
}

async function migrationState(pglite: PGlite): Promise<MigrationState> {
  const code = MIGRATOR_OPTIONS.migrationsList.map((migration) => migration.name);
  const table = await pglite.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [MIGRATIONS_TABLE]);
  const applied = table.rows[0]?.found
    ? (await pglite.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`)).rows.map((row) => row.name)
    : [];
  return {
    applied,
    pending: code.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !code.includes(name)),
    known: code.length,
  };
}

/** PGlite on a directory, as openDatabase opens it (with pg_trgm), optionally started from a dump. */
async function openPGlite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir && { loadDataDir }) });
}

/** A PostgreSQL data directory is there (PGlite would make a new, empty one on an empty directory). */
async function holdsDatabase(dir: string): Promise<boolean> {
  return exists(path.join(dir, 'PG_VERSION'));
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
