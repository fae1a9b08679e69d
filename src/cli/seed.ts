/**
 * npm run seed                    loads the demo directory into the configured database
 * npm run seed -- --bench-scale   loads the benchmark-scale directory (100,000 listings, 1,000,000 votes)
 *
 * Options: --now=<ISO time> (default: the current time), --listings=<n> and --votes=<n> (bench scale only).
 * The database is DATABASE_URL, or the embedded database in DATA_DIR when DATABASE_URL is empty.
 * Exits with status 1 and changes nothing when the database already holds listings, categories or founders.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { seedBenchScale } from '../seed/bench-scale.js';
import { DatabaseNotEmptyError, seedDemo, type SeedSummary } from '../seed/demo.js';

function fail(message: string, code: number): never {
  process.stderr.write(`seed: ${message}\n`);
  process.exit(code);
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a non-negative integer, got "${value}"`, 2);
  return n;
}

const SEED_OPTIONS = {
  'bench-scale': { type: 'boolean', default: false },
  now: { type: 'string' },
  listings: { type: 'string' },
  votes: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;
type ParsedValues = ReturnType<typeof parseArgs<{ options: typeof SEED_OPTIONS; strict: true }>>['values'];

async function main(): Promise<void> {
  let values: ParsedValues;
  try {
    ({ values } = parseArgs({
      options: SEED_OPTIONS,
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\nusage: npm run seed [-- --bench-scale] [--now=ISO] [--listings=N] [--votes=N]`, 2);
  }
  if (values.help) {
    process.stdout.write('usage: npm run seed [-- --bench-scale] [--now=ISO] [--listings=N] [--votes=N]\n');
    return;
  }
  const now = values.now ? new Date(values.now) : new Date();
  if (Number.isNaN(now.getTime())) fail(`--now must be an ISO date or time, got "${values.now}"`, 2);
  const listings = positiveInteger('listings', values.listings);
  const votes = positiveInteger('votes', values.votes);
  if (!values['bench-scale'] && (listings !== undefined || votes !== undefined)) fail('--listings and --votes go with --bench-scale', 2);

  const config = loadConfig();
  const target = config.databaseUrl ? redact(config.databaseUrl) : `embedded database in ${config.dataDir}`;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let summary: SeedSummary;
  try {
    process.stdout.write(
      `seeding ${values['bench-scale'] ? 'benchmark-scale' : 'demo'} data into ${target} (now = ${now.toISOString()})...\n`,
    );
    summary = values['bench-scale'] ? await seedBenchScale(db, { now, listings, votes }) : await seedDemo(db, { now });
  } catch (error) {
    await db.close();
    if (error instanceof DatabaseNotEmptyError) fail(`${error.message} Nothing was changed.`, 1);
    throw error;
  }
  await db.close();
  const width = Math.max(...Object.keys(summary.tables).map((t) => t.length));
  const lines = Object.entries(summary.tables).map(([table, n]) => `  ${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(10)}`);
  process.stdout.write(`${lines.join('\n')}\ndone in ${(summary.durationMs / 1000).toFixed(1)} s\n`);
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured database';
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
