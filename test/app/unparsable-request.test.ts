import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

function rawRequest(text: string): Promise<string> {
  const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
  socket.write(text);
  return new Promise((resolve) => socket.once('close', () => resolve(answer)));
}

describe('requests Node cannot parse', () => {
  it('answers headers over 16 KiB with 431 problem+json, and broken HTTP with 400 problem+json', async () => {
    const long = await rawRequest(`GET /api/v1/blog?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(long).toMatch(/^HTTP\/1\.1 431 /);
    expect(long).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(long.slice(long.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431, code: 'headers_too_large' });
    const broken = await rawRequest('GARBAGE\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, code: 'malformed_request' });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});
