import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir } from '../../src/db/data-dir-lock.js';

describe('lockDataDir', () => {
  it('lets one process own a data folder, refuses a second owner, and takes over a stale lock', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lock-'));
    const first = await lockDataDir(dir, 'service');
    await expect(lockDataDir(dir, 'admin')).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(lockDataDir(dir, 'admin')).rejects.toThrow(`in use by process ${process.pid} (service)`);
    await first.release();
    const second = await lockDataDir(dir, 'admin');
    await second.release();

    await fs.writeFile(path.join(dir, 'owner.lock'), '999999999 crashed service\n');
    const takeover = await lockDataDir(dir, 'service');
    expect(await fs.readFile(path.join(dir, 'owner.lock'), 'utf8')).toBe(`${process.pid} service\n`);
    await takeover.release();
    await fs.rm(dir, { recursive: true });
  });
});
