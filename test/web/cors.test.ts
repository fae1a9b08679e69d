import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

const ORIGIN = 'https://app.example';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

function preflight(path: string, method: string, headers: string): Promise<Response> {
  return fetch(`${t.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

function listed(response: Response, header: string): string[] {
  return (response.headers.get(header) ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

function expectOpenPreflight(response: Response, method: string, headers: string[]): void {
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(listed(response, 'access-control-allow-methods')).toContain(method.toLowerCase());
  expect(listed(response, 'access-control-allow-headers')).toEqual(expect.arrayContaining(headers.map((name) => name.toLowerCase())));
  expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

function expectOpenAnswer(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(listed(response, 'access-control-expose-headers')).toEqual(
    expect.arrayContaining([
      'request-id',
      'ratelimit',
      'ratelimit-policy',
      'retry-after',
      'idempotent-replayed',
      'www-authenticate',
      'location',
      'mcp-session-id',
      'mcp-protocol-version',
    ]),
  );
}

const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};
const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

describe('CORS on the REST API', () => {
  it('lets a page of any origin call a public operation', async () => {
    expectOpenPreflight(await preflight('/api/v1/categories', 'GET', 'authorization'), 'GET', ['Authorization']);
    const response = await fetch(`${t.url}/api/v1/categories`, { headers: { origin: ORIGIN } });
    expect(response.status).toBe(200);
    expectOpenAnswer(response);
  });

  it('lets a page send a bearer credential and an idempotency key, and read a 401 with its challenge', async () => {
    expectOpenPreflight(await preflight('/api/v1/drafts', 'POST', 'authorization, content-type, idempotency-key'), 'POST', [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
    ]);
    const response = await fetch(`${t.url}/api/v1/me`, { headers: { origin: ORIGIN, authorization: 'Bearer ldk_unknown' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expectOpenAnswer(response);
  });

  it('keeps the headers on a route that does not exist', async () => {
    const response = await fetch(`${t.url}/api/v1/no-such-route`, { headers: { origin: ORIGIN } });
    expect(response.status).toBe(404);
    expectOpenAnswer(response);
  });

  it('leaves an OPTIONS that is not a preflight to the API (Allow)', async () => {
    const response = await fetch(`${t.url}/api/v1/categories`, { method: 'OPTIONS' });
    expect(response.headers.get('allow')).toContain('GET');
  });
});

describe('CORS on MCP', () => {
  it('answers a preflight from any browser origin, before the Origin check, with the MCP headers', async () => {
    const response = await preflight(
      '/mcp',
      'POST',
      'authorization, content-type, mcp-protocol-version, mcp-session-id, mcp-method, mcp-name, mcp-param-slug, last-event-id',
    );
    expectOpenPreflight(response, 'POST', [
      'Authorization',
      'Content-Type',
      'Mcp-Protocol-Version',
      'Mcp-Session-Id',
      'Mcp-Method',
      'Mcp-Name',
      'Mcp-Param-Slug',
      'Last-Event-ID',
    ]);
  });

  it('does not allow request headers outside its list', async () => {
    const response = await preflight('/mcp', 'POST', 'x-custom-header');
    expect(listed(response, 'access-control-allow-headers')).not.toContain('x-custom-header');
  });

  it('answers an allowed origin with the headers a client reads', async () => {
    const response = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: 'http://localhost:5173' },
      body: toolsList,
    });
    expect(response.status).toBe(200);
    expectOpenAnswer(response);
  });

  it('still refuses a foreign Origin and a foreign Host on real requests, readably', async () => {
    const foreignOrigin = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, origin: ORIGIN }, body: toolsList });
    expect(foreignOrigin.status).toBe(403);
    expectOpenAnswer(foreignOrigin);
    const foreignHost = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${t.url}/mcp`);
      const request = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...mcpHeaders, host: 'rebound.example' } },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      request.on('error', reject);
      request.end(toolsList);
    });
    expect(foreignHost).toBe(403);
  });
});

describe('CORS on the metadata documents and the OAuth endpoints', () => {
  it('opens the protected-resource and authorization-server metadata, with one Allow-Origin', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']) {
      expectOpenPreflight(await preflight(path, 'GET', 'mcp-protocol-version'), 'GET', ['Mcp-Protocol-Version']);
      const response = await fetch(`${t.url}${path}`, { headers: { origin: ORIGIN } });
      expect(response.status, path).toBe(200);
      expectOpenAnswer(response);
    }
  });

  it('opens dynamic client registration, which oidc-provider leaves without CORS', async () => {
    expectOpenPreflight(await preflight('/oauth/register', 'POST', 'content-type'), 'POST', ['Content-Type']);
    const response = await fetch(`${t.url}/oauth/register`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none' }),
    });
    expect(response.status).toBe(201);
    expectOpenAnswer(response);
  });

  it("leaves the token endpoint to oidc-provider's CORS: the Origin echoed once, no credentials", async () => {
    const response = await preflight('/oauth/token', 'POST', 'content-type');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('no CORS on pages', () => {
  it('gives sign-in, the authorization endpoint and the docs no Access-Control header', async () => {
    for (const path of ['/signin', '/oauth/authorize?client_id=unknown', '/docs']) {
      const response = await fetch(`${t.url}${path}`, { headers: { origin: ORIGIN }, redirect: 'manual' });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const signinPreflight = await preflight('/signin', 'POST', 'content-type');
    expect(signinPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
