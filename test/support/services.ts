import { expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { Services } from '../../src/services.js';
import type { AnyTool } from '../../src/registry/tool.js';
import { invokeTool } from '../../src/registry/invoke.js';
import { ProblemError } from '../../src/errors.js';
import { SCOPE_NAMES } from '../../src/accounts/caller.js';
import { awardSigner } from '../../src/catalogue/award-proofs.js';
import { testCaches } from './caches.js';
import { createMailer } from '../../src/mail/mailer.js';
import { jobQueueLog, openJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { defineMailJob } from '../../src/jobs/mail-job.js';
import { createLogger } from '../../src/logging/logger.js';
import { paymentGateway } from '../../src/payments/chosen-gateway.js';
import { loadSiteName } from '../../src/catalogue/site-settings.js';

export const TEST_PUBLIC_URL = 'http://directory.test';

/**
 * Services as the app builds them. `jobs` is the real job queue on db, opened on first use (so tests that
 * never touch it pay nothing), with send_mail defined and short test timings. It does not run jobs until
 * `services.jobs.start()`; a test that used it calls `await services.jobs.stop()` before dropping the
 * database (a no-op when it was never opened).
 */
export function testServices(db: Database, now: () => Date = () => new Date()): Services {
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL });
  const log = createLogger({ level: 'silent' });
  const fromName = config.mailFromGiven ? undefined : () => loadSiteName(db);
  const mailer = createMailer({ db, smtpUrl: '', from: config.mailFrom, fromName, now });
  const jobs = lazyJobQueue(() =>
    openJobQueue({ db, processEveryMs: 50, lockLifetimeMs: 2000, retryDelayMs: 50, drainTimeoutMs: 2000, log: jobQueueLog(log) }),
  );
  defineMailJob(jobs, mailer);
  const signAward = awardSigner(db, config.publicUrl);
  return { config, db, now, ...testCaches(), mailer, jobs, log, payments: paymentGateway(config, log), signAward };
}

/** A JobQueue that opens the real one when first enqueued to, started or waited on; definitions made before are replayed. */
function lazyJobQueue(open: () => Promise<JobQueue>): JobQueue {
  const definitions: ((queue: JobQueue) => void)[] = [];
  let opened: JobQueue | undefined;
  let opening: Promise<JobQueue> | undefined;
  const queue = () =>
    (opening ??= open().then((real) => {
      for (const define of definitions) define(real);
      opened = real;
      return real;
    }));
  return {
    define(name, handler, options) {
      if (opened) opened.define(name, handler, options);
      else definitions.push((real) => real.define(name, handler, options));
    },
    enqueue: async (name, data) => (await queue()).enqueue(name, data),
    check: async () => (await queue()).check(),
    start: async () => (await queue()).start(),
    stop: async () => {
      if (opening) await (await opening).stop();
    },
    idle: async (timeoutMs) => {
      if (opening) await (await opening).idle(timeoutMs);
    },
  };
}

/** Runs a tool the way both surfaces do (validation, scopes, handler, output check), as an anonymous caller. */
export async function callTool(tool: AnyTool, services: Services, input: unknown): Promise<Record<string, unknown>> {
  return (await invokeTool(tool, input, { services, caller: null, requestId: 'test' })).result;
}

/** The problem a call fails with; fails the test if the call succeeds or throws something else. */
export async function callToolError(tool: AnyTool, services: Services, input: unknown): Promise<ProblemError> {
  try {
    await callTool(tool, services, input);
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error(`${tool.name} succeeded but was expected to fail`);
}

/**
 * A signed-in tool refuses an anonymous caller with 401 and a credential without its scope with 403,
 * before it touches any service (so no database is needed).
 */
export async function expectSignedInOnly(tool: AnyTool): Promise<void> {
  const call = (caller: Parameters<typeof invokeTool>[2]['caller']) =>
    invokeTool(tool, {}, { services: {} as Services, caller, requestId: 't' });
  await expect(call(null)).rejects.toMatchObject({ status: 401 });
  const wrongScope = tool.scopes[0] === 'account:read' ? 'orders:write' : 'account:read';
  await expect(
    call({ accountId: 'a', scopes: [wrongScope], credential: { kind: 'api_key', keyId: 'k', name: 'n', prefix: 'ldk_x' } }),
  ).rejects.toMatchObject({
    status: 403,
    code: 'insufficient_scope',
  });
}

/**
 * The field paths (sorted) of the 400 that `input` gets from a caller holding every scope, before any service is
 * touched (validation comes first); fails the test when the call is not refused with a 400.
 */
export async function refusedPaths(tool: AnyTool, input: unknown): Promise<string[]> {
  const caller = { accountId: 'a', scopes: SCOPE_NAMES, credential: { kind: 'api_key' as const, keyId: 'k', name: 'n', prefix: 'ldk_x' } };
  try {
    await invokeTool(tool, input, { services: {} as Services, caller, requestId: 't' });
  } catch (error) {
    expect(error).toMatchObject({ status: 400 });
    return ((error as ProblemError).errors ?? []).map((e) => e.path).sort();
  }
  throw new Error(`${tool.name} accepted ${JSON.stringify(input)}`);
}
