import type { Middleware } from 'koa';
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';

export interface HealthOptions {
  db: Database;
  jobs: JobQueue;
  /** True once shutdown has begun: the instance should get no new traffic. */
  draining: () => boolean;
  /** A check slower than this counts as failed. */
  timeoutMs?: number;
}

/**
 * /healthz: the process is up and serving. /readyz: it can do its work — the database and the job
 * queue answer, and it is not shutting down — so a load balancer sends it traffic (503 otherwise).
 */
export function healthChecks(options: HealthOptions): Middleware {
  const timeoutMs = options.timeoutMs ?? 2000;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/healthz') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    const checks = {
      database: await outcome(() => options.db.query('SELECT 1'), timeoutMs),
      job_queue: await outcome(() => options.jobs.check(), timeoutMs),
      accepting_requests: options.draining() ? 'shutting down' : 'ok',
    };
    const ready = Object.values(checks).every((check) => check === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
  };
}

/** 'ok', or why not, in words safe to show (no connection strings). */
async function outcome(check: () => Promise<unknown>, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs)));
  try {
    return await Promise.race([
      check().then(
        () => 'ok',
        () => 'failed',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
