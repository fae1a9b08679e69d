/**
 * End to end: npm run admin against the real service running as a child process. On the embedded
 * database the service holds PGlite, so a working command proves the CLI went through the control socket.
 * With DATABASE_URL set the service gets a scratch database of its own on that server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/app.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/database.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

describe('npm run admin while the service runs', () => {
  let dataDir: string;
  let port: number;
  let service: ChildProcess | undefined;
  let scratch: ScratchDatabase | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-cli-'));
    port = await freePort();
    env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` };
    delete env.DATABASE_URL;
    if (process.env.DATABASE_URL) {
      scratch = await createScratchDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = scratch.url;
    }
    service = spawn(process.execPath, [TSX, 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    await waitForLine(service, /launch-directory ready/);
  }, 60_000);

  afterAll(async () => {
    if (service && service.exitCode === null) {
      service.kill('SIGTERM');
      await once(service, 'exit');
    }
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('creates a user and an API key that the service accepts', async () => {
    expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(true);
    const user = await runAdmin(env, ['create-user', 'x@example.com']);
    expect(user).toMatchObject({ exitCode: 0 });

    const made = await runAdmin(env, ['create-api-key', 'x@example.com', '--scopes', 'account:read']);
    expect(made.exitCode).toBe(0);
    const key = made.stdout.trimEnd().split('\n').at(-1)!;
    expect(key).toMatch(/^ldk_\S+$/);

    const headers = { Authorization: `Bearer ${key}` };
    if (existsSync(path.join(ROOT, 'tools/get_account.ts'))) {
      const me = await fetch(`http://127.0.0.1:${port}/api/v1/me`, { headers });
      expect(me.status).toBe(200);
      const body = (await me.json()) as {
        account: { email: string; email_verified: boolean };
        access: { via: string; missing_scopes: string[] };
      };
      expect(body.account).toMatchObject({ email: 'x@example.com', email_verified: true });
      expect(body.access).toMatchObject({ via: 'api_key', missing_scopes: ['listings:write', 'orders:write', 'webhooks:write'] });
    } else {
      // A public route still checks a presented key: an unknown one is 401 there.
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/site`, { headers: { Authorization: 'Bearer ldk_unknown' } })).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/site`, { headers })).status).toBe(200);
    }
  }, 60_000);
});

function runAdmin(env: NodeJS.ProcessEnv, argv: string[]): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, 'src/cli/admin.ts', ...argv], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

/** Resolves on the first stdout line matching; rejects with what the child printed when it exits first. */
function waitForLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const onData = (chunk: Buffer) => {
      printed += chunk;
      if (pattern.test(printed)) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk));
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready:\n${printed}`)));
  });
}
