import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/database.js';

/** SIGTERM on the real service process: it stops accepting, finishes the request in flight, and exits 0. */
let service: ServiceProcess | undefined;
let scratch: ScratchDatabase | undefined;
afterAll(async () => {
  await service?.stop(5_000);
  await scratch?.drop();
});

function waitForLine(lines: string[], pattern: RegExp, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (lines.some((line) => pattern.test(line))) return resolve();
      if (Date.now() > deadline) return reject(new Error(`no line matching ${pattern}:\n${lines.join('\n')}`));
      setTimeout(poll, 20);
    };
    poll();
  });
}

/** An MCP request whose body arrives in two parts: in flight from the first byte until the last. */
function halfSentRequest(url: string, body: string) {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
  const ended = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });
  const cut = Math.floor(body.length / 2);
  socket.write(
    [
      'POST /mcp HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      'Accept: application/json, text/event-stream',
      'MCP-Protocol-Version: 2025-06-18',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body.slice(0, cut),
    ].join('\r\n'),
  );
  return { finish: () => socket.write(body.slice(cut)), ended };
}

describe('graceful shutdown', () => {
  it('on SIGTERM refuses new connections, answers the request in flight, stops the queue and the database, and exits 0', async () => {
    const env: Record<string, string> = {};
    if (process.env.DATABASE_URL) {
      scratch = await createScratchDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = scratch.url;
    }
    service = await startServiceProcess(env);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_categories', arguments: {} } });
    const request = halfSentRequest(service.url, body);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the server has the headers

    service.child.kill('SIGTERM');
    await waitForLine(service.lines, /stopping/);
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();

    request.finish();
    const answer = await request.ended; // the server closes the connection after answering
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"id":7');
    expect(answer).toContain('"structuredContent"');

    const code = await service.exited;
    // On failure the service's own lines say why (they are the log a person would read).
    expect(code, service.lines.join('\n')).toBe(0);
    const logged = service.lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(logged.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/stopping/), 'launch-directory stopped']),
    );
  }, 90_000);
});
