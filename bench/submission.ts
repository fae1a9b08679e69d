/**
 * Submission to ready: submit_listing for the 8-page fixture site, then poll get_draft until ready,
 * with the offline extractive drafter, on the real service (job queue, crawler, evidence check).
 * Runs on PostgreSQL (BENCH_SUBMISSION_DATABASE_URL, default the local server) in a scratch database.
 */
import { startTestApp } from '../test/support/app.js';
import { startFixtureSites } from '../test/support/fixture-sites.js';
import { makeAccount } from '../test/support/oauth.js';
import { createApiKey } from '../src/accounts/api-keys.js';

const RUNS = Number(process.env.BENCH_SUBMISSIONS ?? 15);
process.env.DATABASE_URL ??= process.env.BENCH_SUBMISSION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  const sites = await startFixtureSites();
  const app = await startTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, jobs: { processEveryMs: 200 } });
  try {
    const account = await makeAccount(app.db);
    const { key } = await createApiKey(app.db, {
      accountId: account.id,
      name: 'bench',
      scopes: ['account:read', 'listings:write'],
      now: new Date(),
    });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const times: number[] = [];
    let pages = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const created = await (
        await fetch(`${app.url}/api/v1/drafts`, { method: 'POST', headers, body: JSON.stringify({ url: sites.urls.acme }) })
      ).json();
      for (;;) {
        const draft = await (await fetch(`${app.url}/api/v1/drafts/${created.id}`, { headers })).json();
        if (draft.status === 'ready') break;
        if (draft.status === 'failed') throw new Error(`draft failed: ${draft.failure_reason}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      times.push(performance.now() - started);
      pages = (await app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM draft_pages WHERE draft_id = $1', [created.id]))!.n;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
    console.log(
      `submission → ready (${pages} pages, extractive drafter, ${RUNS} runs): median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, min ${times[0].toFixed(0)} ms; goal median < 5000 ms: ${median < 5000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await app.close();
    await sites.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
