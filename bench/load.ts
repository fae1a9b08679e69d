/** Load and latency measurement: autocannon with a different path (or body) per request, sequential latencies. */
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

/** What a browser sends for a page: Firefox's User-Agent, and its Accept-Encoding (it takes pages compressed). */
export const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  accept: 'text/html',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export interface Load {
  origin: string;
  connections?: number;
  /** Each request's path, in turn. */
  paths?: string[];
  /** Each request's POST body (with `path` and `headers`), in turn. */
  post?: { path: string; headers: Record<string, string>; bodies: string[] };
  /** A fixed number of requests instead of DURATION seconds. */
  amount?: number;
  seconds?: number;
  /** Headers of each GET (e.g. a browser's User-Agent). */
  headers?: Record<string, string>;
}

export async function load({
  origin,
  connections = 32,
  paths,
  post,
  amount,
  seconds = DURATION,
  headers,
}: Load): Promise<autocannon.Result> {
  let i = 0;
  const request: autocannon.Request = post
    ? {
        method: 'POST',
        path: post.path,
        headers: post.headers,
        setupRequest: (req) => ({ ...req, body: post.bodies[i++ % post.bodies.length] }),
      }
    : { headers, setupRequest: (req) => ({ ...req, path: paths![i++ % paths!.length] }) };
  const result = await autocannon({ url: origin, connections, ...(amount ? { amount } : { duration: seconds }), requests: [request] });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0)
    throw new Error(`${origin}: ${failed} of ${result.requests.total} requests failed (first path ${paths?.[0] ?? post?.path})`);
  return result;
}

export async function latencies(n: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Drops one inner letter: "notion" -> "notin". */
export const misspell = (word: string, i: number) => {
  const at = 1 + (i % (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
};
