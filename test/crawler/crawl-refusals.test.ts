/**
 * The outbound guard's refusals, as a crawl reports them: crawl failures (private_address, dns_failed) whose reasons a
 * founder can act on. The guard itself is tested in test/outbound.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionInfo } from '../../src/outbound/address-guard.js';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';
import { startFixtureSites, type FixtureSites } from '../support/fixture-sites.js';

const USER_AGENT = crawlerUserAgent('http://directory.test');
const PUBLIC = '93.184.215.14';
let sites: FixtureSites;

beforeAll(async () => {
  sites = await startFixtureSites();
});
afterAll(async () => {
  await sites?.close();
});

const enotfound = (host: string): Error => Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });

describe('DNS rebinding', () => {
  it('a host answering a public address first and a private one next is refused at connection time', async () => {
    const port = new URL(sites.urls.acme).port;
    const answers: string[][] = [];
    const lookup = async (host: string): Promise<string[]> => {
      if (host !== 'rebind.test') throw enotfound(host);
      const answer = answers.length === 0 ? [PUBLIC] : ['127.0.0.1'];
      answers.push(answer);
      return answer;
    };
    const connections: ConnectionInfo[] = [];
    const before = sites.requestsTo('acme').length;
    // 127.0.0.1 is allowed, but only as a host name: rebind.test resolving to it is not.
    const result = await crawlSite(`http://rebind.test:${port}/`, {
      allowHosts: ['127.0.0.1'],
      userAgent: USER_AGENT,
      lookup,
      onConnection: (info) => connections.push(info),
    });
    expect(result).toMatchObject({ ok: false, code: 'private_address' });
    expect(!result.ok && result.reason).toContain('rebind.test resolves to something that is not a public address');
    expect(!result.ok && result.reason).toContain("we only read public websites. Enter your site's public address");
    expect(!result.ok && result.reason).not.toContain('127.0.0.1'); // the resolved address is never named
    expect(answers.length).toBeGreaterThanOrEqual(2); // checked first, then resolved again to connect
    expect(connections).toEqual([]);
    expect(sites.requestsTo('acme').slice(before)).toEqual([]);
  });

  it('an answer mixing public and private addresses is refused', async () => {
    const result = await crawlSite('http://mixed.test/', {
      allowHosts: [],
      userAgent: USER_AGENT,
      lookup: async () => [PUBLIC, '10.1.2.3'],
    });
    expect(result).toMatchObject({ ok: false, code: 'private_address' });
    expect(!result.ok && result.reason).toContain('mixed.test');
    expect(!result.ok && result.reason).toContain('not a public address');
    expect(!result.ok && result.reason).not.toMatch(/10\.1\.2\.3|private|loopback/);
  });

  it('connections go only to addresses the guard checked and handed out', async () => {
    const port = new URL(sites.urls.sparse).port;
    const handedOut: string[] = [];
    const connections: ConnectionInfo[] = [];
    const result = await crawlSite(`http://site.test:${port}/`, {
      allowHosts: ['site.test'],
      userAgent: USER_AGENT,
      lookup: async (host) => {
        if (host !== 'site.test') throw enotfound(host);
        handedOut.push('127.0.0.1');
        return ['127.0.0.1'];
      },
      onConnection: (info) => connections.push(info),
    });
    expect(result.ok).toBe(true);
    expect(connections.length).toBeGreaterThan(0);
    for (const connection of connections) {
      expect(connection.host).toBe('site.test');
      expect(handedOut).toContain(connection.address);
    }
  });
});

describe('DNS failures', () => {
  it('a name that does not resolve: dns_failed', async () => {
    const result = await crawlSite('https://no-such-product.test/', {
      allowHosts: [],
      userAgent: USER_AGENT,
      lookup: async (host) => {
        throw enotfound(host);
      },
    });
    expect(result).toMatchObject({ ok: false, code: 'dns_failed' });
    expect(!result.ok && result.reason).toContain('no-such-product.test');
    expect(!result.ok && result.reason).toContain('or fill the profile by hand');
  });

  it('an empty answer: dns_failed', async () => {
    const result = await crawlSite('https://empty.test/', { allowHosts: [], userAgent: USER_AGENT, lookup: async () => [] });
    expect(result).toMatchObject({ ok: false, code: 'dns_failed' });
  });

  it('a failure at connection time (after a good first answer): dns_failed', async () => {
    const port = new URL(sites.urls.sparse).port;
    let calls = 0;
    const result = await crawlSite(`http://flaky.test:${port}/`, {
      allowHosts: ['flaky.test'],
      userAgent: USER_AGENT,
      lookup: async (host) => {
        calls += 1;
        if (calls === 1) return ['127.0.0.1'];
        throw enotfound(host);
      },
    });
    expect(result).toMatchObject({ ok: false, code: 'dns_failed' });
  });
});

describe('literal addresses', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://[::ffff:127.0.0.1]/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[::127.0.0.1]/',
    'http://[::8.8.8.8]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:0:0]/',
    'http://[fec0::1]/',
  ])('%s: private_address without connecting', async (url) => {
    const connections: ConnectionInfo[] = [];
    const result = await crawlSite(url, { allowHosts: [], userAgent: USER_AGENT, onConnection: (info) => connections.push(info) });
    expect(result).toMatchObject({ ok: false, code: 'private_address' });
    expect(connections).toEqual([]);
  });
});

// A self-signed certificate for 127.0.0.1 (test only): the crawler verifies certificates, so a
// crawl of this server fails, but only after the guard has checked and recorded the connection.
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCtcJC1Pjaegyn9
GnmRg/2rRiauOCBPZl8TfWbp9g3wzwKVlXhOHkvey2b4eVfpirO52kpcBQEBj+3U
RxzOiatglGmKC70BkKvgpRh9JWNIa/AtIXMLTdelTyl5dpydJ4hRLFXslUXFn1Zp
WAcYqZQH9EztLlfVb/UDgDAwSdSrB/MnaF8OLP2hhNwuHiYFYFNADIwFZP/Qf5Cy
qTPhWTx02EpxqOKthuUOZvxDibxqShxU2ufAY+ZF05X4f+zsncJGRLqJ1/c1mMbS
WDsk76Z8+zGNlh3OKZZThMHlA7xXTM7mi6KqexFrkjFJmIID6//ZT34b6TimoQvT
1BaCB3/dAgMBAAECggEAITNuqBtQNljSdV6XjfkP2rUTm38oBDsLET6MsFXHRmVC
T+Msg/u9t1kFjaQg5ZaFIBs+582XazajpuK0C3+EHHlcmK31kPKiTF8eSHqbPlZX
RDRmgu/0S3NTc6p2gYj7SdqsWh0bHaEKWCEfPqPbsAgen7qi2rtTUke8Mco4WULc
FrlZxwjluKANOjTskYtvE5xND5xEaOSvf0Beu81WaFstt6hi7VQg/ev3MJDBcLf6
ZTfA5FRtzyXj0lOtjUmI3xv0fDio3OITvkSWVRXtwMSupDCLA56I/AwiflJmZ1Zr
6fwSjIHTbGOBX5jAuYTuGlXUQW8g8FTroXwx8mLlqwKBgQDbSAH2Px03viDDpkhc
YTAsMtpcpNQ+BD/U5xB9nBNG85a7vDBePZs1U+LqpXjgIZyerkGp/B2RFFYhkU9Q
koZZQFAy9SWHcJVQg5PH/mos7ibiDbO/CvixqpMbzUp2Jlc+AJHC+Z7kBMf3AzhM
thLeTC8/Qeb0jPtImaFYMXlmiwKBgQDKe3Q7+DdlTBuL2Si1/cToZRYC73MoeeZU
ALxZ1EPSg+1u8MSG5EXficR6KmBxU+xERq2vgan1/SUzWGAWTrQKlSfox6hIdQOc
059PMSr38mu5DP8L1yrMyzPlKE44ndkGAjpiw/ElSS7FgEZEF7qh2MqxUoRn9swi
5sh+AR5oNwKBgQDOZI9cLHmevvjtzjQrp1qFL3QyYP5YRP2jsbzmzaGjVaEZoP7R
pSDSZ9ucShVkuJ5HCPNLQL6/kCmlvLSvvMpxdURHQlCJk6EmwEG3qzJaienVOVpm
xbfg2hFOyMJ+RIY3GKgZoYQ5UHq6d7BlG7bUv1Z1Lt1obs4RvnCLpz2CEwKBgDKa
tgsC1v1nDv9dj5IkUSDvmpezNmmoRYs6/9fHeAfV1vJCFCvOQzRB3yvVCXNpUQQj
UecqFcsXsENr09/fXZnDe0zvETzCmduI/CizlhSPrqJ6AAf6h4TVSCv+bcYylPmu
dt8WL19tMdZEX8tGzusCHm5AvDyrbotOeE8dgnbzAoGAdSUqxrjjAdkuipnyqBMD
SKIUGsJyUVhI9wA24ODV5q8x/DTp9XImAjxycKGkf1oxMH6WQCq7GoMsM6EWPQ9r
EpbhSBr7hGC23tNvgkeMGC7u3P/Cj8U7ziFz4Gs7vtyP+6bdcKhe7QPdA4OaQpw5
lTzDGr4pR0uoasab2F656Uc=
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIDJzCCAg+gAwIBAgIUWu96HtBIw64+RTGucy63jieME5owDQYJKoZIhvcNAQEL
BQAwFDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjAzMzUzMFoYDzIxMjYx
MDI5MDMzNTMwWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwggEiMA0GCSqGSIb3DQEB
AQUAA4IBDwAwggEKAoIBAQCtcJC1Pjaegyn9GnmRg/2rRiauOCBPZl8TfWbp9g3w
zwKVlXhOHkvey2b4eVfpirO52kpcBQEBj+3URxzOiatglGmKC70BkKvgpRh9JWNI
a/AtIXMLTdelTyl5dpydJ4hRLFXslUXFn1ZpWAcYqZQH9EztLlfVb/UDgDAwSdSr
B/MnaF8OLP2hhNwuHiYFYFNADIwFZP/Qf5CyqTPhWTx02EpxqOKthuUOZvxDibxq
ShxU2ufAY+ZF05X4f+zsncJGRLqJ1/c1mMbSWDsk76Z8+zGNlh3OKZZThMHlA7xX
TM7mi6KqexFrkjFJmIID6//ZT34b6TimoQvT1BaCB3/dAgMBAAGjbzBtMB0GA1Ud
DgQWBBQYFaU2dpU0I2pNDKeGo9KVkF7x0TAfBgNVHSMEGDAWgBQYFaU2dpU0I2pN
DKeGo9KVkF7x0TAPBgNVHRMBAf8EBTADAQH/MBoGA1UdEQQTMBGHBH8AAAGCCWxv
Y2FsaG9zdDANBgkqhkiG9w0BAQsFAAOCAQEAk5BA2YSsaN4TOuy9A4vO7EgwN9vB
hm6s00f6fBVdPJ3omF4whkPHV2JeHWeGigocpMijjIBuWSrnMCzQO2iYwOl6sGeQ
634t7CB+JnwdhXyG4bR8ap9/bDWzEzdr+8RBWxKGo/bkyXGudaEvUmj0Zt9vcI30
kOyzVYKyXT/2jSL3hiDnQaQekm1toYB46zd7C8PAcTcmK8iw7tQACZ1jSHM/E/1a
yM9T0HnSmvdvbERwgqCZvVTlswotT5hyJ8Xvr9ZE592j5dxBaJt2UlRpsS7ggGt/
ZQxFBr6fAuGsO0PqBSDgRzF2LZ068SSXvkEEdN3bla2zrl1VIud2yySayg==
-----END CERTIFICATE-----`;

describe('HTTPS', () => {
  let server: https.Server;
  let url: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = https.createServer({ key: TEST_KEY, cert: TEST_CERT }, (req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<title>Secure</title><h1>Secure</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('goes through the guard: refused without allowHosts, before any TLS connection', async () => {
    const connections: ConnectionInfo[] = [];
    const result = await crawlSite(url, { allowHosts: [], userAgent: USER_AGENT, onConnection: (info) => connections.push(info) });
    expect(result).toMatchObject({ ok: false, code: 'private_address' });
    expect(connections).toEqual([]);
  });

  it('verifies certificates: a self-signed one is unreachable, with a reason naming the certificate', async () => {
    const connections: ConnectionInfo[] = [];
    const result = await crawlSite(url, {
      allowHosts: ['127.0.0.1'],
      userAgent: USER_AGENT,
      onConnection: (info) => connections.push(info),
    });
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
    expect(!result.ok && result.reason).toContain('certificate');
    expect(connections.length).toBeGreaterThan(0);
    expect(connections.every((c) => c.address === '127.0.0.1')).toBe(true);
    expect(requests).toEqual([]);
  });
});
