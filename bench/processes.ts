/** The processes a benchmark measures: each started as its own node process, like the service in production. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface Started {
  child: ChildProcess;
  started: number;
}

/** `script` (TypeScript through tsx, or compiled JavaScript) in a node process of its own; NODE_EXTRA adds node flags (e.g. --cpu-prof). */
export function start(script: string, env: Record<string, string>, flags: string[] = []): Started {
  const started = performance.now();
  const extra = process.env.NODE_EXTRA ? process.env.NODE_EXTRA.split(' ') : [];
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : []; // compiled JavaScript runs as it is
  const child = spawn(process.execPath, [...flags, ...extra, ...loader, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, started };
}

/** Milliseconds from `started` until `url` first answers 2xx. */
export async function waitFor(url: string, started: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        await response.arrayBuffer();
        return performance.now() - started;
      }
    } catch {
      /* not listening yet */
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** The resident memory of a process, in MB (Linux). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU seconds a process has used (Linux: utime + stime of /proc/<pid>/stat). */
export async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until a process has been idle (under 5% of a core) for a second: the service's work after it first answers
 * (it loads the search index in the background) must not share the cores with a measured load.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 120_000): Promise<void> {
  const started = performance.now();
  let quiet = 0;
  let last = await cpuSeconds(pid);
  while (quiet < 4) {
    if (performance.now() - started > timeoutMs) throw new Error(`process ${pid} did not settle within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
    const now = await cpuSeconds(pid);
    quiet = now - last < 0.0125 ? quiet + 1 : 0;
    last = now;
  }
}
