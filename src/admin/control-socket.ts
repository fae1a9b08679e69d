import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AdminResult } from './admin-result.js';

/**
 * The service's control socket: operator commands (npm run admin) reach the running service over a
 * Unix domain socket in DATA_DIR that only the owner of the process can connect to. It never listens
 * on TCP. POST /commands {argv} answers {exitCode, output}.
 */
export interface ControlSocketOptions {
  socketPath: string;
  run: (argv: string[]) => Promise<AdminResult>;
}

const MAX_REQUEST_BYTES = 64 * 1024;

/** Where the service listens for operator commands: DATA_DIR/admin.sock. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

export async function startControlSocket(options: ControlSocketOptions): Promise<{ close(): Promise<void> }> {
  await removeStaleSocket(options.socketPath);
  const server = http.createServer((req, res) => void answer(req, res, options.run));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket is created owner-only from the start; the chmod below only confirms it.
    const umask = process.umask(0o177);
    try {
      server.listen(options.socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  await fs.chmod(options.socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * A socket file nobody answers on is left over from a service that died; a live one means a second
 * service on the same DATA_DIR, which must not start (an embedded database has one owner).
 */
export async function removeStaleSocket(socketPath: string): Promise<void> {
  const state = await probe(socketPath);
  if (state === 'live') {
    throw new Error(`another launch-directory service already answers on ${socketPath}; stop it first (one service per DATA_DIR)`);
  }
  if (state === 'stale') await fs.rm(socketPath, { force: true });
}

function probe(socketPath: string): Promise<'live' | 'stale' | 'absent'> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve('live');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') resolve('absent');
      else if (error.code === 'ECONNREFUSED') resolve('stale');
      else reject(error);
    });
  });
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse, run: ControlSocketOptions['run']) {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST' || req.url !== '/commands')
    return reply(404, { exitCode: 2, output: 'admin: only POST /commands is served here' });
  let argv: unknown;
  try {
    argv = (JSON.parse(await readBody(req, MAX_REQUEST_BYTES)) as { argv?: unknown }).argv;
  } catch {
    return reply(400, { exitCode: 2, output: 'admin: the request body must be JSON {"argv": [...]}' });
  }
  if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) {
    return reply(400, { exitCode: 2, output: 'admin: argv must be an array of strings' });
  }
  try {
    reply(200, await run(argv));
  } catch (error) {
    reply(500, {
      exitCode: 1,
      output: `admin: the command failed in the service: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

async function readBody(message: http.IncomingMessage, maxBytes = Infinity): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs a command in the service listening on socketPath; undefined when no service listens there. */
export function sendToControlSocket(socketPath: string, argv: string[]): Promise<AdminResult | undefined> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ argv });
    const req = http.request(
      {
        socketPath,
        method: 'POST',
        path: '/commands',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        readBody(res)
          .then((text) => {
            const result = JSON.parse(text) as AdminResult;
            if (typeof result.exitCode !== 'number' || typeof result.output !== 'string')
              throw new Error(`unexpected answer from ${socketPath}: ${text}`);
            resolve(result);
          })
          .catch(reject);
      },
    );
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end(body);
  });
}
