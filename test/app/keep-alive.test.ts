import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** Sends one raw request on a new connection; resolves with the answer's head and a promise of the close. */
function exchange(request: string): Promise<{ head: string; closed: Promise<void>; socket: net.Socket }> {
  const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return new Promise((resolve) => {
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk;
      if (data.includes('\r\n\r\n') && /\r\n0\r\n\r\n$|"result"/.test(data)) resolve({ head: data.split('\r\n\r\n')[0], closed, socket });
    });
    socket.write(request);
  });
}

describe('idle keep-alive connections', () => {
  it('stay open past Node’s 5 s default after an MCP event-stream answer, which carries no Keep-Alive hint', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_categories', arguments: {} } });
    const { head, closed, socket } = await exchange(
      `POST /mcp HTTP/1.1\r\nHost: ${new URL(t.url).host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
        `MCP-Protocol-Version: 2025-06-18\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const outcome = await Promise.race([closed.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('open'), 8000))]);
    socket.destroy();
    expect(outcome).toBe('open');
  }, 20_000);
});
