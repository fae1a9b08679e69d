/**
 * npm run admin -- backup / restore, end to end: the service runs as a child process on an embedded
 * database in a data directory of this file's own (DATABASE_URL cleared for it), so these tests run on
 * both CI passes; the PostgreSQL server itself is never touched (backup there only prints pg_dump).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const SLOW = 180_000;

describe('backup and restore of the embedded database', () => {
  let work: string;
  let dataDir: string;
  let backup: string;
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-restore-'));
    dataDir = path.join(work, 'data');
    backup = path.join(work, 'while-running.tar.gz');
    await prepareDataDir(dataDir);
    service = await startServiceProcess({ DATA_DIR: dataDir });
  }, SLOW);

  afterAll(async () => {
    await service?.stop();
    await fs.rm(work, { recursive: true, force: true });
  }, SLOW);

  it(
    'backs up while the service runs: an owner-only gzipped dump, with its size and migration printed',
    async () => {
      expect((await admin(dataDir, ['create-user', 'before@example.com'])).exitCode).toBe(0);
      const made = await admin(dataDir, ['backup', backup]);
      expect(made.stderr).toBe('');
      expect(made.exitCode).toBe(0);
      expect(made.stdout).toContain(`from the running service to ${backup}`);
      expect(made.stdout).toMatch(/\(\d+\.\d (KiB|MiB), owner-only\)/);
      expect(made.stdout).toMatch(/it holds migration \d{4}_\w+ \((\d+) of \1, this code’s latest\)/);
      const stat = await fs.stat(backup);
      expect(stat.mode & 0o777).toBe(0o600);
      const head = await readHead(backup, 2);
      expect([...head]).toEqual([0x1f, 0x8b]);
      expect((await fs.readdir(work)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect((await admin(dataDir, ['create-user', 'after@example.com'])).exitCode).toBe(0);
    },
    SLOW,
  );

  it(
    'refuses to restore while the service runs, and the service keeps its database',
    async () => {
      const refused = await admin(dataDir, ['restore', backup]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(/service is running: stop it first/);
      expect((await admin(dataDir, ['create-user', 'after@example.com'])).stderr).toMatch(/an account with that e-mail exists/);
    },
    SLOW,
  );

  it(
    'refuses a file that is not a dump, and leaves the data directory as it was',
    async () => {
      await service?.stop();
      service = undefined;
      const junk = path.join(work, 'notes.txt');
      await fs.writeFile(junk, 'these are not the files you are looking for\n'.repeat(40));
      const before = await snapshot(dataDir);
      const refused = await admin(dataDir, ['restore', junk]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(/is not a backup of the embedded database.*nothing was changed/);
      expect(await snapshot(dataDir)).toEqual(before);
    },
    SLOW,
  );

  it(
    'refuses the dump of a database that is not this service’s, and leaves the data directory as it was',
    async () => {
      const foreign = path.join(work, 'foreign.tar.gz');
      const other = await PGlite.create();
      try {
        await other.exec('CREATE TABLE notes (body text)');
        await fs.writeFile(foreign, Buffer.from(await (await other.dumpDataDir('gzip')).arrayBuffer()));
      } finally {
        await other.close();
      }
      const before = await snapshot(dataDir);
      const refused = await admin(dataDir, ['restore', foreign]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(/holds a database without mikro_orm_migrations: not a backup of this service; nothing was changed/);
      expect(await snapshot(dataDir)).toEqual(before);
    },
    SLOW,
  );

  it(
    'restores the backup with the service stopped: what was made before it is there, what came after is not',
    async () => {
      const restored = await admin(dataDir, ['restore', backup]);
      expect(restored.stderr).toBe('');
      expect(restored.exitCode).toBe(0);
      expect(restored.stdout).toContain(`restored the embedded database in ${dataDir} from ${backup}`);
      const aside = /kept in (\S+pglite\.before-restore-[\dTZ-]+) /.exec(restored.stdout)?.[1];
      expect(aside).toBeDefined();
      expect(await fs.readdir(aside!)).toContain('PG_VERSION');
      expect((await fs.readdir(dataDir)).filter((name) => name.includes('restoring'))).toEqual([]);

      service = await startServiceProcess({ DATA_DIR: dataDir });
      expect((await admin(dataDir, ['create-user', 'before@example.com'])).stderr).toMatch(/an account with that e-mail exists/);
      expect((await admin(dataDir, ['create-user', 'after@example.com'])).exitCode).toBe(0);
    },
    SLOW,
  );

  it(
    'backs up directly from the data directory when the service is stopped',
    async () => {
      await service?.stop();
      service = undefined;
      const stopped = path.join(work, 'stopped.tar.gz');
      const made = await admin(dataDir, ['backup', stopped]);
      expect(made.exitCode).toBe(0);
      expect(made.stdout).toContain(`with the service stopped to ${stopped}`);
      expect((await fs.stat(stopped)).mode & 0o777).toBe(0o600);
      expect(await fs.readdir(dataDir)).not.toContain('owner.lock'); // the command's lock is released
    },
    SLOW,
  );

  it(
    'says that a backup older than the code is migrated by the next start',
    async () => {
      const older = path.join(work, 'older.tar.gz');
      const copy = await PGlite.create({ loadDataDir: new Blob([await fs.readFile(backup)], { type: 'application/x-gzip' }) });
      let last: string;
      try {
        last = (
          await copy.query<{ name: string }>(
            'DELETE FROM mikro_orm_migrations WHERE id = (SELECT max(id) FROM mikro_orm_migrations) RETURNING name',
          )
        ).rows[0].name;
        await fs.writeFile(older, Buffer.from(await (await copy.dumpDataDir('gzip')).arrayBuffer()));
      } finally {
        await copy.close();
      }
      const elsewhere = path.join(work, 'elsewhere');
      const restored = await admin(elsewhere, ['restore', older]);
      expect(restored.exitCode).toBe(0);
      expect(restored.stdout).toContain('there was no database in place before');
      expect(restored.stdout).toMatch(/it holds migration \d{4}_\w+ \(\d+ of \d+, 1 behind this code\)/);
      expect(restored.stdout).toContain(`the service's next start migrates it to this code (${last})`);
    },
    SLOW,
  );

  it(
    'with DATABASE_URL, backup and restore refuse and print the PostgreSQL tool without the password',
    async () => {
      const url = 'postgres://launch:s3cret@db.example.org:5432/directory?sslmode=require';
      const file = path.join(work, 'server.dump');
      const backedUp = await admin(dataDir, ['backup', file], { DATABASE_URL: url });
      expect(backedUp.exitCode).toBe(1);
      expect(backedUp.stderr).toContain(
        `pg_dump --format=custom --file=${file} 'postgres://launch@db.example.org:5432/directory?sslmode=require'`,
      );
      expect(backedUp.stderr).toContain('PGPASSWORD');
      const restored = await admin(dataDir, ['restore', file], { DATABASE_URL: url });
      expect(restored.exitCode).toBe(1);
      expect(restored.stderr).toContain('pg_restore --clean --if-exists --no-owner');
      expect(`${backedUp.stderr}${restored.stderr}`).not.toContain('s3cret');
      await expect(fs.stat(file)).rejects.toThrow(/ENOENT/);
    },
    SLOW,
  );
});

/**
 * A migrated embedded database in dataDir with one listing, so that the service's first start neither
 * builds a database nor loads the demo directory (each takes a minute on a busy machine). It starts
 * from the run's migrated dump when there is one (the embedded pass), else it is migrated here.
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  const dump = inject('migratedDataDir');
  const initialData = dump ? new Blob([await fs.readFile(dump)], { type: 'application/x-tar' }) : undefined;
  const db = await openDatabase({ databaseUrl: '', dataDir, initialData });
  try {
    await insertListing(db, { category_id: await insertCategory(db), slug: 'kept-listing' });
  } finally {
    await db.close();
  }
}

/** npm run admin in a process of its own, on the embedded database in dataDir unless env says otherwise. */
function admin(
  dataDir: string,
  argv: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, 'src/cli/admin.ts', ...argv], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

/** The data directory's entries and the embedded database's files with their identity and size: any change shows. */
async function snapshot(dataDir: string): Promise<string[]> {
  const top = (await fs.readdir(dataDir)).sort();
  const files = await fs.readdir(path.join(dataDir, 'pglite'), { recursive: true });
  const described = await Promise.all(
    files.sort().map(async (name) => {
      const stat = await fs.stat(path.join(dataDir, 'pglite', name));
      return `pglite/${name} ${stat.ino} ${stat.isFile() ? stat.size : 'dir'}`;
    }),
  );
  return [...top, ...described];
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}
