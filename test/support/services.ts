import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { Services } from '../../src/services.js';
import type { AnyTool } from '../../src/registry/tool.js';
import { invokeTool } from '../../src/registry/invoke.js';
import { ProblemError } from '../../src/errors.js';
import { ResultCache } from '../../src/registry/result-cache.js';
import { createMailer } from '../../src/mail/mailer.js';

export const TEST_PUBLIC_URL = 'http://directory.test';

export function testServices(db: Database, now: () => Date = () => new Date()): Services {
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL });
  return { config, db, now, resultCache: new ResultCache(), mailer: createMailer({ db, smtpUrl: '', from: config.mailFrom, now }) };
}

/** Runs a tool the way both surfaces do (validation, scopes, handler, output check), as an anonymous caller. */
export function callTool(tool: AnyTool, services: Services, input: unknown): Promise<Record<string, unknown>> {
  return invokeTool(tool, input, { services, caller: null, requestId: 'test' });
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
