import http from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { captureLog, type CapturedLog } from '../logging/capture.js';
import { logUnhandledError, requestLog } from '../../src/web/request-log.js';
import { keepHeadersOnErrors } from '../../src/web/error-headers.js';

let t: TestApp;
let log: CapturedLog;
beforeAll(async () => {
  log = captureLog();
  t = await startTestApp({ log: log.logger });
});
afterAll(() => t?.close());

async function get(path: string, init: RequestInit = {}): Promise<{ response: Response; requestId: string; text: string }> {
  const response = await fetch(`${t.url}${path}`, init);
  const text = await response.text();
  return { response, requestId: response.headers.get('request-id')!, text };
}

describe('the request log of the app', () => {
  it('writes one line per request with its id, method, path, status, duration and client address', async () => {
    const { response, requestId } = await get('/api/v1/categories');
    expect(response.status).toBe(200);
    const line = await log.requestLine(requestId);
    expect(line).toMatchObject({
      level: 'info',
      request_id: requestId,
      method: 'GET',
      path: '/api/v1/categories',
      status: 200,
      msg: 'request',
    });
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    expect(line.ip).toMatch(/127\.0\.0\.1$/);
    expect(line).not.toHaveProperty('account_id');
    expect(typeof line.time).toBe('string');
    expect(log.requestLines(requestId)).toHaveLength(1);
  });

  it('logs the path only, never the query string', async () => {
    const { requestId } = await get('/api/v1/listings?q=query-words-kept-out&per_page=5');
    expect((await log.requestLine(requestId)).path).toBe('/api/v1/listings');
    expect(log.text()).not.toContain('query-words-kept-out');
  });

  it('quotes in the log the request id that the Request-Id header and the problem body carry', async () => {
    const { response, requestId, text } = await get('/api/v1/listings/no-such-listing');
    expect(response.status).toBe(404);
    expect(JSON.parse(text).request_id).toBe(requestId);
    expect(await log.requestLine(requestId)).toMatchObject({ level: 'info', status: 404, path: '/api/v1/listings/no-such-listing' });
  });

  it('logs refusals (401), MCP, OAuth server and page answers the same way, once each', async () => {
    const answers = await Promise.all([
      get('/api/v1/me'),
      get('/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
      get('/.well-known/oauth-authorization-server'),
      get('/signin'),
      get('/no-such-page'),
    ]);
    const lines = await Promise.all(answers.map(({ requestId }) => log.requestLine(requestId)));
    expect(lines.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['GET', '/api/v1/me', 401],
      ['POST', '/mcp', 200],
      ['GET', '/.well-known/oauth-authorization-server', 200],
      ['GET', '/signin', 200],
      ['GET', '/no-such-page', 404],
    ]);
    for (const { requestId } of answers) expect(log.requestLines(requestId)).toHaveLength(1);
  });

  it('logs a 5xx at error level with the error and its stack, which the answer does not show', async () => {
    await t.db.query('ALTER TABLE blog_posts RENAME TO blog_posts_moved_away');
    try {
      const { response, requestId, text } = await get('/api/v1/blog');
      expect(response.status).toBe(500);
      const problem = JSON.parse(text);
      expect(problem.request_id).toBe(requestId);
      expect(text).not.toContain('blog_posts');
      expect(text).not.toMatch(/\n\s+at /);

      expect(await log.requestLine(requestId)).toMatchObject({ level: 'error', status: 500, path: '/api/v1/blog' });
      const failure = log.lines().find((line) => line.request_id === requestId && line.err);
      expect(failure).toMatchObject({ level: 'error', msg: 'operation failed' });
      expect(failure!.err.message).toContain('blog_posts');
      expect(failure!.err.stack).toMatch(/\n\s+at /);

      const viaMcp = await get('/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_blog_posts', arguments: {} } }),
      });
      expect(viaMcp.text).not.toContain('blog_posts_moved_away');
      await log.requestLine(viaMcp.requestId);
      const mcpFailure = log.lines().find((line) => line.request_id === viaMcp.requestId && line.err);
      expect(mcpFailure).toMatchObject({ level: 'error', msg: 'MCP request failed' });
      expect(mcpFailure!.err.stack).toMatch(/\n\s+at /);
    } finally {
      await t.db.query('ALTER TABLE blog_posts_moved_away RENAME TO blog_posts');
    }
  });
});

describe('requestLog on its own', () => {
  async function serve(app: Koa, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  function appWith(log: CapturedLog, handler: Koa.Middleware): Koa {
    const app = new Koa();
    app.on('error', logUnhandledError(log.logger));
    app.use(keepHeadersOnErrors());
    app.use(async (ctx, next) => {
      ctx.state.requestId = `req-${ctx.path.slice(1)}`;
      ctx.set('Request-Id', ctx.state.requestId);
      await next();
    });
    app.use(requestLog(log.logger));
    app.use(handler);
    return app;
  }

  it('names the signed-in account', async () => {
    const captured = captureLog();
    const app = appWith(captured, async (ctx) => {
      ctx.state.caller = { accountId: 'account-1', scopes: [] };
      ctx.body = { ok: true };
    });
    await serve(app, '/signed-in');
    expect(await captured.requestLine('req-signed-in')).toMatchObject({ account_id: 'account-1', status: 200 });
  });

  it('logs an error thrown past it once, with the request id and the stack, and lets Koa answer 500 with the Request-Id', async () => {
    const captured = captureLog();
    const app = appWith(captured, async () => {
      throw new Error('the handler broke');
    });
    const answer = await serve(app, '/broken');
    expect(answer.status).toBe(500);
    expect(answer.body).not.toContain('the handler broke');
    expect(answer.headers['request-id']).toBe('req-broken');
    const line = await captured.requestLine('req-broken');
    expect(line).toMatchObject({ level: 'error', status: 500, msg: 'request failed' });
    expect(line.err.message).toBe('the handler broke');
    expect(line.err.stack).toMatch(/\n\s+at /);
    expect(captured.lines().filter((entry) => entry.err)).toHaveLength(1);
  });

  it('logs a thrown 4xx at info level without an error', async () => {
    const captured = captureLog();
    const app = appWith(captured, async (ctx) => ctx.throw(403, 'no'));
    expect((await serve(app, '/forbidden')).status).toBe(403);
    const line = await captured.requestLine('req-forbidden');
    expect(line).toMatchObject({ level: 'info', status: 403 });
    expect(line).not.toHaveProperty('err');
  });
});
