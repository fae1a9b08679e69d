import fs from 'node:fs/promises';
import path from 'node:path';

export class DataDirBusyError extends Error {}

/**
 * An embedded database has one owner: the process holding DATA_DIR/owner.lock (its pid inside).
 * A lock whose process is gone is stale and taken over; a live one refuses with DataDirBusyError.
 */
export async function lockDataDir(dataDir: string, purpose: string): Promise<{ release(): Promise<void> }> {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'owner.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, `${process.pid} ${purpose}\n`, { flag: 'wx', mode: 0o600 });
      return { release: () => fs.rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid, ...holder] = (await fs.readFile(file, 'utf8').catch(() => '')).trim().split(' ');
      if (pid && isAlive(Number(pid))) {
        throw new DataDirBusyError(
          `${dataDir} is in use by process ${pid} (${holder.join(' ') || 'unknown'}); one process owns an embedded database`,
        );
      }
      await fs.rm(file, { force: true });
    }
  }
  throw new DataDirBusyError(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
