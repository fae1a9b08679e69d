import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressGuard, type ConnectionInfo } from '../../src/outbound/address-guard.js';
import { OutboundRefused, findRefusal } from '../../src/outbound/refusal.js';

const PUBLIC = '93.184.215.14';
let server: http.Server;
let port: number;
const requests: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const enotfound = (host: string): Error => Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });

/** A GET through the guard's agent: its status, or the error the request ended with. */
function get(guard: AddressGuard, options: http.RequestOptions): Promise<number | Error> {
  return new Promise((resolve) => {
    const request = http.get({ port, path: '/', ...options, agent: guard.httpAgent }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', resolve);
  });
}

describe('AddressGuard.resolve', () => {
  it.each([
    '169.254.169.254',
    '10.0.0.1',
    '192.168.1.1',
    '127.0.0.1',
    '[::1]',
    'fd00::1',
    '::ffff:127.0.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    'fec0::1',
  ])('refuses the literal address %s: private_address', async (host) => {
    const guard = new AddressGuard({ allowHosts: [] });
    const error = await guard.resolve(host).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(error).toMatchObject({ reason: 'private_address', literal: true });
    expect((error as Error).message).toMatch(/^The address .* is not a public address/);
  });

  it('refuses a name whose answer mixes public and private addresses, never naming the private one', async () => {
    const guard = new AddressGuard({ allowHosts: [], lookup: async () => [PUBLIC, '10.1.2.3'] });
    const error = (await guard.resolve('mixed.test').catch((e: unknown) => e)) as OutboundRefused;
    expect(error).toMatchObject({ reason: 'private_address', host: 'mixed.test', literal: false });
    expect(error.message).toContain('The host mixed.test resolves to something that is not a public address');
    expect(error.message).not.toContain('10.1.2.3');
  });

  it('answers the public addresses of a name, and any address of an allowed host', async () => {
    expect(await new AddressGuard({ allowHosts: [], lookup: async () => [PUBLIC, 'not an address'] }).resolve('site.test')).toEqual([
      PUBLIC,
    ]);
    expect(await new AddressGuard({ allowHosts: ['Site.Test.'], lookup: async () => ['127.0.0.1'] }).resolve('site.test')).toEqual([
      '127.0.0.1',
    ]);
  });

  it('a name that does not resolve: not_resolved; an empty answer: no_address', async () => {
    const unresolved = new AddressGuard({
      allowHosts: [],
      lookup: async (host) => {
        throw enotfound(host);
      },
    });
    await expect(unresolved.resolve('no-such-product.test')).rejects.toMatchObject({
      name: 'OutboundRefused',
      reason: 'not_resolved',
      host: 'no-such-product.test',
    });
    await expect(new AddressGuard({ allowHosts: [], lookup: async () => [] }).resolve('empty.test')).rejects.toMatchObject({
      reason: 'no_address',
    });
  });
});

describe('AddressGuard agents', () => {
  it('refuse a literal private address even when asked directly (no lookup happens for it)', async () => {
    const guard = new AddressGuard({ allowHosts: [] });
    const before = requests.length;
    const error = await get(guard, { host: '127.0.0.1' });
    guard.destroy();
    expect(findRefusal(error)).toMatchObject({ reason: 'private_address' });
    expect(requests.length).toBe(before);
  });

  it('refuse a name whose answer is private, whatever lookup the request asked for', async () => {
    const guard = new AddressGuard({ allowHosts: [], lookup: async () => ['127.0.0.1'] });
    const before = requests.length;
    const error = await get(guard, {
      host: 'evil.test',
      // A caller-supplied lookup is replaced by the guard's.
      lookup: (_host, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    guard.destroy();
    expect(findRefusal(error)).toMatchObject({ reason: 'private_address', host: 'evil.test' });
    expect(requests.length).toBe(before);
  });

  it('let allowed hosts through, and report each connection made', async () => {
    const connections: ConnectionInfo[] = [];
    const guard = new AddressGuard({ allowHosts: ['127.0.0.1'], onConnection: (info) => connections.push(info) });
    expect(await get(guard, { host: '127.0.0.1' })).toBe(200);
    guard.destroy();
    expect(connections).toEqual([{ host: '127.0.0.1', address: '127.0.0.1', port }]);
  });

  it('refuse new connections once the guard is destroyed: closed', async () => {
    const guard = new AddressGuard({ allowHosts: ['127.0.0.1'] });
    guard.destroy();
    const before = requests.length;
    expect(findRefusal(await get(guard, { host: '127.0.0.1' }))).toMatchObject({ reason: 'closed' });
    expect(requests.length).toBe(before);
  });
});
