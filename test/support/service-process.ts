import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './app.js';
import { SERVICE_NODE_FLAGS } from '../../src/node-flags.js';

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Every line the service wrote to stdout (JSON log lines) and stderr, in order. */
  lines: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code; SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The service as `npm start` runs it (src/main.ts in one node process, so that signals reach it; or as
 * `npm run start:prod` runs the compiled build), on
 * DATABASE_URL when given, else on an embedded database in a fresh data directory; on env.PORT when given.
 */
export async function startServiceProcess(env: Record<string, string> = {}, options: { compiled?: boolean } = {}): Promise<ServiceProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'launch-directory-'));
  // compiled: the production start (`npm run build`, then `npm run start:prod`), from dist/ without tsx.
  const entry = options.compiled ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PAGE_SETTLE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => rm(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, exited, lines);
  return {
    url,
    child,
    lines,
    exited,
    async stop(graceMs = 30_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

async function waitUntilReady(url: string, exited: Promise<number | null>, lines: string[]): Promise<void> {
  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the service exited during start-up:\n${lines.join('\n')}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service was not ready within 60 s:\n${lines.join('\n')}`);
}
