import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('health checks', () => {
  it('/healthz says the process is up; /readyz that the database and the job queue answer', async () => {
    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', job_queue: 'ok', accepting_requests: 'ok' } });
  });

  it('/readyz answers 503 naming the part that is down, while /healthz still answers 200', async () => {
    await t.app.services.jobs.stop();
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not_ready', checks: { database: 'ok', job_queue: 'failed' } });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});
