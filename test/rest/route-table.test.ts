import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../rest/router.js';
import { createRegistry, loadRegistry } from '../../src/registry/registry.js';
import { RouteTable } from '../../rest/route-table.js';

const table = new RouteTable<string>();
table.add('GET', '/listings', 'search');
table.add('GET', '/listings/{slug}', 'get');
table.add('PATCH', '/me/listings/{listing_id}', 'update');
table.add('DELETE', '/me/listings/{listing_id}/milestones/{milestone_id}', 'delete milestone');

describe('the REST route table', () => {
  it('finds the operation and decodes its path parameters', () => {
    expect(table.match('GET', '/listings/caf%C3%A9-app')).toEqual({ kind: 'found', handler: 'get', params: { slug: 'café-app' } });
    expect(table.match('DELETE', '/me/listings/7/milestones/12')).toEqual({
      kind: 'found',
      handler: 'delete milestone',
      params: { listing_id: '7', milestone_id: '12' },
    });
    expect(table.match('GET', '/listings')).toEqual({ kind: 'found', handler: 'search', params: {} });
  });

  it('ignores one trailing slash and the letter case of fixed segments, never of parameters', () => {
    expect(table.match('GET', '/listings/')).toMatchObject({ handler: 'search' });
    expect(table.match('GET', '/Listings/Notion')).toEqual({ kind: 'found', handler: 'get', params: { slug: 'Notion' } });
  });

  it('keeps a parameter whose percent-encoding is broken as it was sent (validation then names it)', () => {
    expect(table.match('GET', '/listings/%E0%A4%A')).toMatchObject({ params: { slug: '%E0%A4%A' } });
  });

  it('runs a GET route for HEAD', () => {
    expect(table.match('HEAD', '/listings/notion')).toMatchObject({ kind: 'found', handler: 'get' });
  });

  it('names the methods of a known path that another method asked for', () => {
    expect(table.match('POST', '/listings/notion')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'HEAD'] });
    expect(table.match('GET', '/me/listings/7')).toEqual({ kind: 'method_not_allowed', allowed: ['PATCH'] });
  });

  it('finds nothing for unknown paths, empty parameters or extra segments', () => {
    expect(table.match('GET', '/nothing')).toEqual({ kind: 'not_found' });
    expect(table.match('GET', '/listings//')).toEqual({ kind: 'not_found' });
    expect(table.match('GET', '/listings/notion/extra')).toEqual({ kind: 'not_found' });
    expect(table.match('GET', '/')).toEqual({ kind: 'not_found' });
  });
});

describe('routes that can match the same path', () => {
  it('let a static segment win over a parameter, whichever was added first', () => {
    for (const order of [
      ['/categories/{slug}', '/categories/count'],
      ['/categories/count', '/categories/{slug}'],
    ]) {
      const routes = new RouteTable<string>();
      for (const path of order) routes.add('GET', path, path === '/categories/count' ? 'count' : 'get');
      expect(routes.match('GET', '/categories/count')).toEqual({ kind: 'found', handler: 'count', params: {} });
      expect(routes.match('GET', '/Categories/Count/')).toMatchObject({ handler: 'count' });
      expect(routes.match('GET', '/categories/tools')).toEqual({ kind: 'found', handler: 'get', params: { slug: 'tools' } });
    }
  });

  it('let the route with the most static segments win when one includes the other’s', () => {
    const routes = new RouteTable<string>();
    routes.add('GET', '/a/{x}/{y}', 'none');
    routes.add('GET', '/a/{x}/c', 'last');
    routes.add('GET', '/a/b/c', 'both');
    expect(routes.match('GET', '/a/b/c')).toMatchObject({ handler: 'both' });
    expect(routes.match('GET', '/a/z/c')).toMatchObject({ handler: 'last', params: { x: 'z' } });
    expect(routes.match('GET', '/a/b/z')).toMatchObject({ handler: 'none', params: { x: 'b', y: 'z' } });
  });

  it('are refused when added if neither is more specific, naming both operations', () => {
    const routes = new RouteTable<string>();
    routes.add('GET', '/a/{x}', 'first', 'get_first');
    expect(() => routes.add('GET', '/a/{y}', 'second', 'get_second')).toThrow(
      /Routes overlap: get_second \(GET \/a\/\{y\}\) and get_first \(GET \/a\/\{x\}\)/,
    );
    expect(() => routes.add('GET', '/A/{x}/', 'same')).toThrow(/GET \/A\/\{x\}\/ and get_first/);
    routes.add('GET', '/a/{x}/c', 'crossing');
    expect(() => routes.add('GET', '/a/b/{y}', 'crossed')).toThrow(/GET \/a\/b\/\{y\} and GET \/a\/\{x\}\/c/);
  });

  it('are allowed when their methods differ or a static segment tells them apart', () => {
    const routes = new RouteTable<string>();
    routes.add('GET', '/a/{x}', 'get');
    routes.add('PATCH', '/a/{x}', 'update');
    routes.add('GET', '/a/b', 'static');
    routes.add('GET', '/b/{x}', 'other');
    routes.add('GET', '/a/{x}/c', 'longer');
    expect(routes.match('GET', '/a/b')).toMatchObject({ handler: 'static' });
    expect(routes.match('DELETE', '/a/b')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'PATCH', 'HEAD'] });
  });
});

describe('the REST routes of tools/ (restRoutes, run by npm run check:routes)', () => {
  it('take every operation, none overlapping another', async () => {
    const registry = await loadRegistry();
    const routes = restRoutes(registry, 'openapi', (tool) => tool.name);
    expect(routes.match('GET', '/categories/developer-tools')).toMatchObject({ kind: 'found', handler: 'get_category' });
    expect(routes.match('GET', '/openapi.json')).toMatchObject({ kind: 'found', handler: 'openapi' });
  });

  it('refuse an operation whose route overlaps another, naming both', async () => {
    const registry = await loadRegistry();
    const getCategory = registry.get('get_category')!;
    const probe = { ...getCategory, name: 'zz_probe', http: { ...getCategory.http, path: '/categories/{id}' } };
    expect(() => restRoutes(createRegistry([...registry.tools, probe]), 'openapi', (tool) => tool.name)).toThrow(
      /zz_probe \(GET \/categories\/\{id\}\) and get_category \(GET \/categories\/\{slug\}\)/,
    );
  });
});
