import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressGuard } from '../../src/outbound/address-guard.js';
import { guardedFetch } from '../../src/outbound/guarded-fetch.js';
import { OutboundRefused } from '../../src/outbound/refusal.js';

let server: http.Server;
let port: number;
const requests: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('x'.repeat(300 * 1024));
      return;
    }
    if (req.url === '/moved') {
      res.writeHead(302, { location: 'http://127.0.0.1/elsewhere' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
    res.end(JSON.stringify({ client_id: 'x', agent: req.headers['user-agent'] ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('guardedFetch', () => {
  it('answers a Response with status, headers and body from an allowed host', async () => {
    const fetchThroughGuard = guardedFetch(new AddressGuard({ allowHosts: ['127.0.0.1'] }));
    const response = await fetchThroughGuard(`http://127.0.0.1:${port}/client.json`, { headers: { 'user-agent': 'probe' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(await response.json()).toEqual({ client_id: 'x', agent: 'probe' });
  });

  it('does not follow redirects: the 3xx comes back as it is', async () => {
    const response = await guardedFetch(new AddressGuard({ allowHosts: ['127.0.0.1'] }))(`http://127.0.0.1:${port}/moved`);
    expect(response.status).toBe(302);
    expect(requests).not.toContain('/elsewhere');
  });

  it('refuses a name that resolves to a private address at connect time (DNS rebinding), and reaches nothing', async () => {
    let lookups = 0;
    // First answer public (what an earlier check saw), then loopback: the connection resolves for itself.
    const rebinding = async () => (++lookups === 1 ? ['93.184.216.34'] : ['127.0.0.1']);
    const guard = new AddressGuard({ allowHosts: [], lookup: rebinding });
    expect(await guard.resolve('rebind.example')).toEqual(['93.184.216.34']);
    const before = requests.length;
    const refused = await guardedFetch(guard)(`http://rebind.example:${port}/client.json`).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused).toBeInstanceOf(OutboundRefused);
    expect(refused).toMatchObject({ reason: 'private_address', host: 'rebind.example' });
    expect(refused?.message).toContain('rebind.example resolves to something that is not a public address');
    expect(refused?.message).not.toContain('127.0.0.1'); // never the address it resolved to
    expect(lookups).toBe(2);
    expect(requests.length).toBe(before);
  });

  it('refuses literal private addresses and schemes other than http(s)', async () => {
    const fetchThroughGuard = guardedFetch(new AddressGuard({ allowHosts: [] }));
    await expect(fetchThroughGuard(`http://127.0.0.1:${port}/client.json`)).rejects.toMatchObject({ reason: 'private_address' });
    await expect(fetchThroughGuard('file:///etc/passwd')).rejects.toThrow(/file:/);
    await expect(fetchThroughGuard('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundRefused);
    await expect(fetchThroughGuard('file:///etc/passwd')).rejects.toMatchObject({ reason: 'scheme_not_allowed' });
  });

  it('refuses an answer larger than it reads: too_large', async () => {
    const fetchThroughGuard = guardedFetch(new AddressGuard({ allowHosts: ['127.0.0.1'] }));
    await expect(fetchThroughGuard(`http://127.0.0.1:${port}/huge`)).rejects.toMatchObject({
      name: 'OutboundRefused',
      reason: 'too_large',
    });
  });
});
