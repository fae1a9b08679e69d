/**
 * DATA_DIR is private (issue 52, item 7): it holds the embedded database, and with it the signing keys, the CSRF key
 * and the webhook secrets. Whatever the umask the service starts with (022 is common), the folder and everything under
 * it are created 0700 (folders) and 0600 (files), by the embedded database too; an older, wider folder is narrowed.
 */
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';

const temps: string[] = [];
let umask: number;
beforeEach(() => {
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
});
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Every entry under `dir` (itself included) whose permissions are wider than 0700 for a folder, 0600 for a file. */
async function tooOpen(dir: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (at: string) => {
    const stat = await lstat(at);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode & 0o077) open.push(`${at} ${mode.toString(8)}`);
      for (const name of await readdir(at)) await walk(path.join(at, name));
    } else if (!stat.isSymbolicLink() && mode & 0o177) open.push(`${at} ${mode.toString(8)}`);
  };
  await walk(dir);
  return open;
}

describe('DATA_DIR', () => {
  it('is 0700 with 0600 files under it after the embedded database opens, migrates and writes, with umask 022', async () => {
    const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'data-dir-mode-')), 'data');
    temps.push(path.dirname(dataDir));
    // Started from the run's migrated dump (test/support/global-setup.ts), as a restored backup is: PGlite writes it all.
    // (No dump when the run uses a PostgreSQL server: the embedded database is then made and migrated here.)
    const dump = inject('migratedDataDir');
    const initialData = dump ? new Blob([await readFile(dump)]) : undefined;
    const db = await openDatabase({ databaseUrl: '', dataDir, initialData });
    await db.query(`INSERT INTO categories (slug, name) VALUES ('private-files', 'Private files')`);
    await db.query('CHECKPOINT');
    await db.close();
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await readdir(path.join(dataDir, 'pglite'))).toContain('PG_VERSION');
    expect(await tooOpen(dataDir)).toEqual([]);
  }, 180_000);

  it('narrows a folder an older version left readable to others', async () => {
    const dataDir = temps.at(-1) && path.join(temps.at(-1) as string, 'data');
    if (!dataDir) throw new Error('runs after the test above');
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'pglite'), 0o755);
    await chmod(path.join(dataDir, 'pglite', 'PG_VERSION'), 0o644);
    await mkdir(path.join(dataDir, 'older'), { mode: 0o755 });
    await writeFile(path.join(dataDir, 'older', 'left-over.txt'), 'x', { mode: 0o644 });
    expect(await tooOpen(dataDir)).toHaveLength(5);
    const db = await openDatabase({ databaseUrl: '', dataDir });
    await db.close();
    expect(await tooOpen(dataDir)).toEqual([]);
  }, 180_000);
});
