import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Domain Rating provider on loopback speaking the documented JSON shape (src/metrics/domain-rating-provider.ts):
 * it checks the key, enforces a rate limit (429 with Retry-After), and fails as the test tells it.
 */
export interface FakeDrProvider {
  url: string;
  key: string;
  /** The ratings it knows, by domain; others are left out of its answers. */
  ratings: Map<string, number>;
  /** Every request that reached it, with the time it arrived and the answer's status. */
  requests: { at: number; domains: string[]; status: number }[];
  /** The next n requests answer 503. */
  failNext: number;
  /** Requests naming one of these domains always answer 500. */
  brokenDomains: Set<string>;
  /** The next n requests answer 429 with this Retry-After (seconds). */
  throttleNext: { count: number; retryAfter: string };
  close(): Promise<void>;
}

export async function startFakeDrProvider(key = 'dr-test-key'): Promise<FakeDrProvider> {
  const fake: Omit<FakeDrProvider, 'url' | 'close'> = {
    key,
    ratings: new Map(),
    requests: [],
    failNext: 0,
    brokenDomains: new Set(),
    throttleNext: { count: 0, retryAfter: '1' },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = Date.now();
      let domains: string[] = [];
      try {
        domains = JSON.parse(Buffer.concat(chunks).toString('utf8')).domains ?? [];
      } catch {
        domains = [];
      }
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        fake.requests.push({ at: now, domains, status });
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${fake.key}`) return answer(401, { error: 'bad key' });
      if (fake.throttleNext.count > 0) {
        fake.throttleNext.count -= 1;
        return answer(429, { error: 'rate limited' }, { 'retry-after': fake.throttleNext.retryAfter });
      }
      if (fake.failNext > 0) {
        fake.failNext -= 1;
        return answer(503, { error: 'try later' });
      }
      if (domains.some((domain) => fake.brokenDomains.has(domain))) return answer(500, { error: 'broken' });
      const ratings = domains
        .filter((domain) => fake.ratings.has(domain))
        .map((domain) => ({ domain, domain_rating: fake.ratings.get(domain) }));
      answer(200, { ratings });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1/domain-ratings`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
