import type { AdminDeps } from '../../src/admin/commands.js';
import type { Database } from '../../src/db/database.js';
import type { RecurringJob } from '../../src/schedule/job-runs.js';
import { deferredJobQueue } from '../../src/jobs/job-outbox.js';
import { recurringJobs } from '../../src/schedule/recurring-jobs.js';
import { testLogger } from './app.js';

/** What npm run admin gets: by default the recurring jobs of a process without a queue (their follow-ups wait in the outbox). */
export function adminDeps(db: Database, now: () => Date = () => new Date(), recurring?: readonly RecurringJob[]): AdminDeps {
  return {
    db,
    now,
    recurring:
      recurring ?? recurringJobs({ db, queue: deferredJobQueue(db), publicUrl: 'http://localhost:3000', digestMailsPerMinute: 600 }),
    log: testLogger(),
  };
}
