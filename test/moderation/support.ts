import type { TestApp } from '../support/app.js';
import { readJsonRpc } from '../support/oauth.js';

/** Where the public sees a listing right now, read anonymously over REST, MCP and the site. */
export type Surface =
  | 'search_listings'
  | 'list_launches this-week'
  | 'list_launches trending'
  | 'weekly board'
  | 'get_listing'
  | 'listing page'
  | 'sitemap'
  | 'home page'
  | 'launches feed'
  | 'MCP resources';

export const ALL_SURFACES: Surface[] = [
  'search_listings',
  'list_launches this-week',
  'list_launches trending',
  'weekly board',
  'get_listing',
  'listing page',
  'sitemap',
  'home page',
  'launches feed',
  'MCP resources',
];

const json = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as any };
};
const text = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
};
const slugs = (items: { slug: string }[]) => items.map((item) => item.slug);

/** Every MCP resource URI, following the cursors (anonymous). */
async function resourceUris(baseUrl: string): Promise<string[]> {
  const uris: string[] = [];
  let cursor: string | undefined;
  for (let id = 1; id < 100; id++) {
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'resources/list', params: cursor ? { cursor } : {} }),
    });
    const { result } = await readJsonRpc(response);
    uris.push(...(result.resources as { uri: string }[]).map((resource) => resource.uri));
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return uris;
}

/** The public surfaces that show the listing `slug` (named `name`) on the app at `baseUrl`. */
export async function surfacesShowing(baseUrl: string, listing: { slug: string; name: string }): Promise<Surface[]> {
  const { slug, name } = listing;
  const api = `${baseUrl}/api/v1`;
  const [search, week, trending, board, profile, page, sitemap, home, feed, resources] = await Promise.all([
    json(`${api}/listings?q=${encodeURIComponent(name)}&per_page=100`),
    json(`${api}/launches?section=this-week&per_page=100`),
    json(`${api}/launches?section=trending&per_page=100`),
    json(`${api}/leaderboards/community-weekly?per_page=100`),
    json(`${api}/listings/${slug}`),
    text(`${baseUrl}/listings/${slug}`),
    text(`${baseUrl}/sitemaps/listings-1.xml`),
    text(`${baseUrl}/`),
    text(`${baseUrl}/feeds/launches.xml`),
    resourceUris(baseUrl),
  ]);
  const shown: Surface[] = [];
  if (slugs(search.body.items).includes(slug)) shown.push('search_listings');
  if (slugs(week.body.items).includes(slug)) shown.push('list_launches this-week');
  if (slugs(trending.body.items).includes(slug)) shown.push('list_launches trending');
  if ((board.body.items as { listing: { slug: string } }[]).some((entry) => entry.listing.slug === slug)) shown.push('weekly board');
  if (profile.status === 200) shown.push('get_listing');
  if (page.status === 200) shown.push('listing page');
  if (sitemap.text.includes(`/listings/${slug}<`)) shown.push('sitemap');
  if (home.text.includes(`href="/listings/${slug}"`)) shown.push('home page');
  if (feed.text.includes(`/listings/${slug}`)) shown.push('launches feed');
  if (resources.includes(`${baseUrl}/listings/${slug}`)) shown.push('MCP resources');
  return shown;
}

/** A REST call with an API key and, optionally, an Idempotency-Key. */
export async function restCall(
  t: TestApp | { url: string },
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.url}/api/v1${path}`, {
    method,
    headers: {
      ...(key && { authorization: `Bearer ${key}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
