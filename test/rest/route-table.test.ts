import { describe, expect, it } from 'vitest';
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
