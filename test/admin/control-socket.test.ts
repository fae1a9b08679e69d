/** The control socket: operator commands reach the running service over a Unix socket only its owner can use. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.js';
import { adminDeps } from '../support/admin.js';
import { sendToControlSocket, startControlSocket } from '../../src/admin/control-socket.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

describe('control socket', () => {
  let test: TestDatabase;
  let dir: string;
  const run = (argv: string[]) => runAdminCommand(adminDeps(test.db), argv);

  beforeAll(async () => {
    test = await createTestDatabase();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-sock-'));
  });
  afterAll(async () => {
    await test?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('runs commands sent to it, on a socket file only the owner can open', async () => {
    const socketPath = path.join(dir, 'round-trip.sock');
    const control = await startControlSocket({ socketPath, run });
    try {
      expect((await fs.stat(socketPath)).mode & 0o777).toBe(0o600);
      const created = await sendToControlSocket(socketPath, ['create-user', 'sock@example.com']);
      expect(created?.exitCode).toBe(0);
      const key = await sendToControlSocket(socketPath, ['create-api-key', 'sock@example.com', '--scopes', 'account:read']);
      expect(key?.exitCode).toBe(0);
      expect(key?.output.split('\n').at(-1)).toMatch(/^ldk_/);
      expect(await sendToControlSocket(socketPath, ['create-user', 'sock@example.com'])).toEqual({
        exitCode: 1,
        output: 'admin: an account with that e-mail exists',
      });
    } finally {
      await control.close();
    }
  });

  it('replaces a stale socket file, and refuses to start beside a live one', async () => {
    const socketPath = path.join(dir, 'stale.sock');
    await leaveDeadSocket(socketPath);
    expect((await fs.lstat(socketPath)).isSocket()).toBe(true);
    expect(await sendToControlSocket(socketPath, ['help'])).toBeUndefined();

    const control = await startControlSocket({ socketPath, run });
    try {
      expect((await sendToControlSocket(socketPath, ['help']))?.output).toContain('usage: npm run admin');
      await expect(startControlSocket({ socketPath, run })).rejects.toThrow(/already answers on/);
    } finally {
      await control.close();
    }
  });

  it('answers undefined when no service listens', async () => {
    expect(await sendToControlSocket(path.join(dir, 'missing.sock'), ['help'])).toBeUndefined();
  });
});

/** A socket file nobody listens on, as a killed service leaves behind (a closed server would remove its file). */
async function leaveDeadSocket(socketPath: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['-e', `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('up'))`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await once(child.stdout, 'data');
  child.kill('SIGKILL');
  await once(child, 'exit');
}
