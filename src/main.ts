import fs from 'node:fs/promises';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { loadRegistry } from './registry/registry.js';
import { createApp } from './app.js';
import { seedDemo } from './seed/demo.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { runAdminCommand } from './admin/commands.js';
import { controlSocketPath, removeStaleSocket, startControlSocket } from './admin/control-socket.js';

/** Start-up: database and migrations, demo data on a fresh embedded database when wanted (config.demo), then listen (HTTP, and the control socket for npm run admin). */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const ownership = config.databaseUrl ? undefined : await lockDataDir(config.dataDir, 'launch-directory service');
  await removeStaleSocket(controlSocketPath(config.dataDir));
  let db = await openDatabase(config);
  const seeded = config.demo && (await seedFreshEmbeddedDatabase(db));
  if (seeded) {
    // The seed grew the embedded PostgreSQL's WASM memory, which never shrinks (issue 52, item 10: the first start sat
    // at ~745 MB idle, a restart at ~480 MB): the service goes on with the database opened afresh.
    await db.close();
    db = await openDatabase(config);
  }
  const registry = await loadRegistry();
  const app = await createApp({ config, db, registry });
  const listening = await app.listen();
  const controlSocket = await startControlSocket({
    socketPath: controlSocketPath(config.dataDir),
    run: (argv) => runAdminCommand({ db, now: () => new Date(), recurring: app.recurring, log: app.log }, argv),
  });
  const ms = Math.round(performance.now() - started);
  app.log.info(
    {
      startup_ms: ms,
      listening,
      public_url: config.publicUrl,
      operations: registry.tools.length,
      database: db.kind,
      demo_loaded: seeded,
      payments: config.payments,
    },
    `launch-directory ready in ${ms} ms, listening on ${listening}: site ${config.publicUrl}/ · REST ${config.publicUrl}/api/v1 · MCP ${config.publicUrl}/mcp · docs ${config.publicUrl}/docs` +
      ` (${describeDatabase(db, config.dataDir)}${seeded ? '; loaded the demo directory' : ''}; payments: ${config.payments === 'stripe' ? 'Stripe' : 'test mode, no money is taken'})`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal during shutdown: exiting at once');
      process.exit(1);
    }
    stopping = true;
    const begun = performance.now();
    // Requests get shutdownTimeoutMs, running jobs 10 s more; past that something hangs (a database that does not answer).
    setTimeout(() => {
      app.log.error({ signal }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + HARD_EXIT_AFTER_MS).unref();
    app.log.info(
      { signal, timeout_ms: config.shutdownTimeoutMs },
      'launch-directory stopping: finishing requests in flight and running jobs',
    );
    try {
      await app.close();
      await controlSocket.close();
      await db.close();
      await ownership?.release();
      app.log.info({ shutdown_ms: Math.round(performance.now() - begun) }, 'launch-directory stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'launch-directory did not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Beyond the request cut-off: time for running jobs to finish and the database to close. */
const HARD_EXIT_AFTER_MS = 15_000;

/**
 * Only an embedded database that has no listings gets demo data (when config.demo: asked with DEMO=1, or a local
 * http PUBLIC_URL); a configured server never does (npm run seed loads it there).
 */
async function seedFreshEmbeddedDatabase(db: Database): Promise<boolean> {
  if (db.kind !== 'embedded') return false;
  const row = await db.one<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM listings) AS any');
  if (row?.any) return false;
  await seedDemo(db, { now: new Date() });
  return true;
}

function describeDatabase(db: Database, dataDir: string) {
  return db.kind === 'embedded' ? `embedded PostgreSQL in ${dataDir}` : 'PostgreSQL at DATABASE_URL';
}

main().catch((error) => {
  console.error('launch-directory failed to start:', error);
  process.exit(1);
});
