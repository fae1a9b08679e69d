import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { TestBrowser } from '../support/browser.js';
import { readOutbox, type OutboxEntry } from '../../src/mail/mailer.js';
import { expireClaims } from '../../src/claims/claims.js';
import { tickServiceClock } from '../../src/schedule/service-clock.js';
import { caller, person, type Call, type Person } from '../listings/support.js';

/**
 * Claims end to end over REST on the real service: a loopback DNS server (DNS_SERVERS) with right, wrong, missing and
 * multi-string TXT records, a loopback website with meta tags and /.well-known/ files, and the e-mailed link.
 */
const clock = { now: new Date('2026-11-25T09:00:00Z') };
let t: TestApp;
let call: Call;
let dns: TestDnsServer;
let site: Site;
let elsewhere: Site;
let category: number;

/** A website on a loopback port: its homepage, files by path, and an optional redirect of every path. */
interface Site {
  url: string;
  home: string;
  files: Map<string, string>;
  redirectTo?: string;
  close(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const site = { home: '<html><head><title>Home</title></head><body>Hello</body></html>', files: new Map() } as Site;
  const server = http.createServer((req, res) => {
    if (site.redirectTo) return void res.writeHead(302, { location: site.redirectTo }).end();
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(site.home);
    const file = site.files.get(req.url ?? '');
    if (file !== undefined) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(file);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  site.close = () => new Promise((resolve) => server.close(() => resolve()));
  return site;
}

beforeAll(async () => {
  dns = await startDnsServer();
  site = await startSite();
  elsewhere = await startSite();
  t = await startTestApp({
    now: () => new Date(clock.now),
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,localhost,claimco.example,www.mailco.example', DNS_SERVERS: dns.address },
    jobs: { processEveryMs: 100 },
  });
  call = caller(t);
  category = await insertCategory(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await dns?.close();
  await site?.close();
  await elsewhere?.close();
});

let counter = 0;
/** A live listing at `url`, owned by `owner` when given. */
async function listing(url: string, owner?: Person): Promise<string> {
  const slug = `claimable-${++counter}`;
  const id = await insertListing(t.db, { slug, url, category_id: category, status: 'live' });
  if (owner) await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, owner.id]);
  return slug;
}

const owned = async (who: Person) => (await call(who, 'GET', '/me/listings')).body.items.map((i: { slug: string }) => i.slug);

async function mailTo(address: string, subject: RegExp): Promise<OutboxEntry> {
  for (let i = 0; i < 100; i++) {
    const mail = (await readOutbox(t.db, { to: address })).find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

describe('a DNS claim', () => {
  it('tells what to publish, reports a missing, a wrong and then a multi-string record, and makes the claimant an owner', async () => {
    const founder = await person(t.db);
    const claimant = await person(t.db);
    const slug = await listing('https://claimco.example/', founder);
    const created = await call(claimant, 'POST', '/claims', { slug, method: 'dns' });
    expect(created.status).toBe(201);
    const claim = created.body;
    expect(claim).toMatchObject({ listing_slug: slug, method: 'dns', status: 'pending', domain: 'claimco.example', last_check: null });
    expect(claim.publish.record).toEqual({
      type: 'TXT',
      name: '_launch-directory.claimco.example',
      value: `launch-directory-verification=${claim.token}`,
    });
    expect(claim.instructions).toContain(claim.publish.record.value);
    expect(Date.parse(claim.expires_at) - clock.now.getTime()).toBe(14 * 86_400_000);

    const missing = await call(claimant, 'POST', `/claims/${claim.id}/verify`);
    expect(missing.status).toBe(200);
    expect(missing.body.status).toBe('pending');
    expect(missing.body.last_check.finding).toMatch(/No TXT record at _launch-directory\.claimco\.example/);

    dns.records.set('_launch-directory.claimco.example', ['v=spf1 -all', 'launch-directory-verification=someone-elses-token']);
    const wrong = await call(claimant, 'POST', `/claims/${claim.id}/verify`);
    expect(wrong.body.status).toBe('pending');
    expect(wrong.body.last_check.finding).toMatch(/token differs.*someone-elses-token/);

    const value = claim.publish.record.value as string;
    dns.records.set('_launch-directory.claimco.example', ['v=spf1 -all', [value.slice(0, 20), value.slice(20)]]);
    const verified = await call(claimant, 'POST', `/claims/${claim.id}/verify`);
    expect(verified.body).toMatchObject({ status: 'verified', id: claim.id });
    expect(verified.body.verified_at).toBe(clock.now.toISOString());
    expect(await owned(claimant)).toContain(slug);
    expect(await owned(founder)).toContain(slug);
    const note = await mailTo(founder.email, /is now an owner/);
    expect(note.text).toContain(claimant.email);
    expect(note.text).toContain('DNS TXT record on claimco.example');

    // Verified: checking again changes nothing; claiming a listing one owns is a conflict.
    expect((await call(claimant, 'POST', `/claims/${claim.id}/verify`)).body.status).toBe('verified');
    expect((await call(claimant, 'POST', '/claims', { slug, method: 'meta' })).status).toBe(409);
    expect(dns.questions).toContain('_launch-directory.claimco.example');
  });
});

describe('meta and file claims', () => {
  it('find the tag on the homepage, after saying what was there instead', async () => {
    const claimant = await person(t.db);
    const slug = await listing(site.url);
    const claim = (await call(claimant, 'POST', '/claims', { slug, method: 'meta' })).body;
    expect(claim.publish.meta_tag).toBe(`<meta name="launch-directory-verification" content="${claim.token}">`);
    site.home = '<html><head><title>Home</title></head><body>no tag</body></html>';
    const none = await call(claimant, 'POST', `/claims/${claim.id}/verify`);
    expect(none.body.last_check.finding).toMatch(/no <meta name="launch-directory-verification"> tag/);
    site.home = '<html><head><meta name="launch-directory-verification" content="not-it"></head></html>';
    expect((await call(claimant, 'POST', `/claims/${claim.id}/verify`)).body.last_check.finding).toMatch(/holds "not-it"/);
    site.home = `<html><head>${claim.publish.meta_tag}</head><body>Hello</body></html>`;
    expect((await call(claimant, 'POST', `/claims/${claim.id}/verify`)).body.status).toBe('verified');
    expect(await owned(claimant)).toContain(slug);
  });

  it('find the file under /.well-known/, and do not take a redirect to another site as proof', async () => {
    const claimant = await person(t.db);
    const slug = await listing(site.url);
    const claim = (await call(claimant, 'POST', '/claims', { slug, method: 'file' })).body;
    expect(claim.publish.file).toEqual({ url: `${site.url}.well-known/launch-directory-verification.txt`, content: claim.token });
    const absent = await call(claimant, 'POST', `/claims/${claim.id}/verify`);
    expect(absent.body.last_check.finding).toMatch(/answered 404/);

    // The same token, served by another site the listing's site redirects to: no proof.
    elsewhere.files.set('/.well-known/launch-directory-verification.txt', `${claim.token}\n`);
    site.redirectTo = `${elsewhere.url.replace('127.0.0.1', 'localhost')}.well-known/launch-directory-verification.txt`;
    const redirected = await call(claimant, 'POST', `/claims/${claim.id}/verify`);
    expect(redirected.body.status).toBe('pending');
    expect(redirected.body.last_check.finding).toMatch(/redirects to localhost:\d+, which is not 127\.0\.0\.1/);
    site.redirectTo = undefined;

    site.files.set('/.well-known/launch-directory-verification.txt', 'wrong-token\n');
    expect((await call(claimant, 'POST', `/claims/${claim.id}/verify`)).body.last_check.finding).toMatch(/holds "wrong-token"/);
    site.files.set('/.well-known/launch-directory-verification.txt', `${claim.token}\n`);
    expect((await call(claimant, 'POST', `/claims/${claim.id}/verify`)).body.status).toBe('verified');
  });

  it('two accounts proving control at once both become owners, each once', async () => {
    const [first, second] = [await person(t.db), await person(t.db)];
    const slug = await listing(site.url);
    const claims = [
      (await call(first, 'POST', '/claims', { slug, method: 'meta' })).body,
      (await call(second, 'POST', '/claims', { slug, method: 'meta' })).body,
    ];
    site.home = `<html><head>${claims[0].publish.meta_tag}${claims[1].publish.meta_tag}</head></html>`;
    const answers = await Promise.all([
      call(first, 'POST', `/claims/${claims[0].id}/verify`),
      call(second, 'POST', `/claims/${claims[1].id}/verify`),
      call(first, 'POST', `/claims/${claims[0].id}/verify`),
    ]);
    expect(answers.map((a) => a.body.status)).toEqual(['verified', 'verified', 'verified']);
    const owners = await t.db.query('SELECT account_id FROM listing_owners o JOIN listings l ON l.id = o.listing_id WHERE l.slug = $1', [
      slug,
    ]);
    expect(owners).toHaveLength(2);
  });
});

describe('an e-mail claim', () => {
  it('refuses a free-mail domain and an address at another domain, then verifies by the mailed link and its button', async () => {
    const claimant = await person(t.db);
    const free = await listing('https://gmail.com/');
    const refused = await call(claimant, 'POST', '/claims', { slug: free, method: 'email', email: 'me@gmail.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: '/email', message: expect.stringMatching(/given to anyone/) }]);

    const slug = await listing('https://www.mailco.example/');
    const other = await call(claimant, 'POST', '/claims', { slug, method: 'email', email: 'me@elsewhere.example' });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].message).toMatch(/must be at mailco\.example/);
    const noAddress = await call(claimant, 'POST', '/claims', { slug, method: 'email' });
    expect(noAddress.body.errors.map((e: { path: string }) => e.path)).toEqual(['/email']);

    const claim = (await call(claimant, 'POST', '/claims', { slug, method: 'email', email: 'Founder@MailCo.example' })).body;
    expect(claim).toMatchObject({ method: 'email', email: 'founder@mailco.example', token: null, status: 'pending' });
    const refusedVerify = await call(claimant, 'POST', `/claims/${claim.id}/verify`);
    expect(refusedVerify.status).toBe(409);

    const mail = await mailTo('founder@mailco.example', /Confirm the claim/);
    expect(mail.text).toContain(claimant.email);
    const link = /http\S+\/claims\/confirm\?token=\S+/.exec(mail.text)![0].replace(/^https?:\/\/[^/]+/, t.url);
    const browser = new TestBrowser();
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm the claim');
    expect(await owned(claimant)).not.toContain(slug); // opening the link verifies nothing
    const confirmed = await browser.post(`${t.url}/claims/confirm`, { csrf: page.field('csrf'), token: page.field('token') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('is now an owner');
    expect(await owned(claimant)).toContain(slug);
    expect((await call(claimant, 'GET', '/claims')).body.items[0]).toMatchObject({ id: claim.id, status: 'verified' });

    const again = await browser.post(`${t.url}/claims/confirm`, { csrf: page.field('csrf'), token: page.field('token') });
    expect(again.status).toBe(400);
    expect((await new TestBrowser().get(link)).status).toBe(400);
  });
});

describe('claims and their owner', () => {
  it('404 for an unknown listing, another account’s claim on every operation, 401 without sign-in', async () => {
    const [one, other] = [await person(t.db), await person(t.db)];
    expect((await call(one, 'POST', '/claims', { slug: 'no-such-listing', method: 'dns' })).status).toBe(404);
    const slug = await listing('https://claimco.example/');
    const claim = (await call(one, 'POST', '/claims', { slug, method: 'dns' })).body;
    const foreign = await call(other, 'POST', `/claims/${claim.id}/verify`);
    expect(foreign.status).toBe(404);
    expect((await call(other, 'GET', '/claims')).body).toMatchObject({ items: [], total: 0 });
    expect((await call(null, 'POST', '/claims', { slug, method: 'dns' })).status).toBe(401);
    expect((await call(null, 'GET', '/claims')).status).toBe(401);
    expect((await call(null, 'POST', `/claims/${claim.id}/verify`)).status).toBe(401);
    expect((await call(one, 'POST', '/claims/999999/verify')).status).toBe(404);
  });

  it('answers the pending claim again (switched to the method asked for) and lists claims newest first', async () => {
    const who = await person(t.db);
    const [a, b] = [await listing('https://claimco.example/'), await listing('https://claimco.example/')];
    const first = (await call(who, 'POST', '/claims', { slug: a, method: 'dns' })).body;
    const again = (await call(who, 'POST', '/claims', { slug: a, method: 'dns' })).body;
    expect(again).toEqual(first);
    const switched = (await call(who, 'POST', '/claims', { slug: a, method: 'file' })).body;
    expect(switched).toMatchObject({ id: first.id, method: 'file', token: first.token });
    clock.now = new Date(clock.now.getTime() + 60_000);
    const second = (await call(who, 'POST', '/claims', { slug: b, method: 'meta' })).body;
    const list = (await call(who, 'GET', '/claims?per_page=1')).body;
    expect(list).toMatchObject({ total: 2, has_more: true });
    expect(list.items.map((c: { id: number }) => c.id)).toEqual([second.id]);
  });

  it('refuses a listing whose website is at a private address, and email with another method', async () => {
    const who = await person(t.db);
    const slug = await listing('http://10.1.2.3/');
    const refused = await call(who, 'POST', '/claims', { slug, method: 'meta' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ path: '/slug', message: expect.stringMatching(/private/) });
    const mixed = await call(who, 'POST', '/claims', {
      slug: await listing('https://claimco.example/'),
      method: 'dns',
      email: 'a@claimco.example',
    });
    expect(mixed.body.errors.map((e: { path: string }) => e.path)).toEqual(['/email']);
  });

  it('limits e-mail claims to 10 an hour per account (each mails an address at the domain)', async () => {
    const who = await person(t.db);
    const slug = await listing('https://www.mailco.example/');
    for (let i = 0; i < 10; i++) {
      const answer = await call(who, 'POST', '/claims', { slug, method: 'email', email: 'team@mailco.example' });
      expect(answer.status).toBe(201);
    }
    const refused = await call(who, 'POST', '/claims', { slug, method: 'email', email: 'team@mailco.example' });
    expect(refused.status).toBe(429);
    expect((await call(who, 'POST', '/claims', { slug, method: 'dns' })).status).toBe(201);
  });

  it('limits checks to 5 a minute per claim (429 with Retry-After)', async () => {
    const who = await person(t.db);
    const claim = (await call(who, 'POST', '/claims', { slug: await listing('https://claimco.example/'), method: 'dns' })).body;
    dns.records.delete('_launch-directory.claimco.example');
    for (let i = 0; i < 5; i++) expect((await call(who, 'POST', `/claims/${claim.id}/verify`)).status).toBe(200);
    const response = await fetch(`${t.url}/api/v1/claims/${claim.id}/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}` },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('expires a pending claim after 14 days: verify says so, and the daily job marks it', async () => {
    const who = await person(t.db);
    const claim = (await call(who, 'POST', '/claims', { slug: await listing('https://claimco.example/'), method: 'dns' })).body;
    clock.now = new Date(clock.now.getTime() + 14 * 86_400_000 + 1);
    const late = await call(who, 'POST', `/claims/${claim.id}/verify`);
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/expired/);
    expect(await expireClaims(t.db, clock.now)).toBe(0); // verify marked it already
    expect((await call(who, 'GET', '/claims')).body.items[0]).toMatchObject({ id: claim.id, status: 'expired' });
    const other = (await call(who, 'POST', '/claims', { slug: await listing('https://claimco.example/'), method: 'dns' })).body;
    clock.now = new Date(clock.now.getTime() + 15 * 86_400_000);
    // The listings' clock starts the day's expire_claims job once; the job marks the claim.
    expect(await tickServiceClock(t.db, t.app.services.jobs, t.app.recurring, clock.now)).toContain(
      `expire_claims ${clock.now.toISOString().slice(0, 10)}`,
    );
    await t.app.services.jobs.idle(15_000);
    expect((await call(who, 'GET', '/claims')).body.items[0]).toMatchObject({ id: other.id, status: 'expired' });
    expect(await expireClaims(t.db, clock.now)).toBe(0);
  });
});
