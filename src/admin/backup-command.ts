import net from 'node:net';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { DataDirBusyError, lockDataDir } from '../db/data-dir-lock.js';
import {
  BackupFileError,
  type BackupWritten,
  backupDataDir,
  backupOpenDatabase,
  type MigrationState,
  NoEmbeddedDatabaseError,
  restoreDataDir,
} from '../db/backup.js';
import { controlSocketPath, sendToControlSocket } from './control-socket.js';
import { type AdminResult, done, failed } from './admin-result.js';
import { formatBytes } from '../text/bytes.js';

/**
 * npm run admin -- backup <file> | restore <file>, for the embedded database.
 * backup runs inside the service when it runs (over the control socket: the service owns its PGlite),
 * else on the data directory under its lock. restore runs only while the service is stopped.
 * With DATABASE_URL both refuse and print the PostgreSQL tool's command instead.
 */
export async function backupOrRestore(config: Config, argv: string[]): Promise<AdminResult | undefined> {
  const [name, ...args] = argv;
  if (name !== 'backup' && name !== 'restore') return undefined;
  if (args.length !== 1 || args[0].startsWith('-')) return usage(`${name} takes one argument, <file>`);
  const file = path.resolve(args[0]);
  if (config.databaseUrl) return onServer(name, config.databaseUrl, file);
  const socket = controlSocketPath(config.dataDir);
  if (name === 'backup') return (await sendToControlSocket(socket, ['backup', file])) ?? (await backupStopped(config.dataDir, file));
  if (await answers(socket)) return restoreRefusedWhileRunning();
  return restoreStopped(config.dataDir, file);
}

/** `backup <file>` in the running service, on its own database (the control socket's command). */
export async function backupInService(db: Database, args: string[]): Promise<AdminResult> {
  if (args.length !== 1 || !path.isAbsolute(args[0])) return usage('backup takes one argument, <file>');
  if (db.connection && 'url' in db.connection) return onServer('backup', db.connection.url, args[0]);
  return describeBackup(await backupOpenDatabase(db, args[0]), 'from the running service');
}

/** `restore` sent to the running service: refused, the database in use cannot be replaced. */
export async function restoreRefusedWhileRunning(): Promise<AdminResult> {
  return failed(
    'the service is running: stop it first, then run npm run admin -- restore <file> (its database cannot be replaced while in use)',
  );
}

async function backupStopped(dataDir: string, file: string): Promise<AdminResult> {
  return withDataDirLock(dataDir, async () => {
    try {
      return describeBackup(await backupDataDir(dataDir, file), 'with the service stopped');
    } catch (error) {
      if (error instanceof NoEmbeddedDatabaseError) return failed(`${error.message}; nothing to back up (is DATA_DIR right?)`);
      throw error;
    }
  });
}

async function restoreStopped(dataDir: string, file: string): Promise<AdminResult> {
  return withDataDirLock(dataDir, async () => {
    try {
      const restored = await restoreDataDir(dataDir, file, new Date());
      return done(
        `restored the embedded database in ${dataDir} from ${file}`,
        restored.keptAside
          ? `the database that was in place is kept in ${restored.keptAside} (delete it once the restored one is checked)`
          : 'there was no database in place before',
        `it holds ${describeMigrations(restored.migrations)}`,
        restored.migrations.pending.length > 0
          ? `the service's next start migrates it to this code (${restored.migrations.pending.join(', ')})`
          : 'it is at this code’s migration; start the service',
      );
    } catch (error) {
      if (error instanceof BackupFileError) return failed(`${error.message}; nothing was changed`);
      throw error;
    }
  });
}

/** Runs fn holding DATA_DIR's lock; a held lock means the service (or another command) owns the database. */
async function withDataDirLock(dataDir: string, fn: () => Promise<AdminResult>): Promise<AdminResult> {
  let lock: { release(): Promise<void> };
  try {
    lock = await lockDataDir(dataDir, 'npm run admin');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    return failed(`${error.message}. If the service is running or starting, stop it first (or wait and try again).`);
  }
  try {
    return await fn();
  } finally {
    await lock.release();
  }
}

function describeBackup(written: BackupWritten, how: string): AdminResult {
  return done(
    `backed up the embedded database ${how} to ${written.file} (${formatBytes(written.bytes)}, owner-only)`,
    `it holds ${describeMigrations(written.migrations)}`,
    `to bring it back: stop the service, then npm run admin -- restore ${written.file}`,
    'keep the environment’s secrets with it (docs/operating.md, "Backups and restore")',
  );
}

function describeMigrations(state: MigrationState): string {
  const latest = state.applied.at(-1);
  if (!latest) return 'no migrations';
  const upToDate = state.pending.length === 0 ? 'this code’s latest' : `${state.pending.length} behind this code`;
  return `migration ${latest} (${state.applied.length} of ${state.known}, ${upToDate})`;
}

/** On a PostgreSQL server the server's own tools back up and restore; the command names the URL without its password. */
function onServer(name: 'backup' | 'restore', databaseUrl: string, file: string): AdminResult {
  const { url, hadPassword } = withoutPassword(databaseUrl);
  const tool =
    name === 'backup'
      ? `pg_dump --format=custom --file=${quote(file)} ${quote(url)}`
      : `pg_restore --clean --if-exists --no-owner --dbname=${quote(url)} ${quote(file)}`;
  return failed(
    [
      `${name} is for the embedded database; DATABASE_URL names a PostgreSQL server, which its own tools ${name === 'backup' ? 'back up' : 'restore'}:`,
      `  ${tool}`,
      ...(hadPassword ? ['(the password from PGPASSWORD or ~/.pgpass; it is left out here)'] : []),
      'See docs/operating.md, "Backups and restore".',
    ].join('\n'),
  );
}

function withoutPassword(databaseUrl: string): { url: string; hadPassword: boolean } {
  try {
    const url = new URL(databaseUrl);
    const hadPassword = url.password !== '';
    url.password = '';
    return { url: url.toString(), hadPassword };
  } catch {
    return { url: '<DATABASE_URL without its password>', hadPassword: true };
  }
}

const quote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/** Whether a service answers on the control socket (a leftover socket file nobody listens on does not). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const usage = (message: string): AdminResult => ({
  exitCode: 2,
  output: `admin: ${message}\n\nusage: npm run admin -- backup <file> | restore <file>`,
});
