import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { TOOLSETS } from '../../src/registry/toolsets.js';
import { SCOPE_NAMES } from '../../src/accounts/caller.js';
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/events.js';

/**
 * /docs: Swagger UI from the installed swagger-ui-dist, its files from an allow-list under /docs/assets/;
 * the OpenAPI document's description (authentication, toolsets, webhooks, the site team); /docs/mcp. The
 * page in a browser: api-reference-browser.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

/** A request exactly as written (fetch would resolve the dots of a path before sending it). */
function rawGet(path: string): Promise<number> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      })
      .on('error', reject);
  });
}

const assetsOf = (page: string) => [...page.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]);

describe('/docs', () => {
  it('is the Swagger UI page for the OpenAPI document, under a policy allowing scripts only from this site', async () => {
    const response = await fetch(`${t.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = response.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives['default-src']).toBe("'none'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['style-src']).toBe("'self'");
    expect(directives['connect-src']).toBe(`'self' ${t.url}`);
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(policy).not.toContain('unsafe-');
    const page = await response.text();
    expect(page).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle=|\son\w+=/);
    expect(page).toContain('data-url="/api/v1/openapi.json"');
    expect(page).toContain('href="/docs/mcp"');
    expect(
      assetsOf(page)
        .map((url) => new URL(url, t.url).pathname)
        .sort(),
    ).toEqual(['/docs/assets/docs.css', '/docs/assets/docs.js', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css'].sort());
  });

  it("serves the package's own files, versioned, cached for a year, with their types, gzipped when asked", async () => {
    const page = await (await fetch(`${t.url}/docs`)).text();
    const version = (createRequire(import.meta.url)('swagger-ui-dist/package.json') as { version: string }).version;
    expect(assetsOf(page)).toContain(`/docs/assets/swagger-ui-bundle.js?v=${version}`);
    const bundle = await fetch(`${t.url}/docs/assets/swagger-ui-bundle.js?v=${version}`, { headers: { 'accept-encoding': 'identity' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('x-content-type-options')).toBe('nosniff');
    const installed = await readFile(createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'));
    expect(Buffer.from(await bundle.arrayBuffer()).equals(installed)).toBe(true);

    const css = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const { hostname, port } = new URL(t.url);
      http
        .get({ hostname, port, path: '/docs/assets/swagger-ui.css', headers: { 'accept-encoding': 'gzip' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(css.body).equals(await readFile(createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui.css')))).toBe(
      true,
    );

    const again = await fetch(`${t.url}/docs/assets/swagger-ui.css`, { headers: { 'if-none-match': css.headers.etag! } });
    expect(again.status).toBe(304);
    // The gzipped body is another representation, with a validator of its own.
    expect(css.headers.etag).toMatch(/-gzip"$/);
    const plain = await fetch(`${t.url}/docs/assets/swagger-ui.css`, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': css.headers.etag! },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('etag')).toBe(css.headers.etag!.replace(/-gzip"$/, '"'));

    const init = await fetch(`${t.url}/docs/assets/docs.js`);
    expect(init.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(await init.text()).toContain('SwaggerUIBundle(');
    const redirect = await fetch(`${t.url}/docs/assets/oauth2-redirect.html`);
    expect(redirect.headers.get('content-type')).toMatch(/^text\/html/);
    expect(redirect.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves nothing else: no listing, no other file of the package, no way out of it', async () => {
    for (const path of [
      '/docs/assets/',
      '/docs/assets',
      '/docs/assets/index.html',
      '/docs/assets/package.json',
      '/docs/assets/swagger-ui-bundle.js.map',
      '/docs/assets/constructor',
      '/docs/assets/../package.json',
      '/docs/assets/../../package.json',
      '/docs/assets/..%2f..%2fpackage.json',
      '/docs/assets/%2e%2e/%2e%2e/package.json',
      '/docs/assets/swagger-ui-bundle.js/../../../../package.json',
    ]) {
      expect(await rawGet(path), path).toBe(404);
    }
    const post = await fetch(`${t.url}/docs/assets/docs.js`, { method: 'POST' });
    expect(post.status).not.toBe(200);
  });

  it('keeps /docs#authentication, #toolsets, #webhooks and #site-team in the OpenAPI description', async () => {
    const openapi = await (await fetch(`${t.url}/api/v1/openapi.json`)).json();
    const description = openapi.info.description as string;
    for (const id of ['authentication', 'toolsets', 'webhooks', 'site-team']) expect(description).toContain(`<h2 id="${id}">`);
    expect(description).toContain(`(${t.url}/account/api-keys)`);
    expect(description).toContain(`resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(description).toContain('`/mcp?toolsets=directory,orders`');
    for (const scope of SCOPE_NAMES) expect(description).toContain(`\`${scope}\``);
    for (const toolset of Object.keys(TOOLSETS)) expect(description).toContain(`- \`${toolset}\`: `);
    for (const event of WEBHOOK_EVENT_TYPES) expect(description).toContain(`- \`${event}\`: `);
    // Links to operations are Swagger UI's deep links (#/<tag>/<operationId>), to operations that exist under that tag.
    const tagged = new Set(
      Object.values(openapi.paths).flatMap((ops) => Object.values(ops as object).map((op) => `${op.tags[0]}/${op.operationId}`)),
    );
    const linked = [...description.matchAll(/\(#\/(\w+\/\w+)\)/g)].map((m) => m[1]);
    expect(linked.length).toBeGreaterThan(0);
    for (const link of linked) expect(tagged.has(link), link).toBe(true);
  });
});

describe('/docs/mcp', () => {
  it("names the MCP address, every toolset, and exactly the server's resource templates and prompts", async () => {
    const response = await fetch(`${t.url}/docs/mcp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain(`<code>${t.url}/mcp</code>`);
    expect(page).toContain('<code>/mcp?toolsets=directory,orders</code>');
    for (const toolset of Object.keys(TOOLSETS)) expect(page).toContain(`<li><code>${toolset}</code>: `);
    const client = new Client({ name: 'docs-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      const { prompts } = await client.listPrompts();
      const documented = (pattern: RegExp) => [...page.matchAll(pattern)].map((m) => m[1]).sort();
      expect(documented(/<li><code>([^<]+\{\w+\})<\/code>/g)).toEqual(resourceTemplates.map((r) => r.uriTemplate).sort());
      expect(documented(/<li><code>(\w+)<\/code> \(/g)).toEqual(prompts.map((p) => p.name).sort());
      for (const prompt of prompts) {
        for (const argument of prompt.arguments ?? []) expect(page, `${prompt.name} ${argument.name}`).toContain(argument.name);
      }
    } finally {
      await client.close();
    }
    expect(page).toContain('href="/docs"');
  });
});
