import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFixtureSites, type FixtureSites } from '../support/fixture-sites.js';
import { makeAccount } from '../support/oauth.js';
import { insertDraft } from '../../src/drafting/draft-store.js';
import { DRAFT_SITE_JOB } from '../../src/drafting/pipeline.js';

/**
 * A service that died in the middle of a crawl leaves a draft in `crawling` and a job locked by a
 * worker that is gone. A (re)started service takes the job over once its lock expires and finishes
 * the draft. (test/jobs/worker-killed.test.ts kills a real worker process on PostgreSQL.)
 */
let t: TestApp;
let sites: FixtureSites;
beforeAll(async () => {
  sites = await startFixtureSites();
  t = await startTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, jobs: { processEveryMs: 100, lockLifetimeMs: 1_000 } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

describe('a crawl interrupted by a crash', () => {
  it('is picked up again and the draft does not stay in crawling', async () => {
    const person = await makeAccount(t.db);
    const draft = await insertDraft(t.db, person.id, sites.urls.sparse, new Date());
    await t.db.query(
      `INSERT INTO agenda_jobs (name, type, data, next_run_at, locked_at, last_run_at, last_modified_by)
       VALUES ($1, 'normal', $2, now() - interval '1 minute', now() - interval '1 minute', now() - interval '1 minute', 'a-worker-that-died')`,
      [DRAFT_SITE_JOB, JSON.stringify({ draftId: draft.id })],
    );
    let status = 'crawling';
    for (let i = 0; i < 150 && (status === 'crawling' || status === 'drafting'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await t.db.one<{ status: string }>('SELECT status FROM drafts WHERE id = $1', [draft.id]))!.status;
    }
    expect(status).toBe('ready');
    // The job is removed once its handler has returned, a moment after the draft is ready: done and removed, not left locked.
    const jobsLeft = async () =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM agenda_jobs WHERE name = $1`, [DRAFT_SITE_JOB]))[0].n;
    await expect.poll(jobsLeft, { timeout: 5_000 }).toBe(0);
  }, 30_000);
});
