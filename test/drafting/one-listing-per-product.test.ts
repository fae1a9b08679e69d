import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { rawToolCall, readJsonRpc } from '../support/oauth.js';
import { caller, person, type Call, type Person } from '../listings/support.js';
import type { CrawlResult } from '../../src/crawler/crawl-options.js';

/**
 * One listing per product, over REST (POST /api/v1/drafts) and MCP on the real app: the product is the site's
 * registrable domain. A product with a listing is refused (409 already_listed, naming the listing); the caller's open
 * draft of it is answered again (200, no second crawl). The crawl is a fake at the network edge that records what it
 * was asked to read, so public host names need no network.
 */
let t: TestApp;
let call: Call;
let category: number;
const crawled: string[] = [];
/** Hosts whose crawl fails (once each). */
const failing = new Set<string>();

async function fakeCrawl(url: string): Promise<CrawlResult> {
  crawled.push(url);
  const host = new URL(url).host;
  if (failing.delete(host)) return { ok: false, code: 'unreachable', reason: 'The site did not answer.' };
  const text = `Quillnote is a note-taking app for writers. It keeps research, drafts and outlines in one place.`;
  return {
    ok: true,
    finalUrl: url,
    pages: [
      {
        url,
        title: 'Quillnote – notes for writers',
        text,
        markup: [text],
        html: `<html><body><h1>Quillnote</h1><p>${text}</p></body></html>`,
      },
    ],
  };
}

beforeAll(async () => {
  t = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost' },
    jobs: { processEveryMs: 100 },
    drafting: { crawl: fakeCrawl },
  });
  call = caller(t);
  category = await insertCategory(t.db, { name: `Writing ${Date.now()}` });
}, 60_000);
afterAll(() => t?.close());

const crawlsOf = (host: string) => crawled.filter((url) => new URL(url).host === host).length;
const draftsOf = async (who: Person) =>
  Number((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM drafts WHERE account_id = $1', [who.id]))!.n);
const submit = (who: Person, url: string) => call(who, 'POST', '/drafts', { url });

async function settled(who: Person, id: string): Promise<{ status: string }> {
  for (let i = 0; i < 150; i++) {
    const { body } = await call(who, 'GET', `/drafts/${id}`);
    if (body.status !== 'crawling' && body.status !== 'drafting') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`draft ${id} never settled`);
}

describe('the caller’s open draft of a product', () => {
  it('is answered again for www. and any other subdomain of the site: 200, the same draft, no second crawl', async () => {
    const founder = await person(t.db);
    const first = await submit(founder, 'https://quillnote.com/');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'crawling', created: true });
    for (const again of ['https://www.quillnote.com/about', 'https://app.quillnote.com/', 'http://QUILLNOTE.com/pricing']) {
      const answer = await submit(founder, again);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: first.body.id, url: 'https://quillnote.com/', created: false });
    }
    expect(await draftsOf(founder)).toBe(1);
    expect((await settled(founder, first.body.id)).status).toBe('ready');
    await t.app.services.jobs.idle(10_000);
    expect(crawlsOf('quillnote.com') + crawlsOf('www.quillnote.com') + crawlsOf('app.quillnote.com')).toBe(1);

    // Ready is still open: answered again, not crawled again.
    const later = await submit(founder, 'https://www.quillnote.com/');
    expect(later).toMatchObject({ status: 200, body: { id: first.body.id, status: 'ready', created: false } });
    await t.app.services.jobs.idle(10_000);
    expect(crawlsOf('quillnote.com')).toBe(1);
  });

  it('is the caller’s own: another account submitting the same site gets a draft of its own', async () => {
    const [ana, tom] = [await person(t.db), await person(t.db)];
    const mine = await submit(ana, 'https://inkwell.com/');
    const theirs = await submit(tom, 'https://www.inkwell.com/');
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('keeps two customers of one hosting suffix apart: a.github.io and b.github.io are two products', async () => {
    const founder = await person(t.db);
    const ana = await submit(founder, 'https://ana.github.io/');
    const tom = await submit(founder, 'https://tom.github.io/');
    expect([ana.status, tom.status]).toEqual([201, 201]);
    expect(tom.body.id).not.toBe(ana.body.id);
    expect(await submit(founder, 'https://ana.github.io/notes/')).toMatchObject({ status: 200, body: { id: ana.body.id } });
    expect(await submit(founder, 'https://docs.tom.github.io/')).toMatchObject({ status: 200, body: { id: tom.body.id } });
    const [a, b] = [await submit(founder, 'https://a.vercel.app/'), await submit(founder, 'https://b.vercel.app/')];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await draftsOf(founder)).toBe(4);
  });

  it('counts host and port together for a site addressed by IP address or localhost', async () => {
    const founder = await person(t.db);
    const one = await submit(founder, 'http://127.0.0.1:4001/');
    const two = await submit(founder, 'http://127.0.0.1:4002/');
    const local = await submit(founder, 'http://localhost:4001/');
    expect([one.status, two.status, local.status]).toEqual([201, 201, 201]);
    expect(new Set([one.body.id, two.body.id, local.body.id]).size).toBe(3);
    expect(await submit(founder, 'http://127.0.0.1:4001/about')).toMatchObject({ status: 200, body: { id: one.body.id } });
    expect(await submit(founder, 'http://localhost:4001/x')).toMatchObject({ status: 200, body: { id: local.body.id } });
  });

  it('does not count when it failed: the site can be submitted again and is crawled again', async () => {
    const founder = await person(t.db);
    failing.add('flaky.com');
    const first = await submit(founder, 'https://flaky.com/');
    expect(first.status).toBe(201);
    expect((await settled(founder, first.body.id)).status).toBe('failed');
    const again = await submit(founder, 'https://www.flaky.com/');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'crawling', created: true });
    expect(again.body.id).not.toBe(first.body.id);
    expect((await settled(founder, again.body.id)).status).toBe('ready');
    expect(crawlsOf('flaky.com') + crawlsOf('www.flaky.com')).toBe(2);
  });

  it('makes one draft of two submissions at once', async () => {
    const founder = await person(t.db);
    const answers = await Promise.all([submit(founder, 'https://twice.com/'), submit(founder, 'https://www.twice.com/')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0].body.id).toBe(answers[1].body.id);
    expect(await draftsOf(founder)).toBe(1);
  });

  it('is answered again by MCP and replayed with its 200 under an Idempotency-Key', async () => {
    const founder = await person(t.db);
    const first = await submit(founder, 'https://replayed.com/');
    const headers = { authorization: `Bearer ${founder.key}`, 'content-type': 'application/json', 'idempotency-key': 'again-1' };
    const post = () =>
      fetch(`${t.url}/api/v1/drafts`, { method: 'POST', headers, body: JSON.stringify({ url: 'https://www.replayed.com/' }) });
    const answered = await post();
    expect(answered.status).toBe(200);
    const replay = await post();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).id).toBe(first.body.id);
    const mcp = await readJsonRpc(await rawToolCall(t.url, 'submit_listing', { url: 'https://replayed.com/x' }, `Bearer ${founder.key}`));
    expect(mcp.result.structuredContent).toMatchObject({ id: first.body.id, created: false });
  });
});

describe('a product with a listing', () => {
  it('is refused with 409 already_listed naming the listing’s slug and claim_listing, and no draft is made', async () => {
    await insertListing(t.db, { slug: 'tallyboard', url: 'https://www.tallyboard.io/', category_id: category, status: 'live' });
    const founder = await person(t.db);
    for (const url of ['https://tallyboard.io/', 'https://www.tallyboard.io/about', 'https://blog.tallyboard.io/']) {
      const refused = await submit(founder, url);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        status: 409,
        code: 'already_listed',
        slug: 'tallyboard',
        claim_with: 'claim_listing',
        detail: expect.stringMatching(/"tallyboard".*claim_listing/),
      });
      expect(refused.body).not.toHaveProperty('listing_id');
    }
    expect(await draftsOf(founder)).toBe(0);
    expect(crawlsOf('tallyboard.io') + crawlsOf('www.tallyboard.io') + crawlsOf('blog.tallyboard.io')).toBe(0);
    // Another product on the same suffix, and a name that merely ends the same way, are not it.
    expect((await submit(founder, 'https://nottallyboard.io/')).status).toBe(201);
  });

  it('counts whatever its status, and tells a listing not yet published apart', async () => {
    await insertListing(t.db, { slug: 'hushnote', url: 'https://hushnote.com', category_id: category, status: 'draft' });
    const refused = await submit(await person(t.db), 'https://www.hushnote.com/');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'already_listed', slug: 'hushnote', claim_with: 'claim_listing' });
    expect(refused.body.detail).toContain('once it is published');
  });

  it('refuses its own owner too, pointing at get_my_listing instead of a claim', async () => {
    const owner = await person(t.db);
    const id = await insertListing(t.db, { slug: 'ownnote', url: 'https://ownnote.com/', category_id: category, status: 'live' });
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, owner.id]);
    const refused = await submit(owner, 'https://app.ownnote.com/');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'already_listed',
      slug: 'ownnote',
      listing_id: id,
      detail: expect.stringContaining('get_my_listing'),
    });
    expect(refused.body).not.toHaveProperty('claim_with');
  });

  it('keeps another customer of its hosting suffix free, and a local site on another port', async () => {
    await insertListing(t.db, { slug: 'ana-pages', url: 'https://ana.github.io/', category_id: category, status: 'live' });
    await insertListing(t.db, { slug: 'local-5001', url: 'http://127.0.0.1:5001/', category_id: category, status: 'live' });
    const founder = await person(t.db);
    expect((await submit(founder, 'https://blog.ana.github.io/')).body).toMatchObject({ code: 'already_listed', slug: 'ana-pages' });
    expect((await submit(founder, 'https://bob.github.io/')).status).toBe(201);
    expect((await submit(founder, 'http://127.0.0.1:5001/about')).body).toMatchObject({ code: 'already_listed', slug: 'local-5001' });
    expect((await submit(founder, 'http://127.0.0.1:5002/')).status).toBe(201);
  });

  it('wins over the caller’s open draft of it, and is refused alike over MCP and in a replay', async () => {
    const founder = await person(t.db);
    const draft = await submit(founder, 'https://laterlisted.com/');
    expect(draft.status).toBe(201);
    await insertListing(t.db, { slug: 'laterlisted', url: 'https://laterlisted.com/', category_id: category, status: 'live' });
    expect((await submit(founder, 'https://laterlisted.com/')).body).toMatchObject({ status: 409, slug: 'laterlisted' });

    const mcp = await readJsonRpc(await rawToolCall(t.url, 'submit_listing', { url: 'https://laterlisted.com/' }, `Bearer ${founder.key}`));
    expect(mcp.result.isError).toBe(true);
    expect(JSON.parse(mcp.result.content[0].text)).toMatchObject({
      code: 'already_listed',
      slug: 'laterlisted',
      claim_with: 'claim_listing',
    });

    const headers = { authorization: `Bearer ${founder.key}`, 'content-type': 'application/json', 'idempotency-key': 'listed-1' };
    const post = () =>
      fetch(`${t.url}/api/v1/drafts`, { method: 'POST', headers, body: JSON.stringify({ url: 'https://laterlisted.com/' }) });
    await post();
    const replay = await post();
    expect(replay.status).toBe(409);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toMatchObject({ code: 'already_listed', slug: 'laterlisted', claim_with: 'claim_listing' });
  });
});
