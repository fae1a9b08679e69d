import http from 'node:http';
import https from 'node:https';
import type { AddressGuard } from './address-guard.js';
import { OutboundRefused } from './refusal.js';
import { SpanKind, withSpan } from '../observability/tracing.js';
import { injectTraceContext } from '../observability/trace-context.js';

/** A document fetched this way is at most this large (client metadata documents are a few KiB). */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * fetch() whose every connection goes through the address guard: the host name is resolved once,
 * at connect time, and refused when an address is not public, so a name that answers a public address
 * to an earlier check and a private one now (DNS rebinding) reaches nothing. Redirects are not
 * followed (the answer is returned as it is), bodies are bounded, and only http(s) is spoken; what the guard refuses
 * rejects with an OutboundRefused.
 * Each request is a CLIENT span (method, host, the URL without its query, the status); `propagate` sends the
 * trace context along (traceparent: our own webhook deliveries, not third parties' sites).
 */
export function guardedFetch(guard: AddressGuard, options: { propagate?: boolean } = {}): typeof fetch {
  return (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return Promise.reject(new OutboundRefused('scheme_not_allowed', url.hostname, `Cannot fetch ${url.protocol} URLs`));
    const method = init.method ?? 'GET';
    const attributes = {
      'http.request.method': method,
      'server.address': url.hostname,
      'url.full': `${url.origin}${url.pathname}`,
    };
    return withSpan(method, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers));
      if (options.propagate) injectTraceContext(headers);
      const response = await send(url, guard, { ...init, method, headers });
      span.setAttribute('http.response.status_code', response.status);
      return response;
    });
  };
}

/** One request through the guard's agents, its answer read whole (at most MAX_BODY_BYTES). */
function send(url: URL, guard: AddressGuard, init: RequestInit & { method: string; headers: Record<string, string> }): Promise<Response> {
  const secure = url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: init.method,
        headers: init.headers,
        agent: secure ? guard.httpsAgent : guard.httpAgent,
        signal: init.signal ?? undefined,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES)
            request.destroy(new OutboundRefused('too_large', url.hostname, `The answer of ${url.host} exceeds ${MAX_BODY_BYTES} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 502;
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
          }
          const body = status === 204 || status === 304 || chunks.length === 0 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: response.statusMessage, headers }));
        });
      },
    );
    request.on('error', reject);
    request.end(typeof init.body === 'string' ? init.body : undefined);
  });
}
