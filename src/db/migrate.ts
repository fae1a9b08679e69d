import { readFile } from 'node:fs/promises';
import type { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { Statements } from './database.js';
import { splitStatements } from './sql-statements.js';

/**
 * The schema's migrations, ordered and append-only: SQL files, each run by MikroORM's migrator in a
 * transaction of its own and recorded in its table (mikro_orm_migrations).
 */
const MIGRATION_FILES: readonly { name: string; file: string }[] = [
  { name: '0001_initial_schema', file: 'initial-schema.sql' },
  { name: '0002_listing_search', file: '0002-listing-search.sql' },
  { name: '0003_accounts', file: '0003-accounts.sql' },
  { name: '0004_job_queue', file: '0004-job-queue.sql' },
  { name: '0005_drafts', file: '0005-drafts.sql' },
  { name: '0006_idempotency', file: '0006-idempotency.sql' },
  { name: '0007_job_outbox', file: '0007-job-outbox.sql' },
  { name: '0008_connected_apps_index', file: '0008-connected-apps-index.sql' },
  { name: '0009_outbox_claims', file: '0009-outbox-claims.sql' },
  { name: '0010_owner_listings', file: '0010-owner-listings.sql' },
  { name: '0011_listing_profiles', file: '0011-listing-profiles.sql' },
  { name: '0012_search_by_votes', file: '0012-search-by-votes.sql' },
  { name: '0013_claims', file: '0013-claims.sql' },
  { name: '0014_orders', file: '0014-orders.sql' },
  { name: '0015_eu_vat_rates', file: '0015-eu-vat-rates.sql' },
  { name: '0016_payments', file: '0016-payments.sql' },
  { name: '0017_page_visitors', file: '0017-page-visitors.sql' },
  { name: '0018_page_indexes', file: '0018-page-indexes.sql' },
  { name: '0019_service_clock', file: '0019-service-clock.sql' },
  { name: '0020_webhooks', file: '0020-webhooks.sql' },
  { name: '0021_staff', file: '0021-staff.sql' },
  { name: '0022_community', file: '0022-community.sql' },
  { name: '0023_listing_site_domain', file: '0023-listing-site-domain.sql' },
  { name: '0024_images', file: '0024-images.sql' },
  { name: '0025_listing_stats', file: '0025-listing-stats.sql' },
  { name: '0026_account_deletion', file: '0026-account-deletion.sql' },
  { name: '0027_strip_invisible_names', file: '0027-strip-invisible-names.sql' },
  { name: '0028_comment_award_changes', file: '0028-comment-award-changes.sql' },
  { name: '0029_weekly_board_index', file: '0029-weekly-board-index.sql' },
  { name: '0030_drop_listings_search_index', file: '0030-drop-listings-search-index.sql' },
  { name: '0031_vote_count_notifications', file: '0031-vote-count-notifications.sql' },
  { name: '0032_view_count_notifications', file: '0032-view-count-notifications.sql' },
  { name: '0033_english_search', file: '0033-english-search.sql' },
  { name: '0034_listing_ratings', file: '0034-listing-ratings.sql' },
  { name: '0035_term_dictionary', file: '0035-term-dictionary.sql' },
];

export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** The migrator's settings: our list of SQL migrations, one transaction each, no snapshots or generated files. */
export const MIGRATOR_OPTIONS = {
  tableName: MIGRATIONS_TABLE,
  migrationsList: MIGRATION_FILES.map(({ name, file }) => ({ name, class: sqlFileMigration(name, file) })),
  transactional: true,
  allOrNothing: false,
  disableForeignKeys: false,
  snapshot: false,
  silent: true,
};

/** A migration that runs one SQL file, statement by statement. */
function sqlFileMigration(name: string, file: string) {
  return class extends Migration {
    override name = name;
    override async up(): Promise<void> {
      const script = await readFile(new URL(`./migrations/${file}`, import.meta.url), 'utf8');
      for (const statement of splitStatements(script)) this.addSql(statement);
    }
  };
}

const LOCK_KEY = 7_240_101; // any constant shared by every instance of the service

/**
 * Applies the pending migrations under an advisory lock, so instances that start together migrate
 * one after the other (the later ones find nothing to do). Answers the names applied.
 */
export async function migrate(session: <T>(fn: (statements: Statements) => Promise<T>) => Promise<T>, orm: MikroORM): Promise<string[]> {
  return session(async (lock) => {
    await lock.script(`SELECT pg_advisory_lock(${LOCK_KEY})`);
    try {
      await adoptEarlierRecords(lock);
      const applied = await orm.migrator.up();
      return applied.map((migration) => migration.name);
    } finally {
      await lock.script(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
    }
  });
}

/**
 * Databases migrated before the migrator took over recorded their migrations in schema_migrations;
 * their names move to the migrator's table (same names), so nothing runs twice.
 */
async function adoptEarlierRecords(db: Statements): Promise<void> {
  await db.script(`DO $$
BEGIN
  IF to_regclass('schema_migrations') IS NOT NULL THEN
    CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id serial PRIMARY KEY, name varchar(255), executed_at timestamptz DEFAULT current_timestamp);
    INSERT INTO ${MIGRATIONS_TABLE} (name, executed_at) SELECT name, applied_at FROM schema_migrations ORDER BY applied_at, name;
    DROP TABLE schema_migrations;
  END IF;
END $$;`);
}
