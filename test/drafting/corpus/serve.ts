/**
 * Serves the corpus on loopback: one HTTP server, each site answered by its Host header, so the
 * real crawler reads every site under its own host name (a fake lookup sends them all to 127.0.0.1).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostLookup } from '../../../src/security/public-address.js';
import type { CorpusSite } from './types.js';

export interface CorpusServer {
  port: number;
  /** The home page URL of a site. */
  urlOf(site: CorpusSite): string;
  /** Resolves the corpus hosts (and their www.) to 127.0.0.1, nothing else. */
  lookup: HostLookup;
  close(): Promise<void>;
}

export async function serveCorpus(sites: readonly CorpusSite[]): Promise<CorpusServer> {
  const byHost = new Map(sites.map((site) => [site.host, site]));
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^www\./, '');
    const path = new URL(req.url ?? '/', 'http://corpus.invalid').pathname;
    const body = byHost.get(host)?.pages[path];
    const status = body === undefined ? 404 : 200;
    const buffer = Buffer.from(body ?? '<!doctype html><title>Not found</title><h1>Not found</h1>', 'utf8');
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(buffer.length) });
    res.end(buffer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    urlOf: (site) => `http://${site.host}:${port}/`,
    lookup: async (hostname) => {
      if (byHost.has(hostname.replace(/^www\./, ''))) return ['127.0.0.1'];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
