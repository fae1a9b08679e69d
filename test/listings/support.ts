import http from 'node:http';
import { SCOPE_NAMES } from '../../src/accounts/caller.js';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../support/app.js';
import { makeAccount } from '../support/oauth.js';
import { insertCategory, insertListing, type ListingFields } from '../support/fixtures.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import type { Database } from '../../src/db/database.js';
import { insertDraft } from '../../src/drafting/draft-store.js';

/** A signed-in person (no staff role) with an API key of every scope such a person can be given. */
export interface Person {
  id: string;
  email: string;
  key: string;
}

export async function person(db: Database): Promise<Person> {
  const account = await makeAccount(db);
  const { key } = await createApiKey(db, {
    accountId: account.id,
    name: 'test',
    scopes: SCOPE_NAMES.filter((scope) => scope !== 'admin'),
    now: new Date(),
  });
  return { id: account.id, email: account.email, key };
}

export type Call = (who: Person | null, method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

export function caller(t: TestApp): Call {
  return async (who, method, path, body) => {
    const response = await fetch(`${t.url}/api/v1${path}`, {
      method,
      headers: {
        ...(who && { authorization: `Bearer ${who.key}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}

/** A listing owned by `owner` (status draft unless given). */
export async function ownedListing(
  db: Database,
  owner: Person,
  fields: Partial<ListingFields> = {},
): Promise<{ id: number; slug: string }> {
  const category_id = fields.category_id ?? (await insertCategory(db));
  const id = await insertListing(db, { status: 'draft', ...fields, category_id });
  await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, owner.id]);
  const row = await db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]);
  return { id, slug: row!.slug };
}

/** A small website on a loopback port whose homepage, robots.txt and redirect a test changes as it goes. */
export interface TestSite {
  url: string;
  home: string;
  robots: string;
  /** When set, the homepage redirects there. */
  redirectTo?: string;
  hits: number;
  close(): Promise<void>;
}

export async function startSite(home = '<html><body><h1>Welcome</h1></body></html>'): Promise<TestSite> {
  const site = { home, robots: 'User-agent: *\nAllow: /\n', hits: 0 } as TestSite;
  const server = http.createServer((req, res) => {
    site.hits++;
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(site.robots);
    } else if (req.url === '/' && site.redirectTo) {
      res.writeHead(302, { location: site.redirectTo }).end();
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(site.home);
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  site.close = () => new Promise((resolve) => server.close(() => resolve()));
  return site;
}

/** The app with a clock the test moves, crawling allowed on loopback. */
export async function startOwnerApp(clock: { now: Date }, timeZone = 'UTC'): Promise<TestApp> {
  return startTestApp({
    now: () => new Date(clock.now),
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    prepare: async (db) => {
      await db.query(`INSERT INTO site_settings (key, value) VALUES ('time_zone', $1::jsonb)`, [JSON.stringify(timeZone)]);
    },
  });
}

/** A draft of `owner`'s at a new address under `host` that the crawl has finished with (nothing found): ready for a person to fill in. */
export async function readyDraft(db: Database, owner: Person, host: string): Promise<string> {
  const draft = await insertDraft(
    db,
    owner.id,
    `https://${host}-${Date.now()}-${Math.random().toString(36).slice(2)}.example/`,
    new Date(),
  );
  await db.query(`UPDATE drafts SET status = 'ready' WHERE id = $1`, [draft.id]);
  return draft.id;
}
