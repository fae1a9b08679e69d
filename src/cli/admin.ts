/**
 * npm run admin -- create-user <email>
 * npm run admin -- create-api-key <email> [--scopes account:read,listings:write] [--name "..."]
 * npm run admin -- outbox [--to <email>] [--limit N]
 * npm run admin -- jobs | run-job <name> | verify-revenue <slug> <mrr-cents> --source <name>  (and more: npm run admin -- help)
 * npm run admin -- backup <file> | restore <file>  (the embedded database; src/admin/backup-command.ts)
 *
 * When the service runs, the command runs inside it, over the control socket DATA_DIR/admin.sock
 * (an embedded database belongs to that one process). Otherwise the command opens the database
 * itself: DATABASE_URL, or the embedded database in DATA_DIR when DATABASE_URL is empty.
 */
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DataDirBusyError, lockDataDir } from '../db/data-dir-lock.js';
import { runAdminCommand } from '../admin/commands.js';
import type { AdminResult } from '../admin/admin-result.js';
import { controlSocketPath, sendToControlSocket } from '../admin/control-socket.js';
import { recurringJobs } from '../schedule/recurring-jobs.js';
import { deferredJobQueue } from '../jobs/job-outbox.js';
import { domainRatingProvider } from '../metrics/domain-rating-provider.js';
import { createLogger } from '../logging/logger.js';
import { backupOrRestore } from '../admin/backup-command.js';
import { escapeControls } from '../text/control-characters.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const config = loadConfig();
  const result =
    (await backupOrRestore(config, argv)) ??
    (await sendToControlSocket(controlSocketPath(config.dataDir), argv)) ??
    (await runDirectly(config, argv));
  // Escaped again here (idempotent): a backup's or a running service's answer is printed the same way.
  (result.exitCode === 0 ? process.stdout : process.stderr).write(`${escapeControls(result.output)}\n`);
  process.exitCode = result.exitCode;
}

async function runDirectly(config: Config, argv: string[]): Promise<AdminResult> {
  let lock: { release(): Promise<void> } | undefined;
  if (!config.databaseUrl) {
    try {
      lock = await lockDataDir(config.dataDir, 'npm run admin');
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      return { exitCode: 1, output: `admin: ${error.message}. If the service is starting, try again in a few seconds.` };
    }
  }
  try {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      // With no service here, the jobs' follow-up work waits in the outbox for a running instance.
      const recurring = recurringJobs({
        db,
        queue: deferredJobQueue(db),
        domainRatings: domainRatingProvider(config),
        publicUrl: config.publicUrl,
        digestMailsPerMinute: config.digestMailsPerMinute,
      });
      const log = createLogger({ level: 'silent' }); // the command prints the run's outcome itself
      return await runAdminCommand({ db, now: () => new Date(), recurring, log }, argv);
    } finally {
      await db.close();
    }
  } finally {
    await lock?.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`admin: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
