import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, type PagesApp, signedInBrowser, signIn } from '../auth/pages/page-flows.js';
import { startTestApp } from '../support/app.js';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * Claiming a listing from its page (issue 49, "Claims"): "Is this your product? Claim it" on every listing page, the
 * claim page for a signed-in person (claim_listing, verify_claim, list_my_claims as that person), a meta-tag claim
 * against a loopback website that fails before the tag is there and makes the person an owner after, and the refusals.
 */
let t: PagesApp;
let site: LoopbackSite;
let category: number;

/** A website on a loopback port whose homepage the test changes. */
interface LoopbackSite {
  url: string;
  home: string;
  close(): Promise<void>;
}

async function startSite(): Promise<LoopbackSite> {
  const state = { home: '<html><head><title>Home</title></head><body>Hello</body></html>' } as LoopbackSite;
  const server = http.createServer((req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(state.home);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

beforeAll(async () => {
  site = await startSite();
  const clock = { now: new Date() };
  const app = await startTestApp({ now: () => new Date(clock.now), env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,claimco.example' } });
  t = Object.assign(app, { clock, advance: (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)) });
  category = await insertCategory(t.db, { name: `Claims ${Date.now()}` });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

let counter = 0;
/** A public listing at `url` (by default the loopback site), owned by `owner` when given. */
async function listing(options: { url?: string; owner?: string; status?: 'draft' | 'live' } = {}) {
  const slug = `claim-page-${++counter}-${process.pid}`;
  const id = await insertListing(t.db, {
    slug,
    name: `Claimable ${counter}`,
    url: options.url ?? site.url,
    category_id: category,
    status: options.status ?? 'live',
  });
  if (options.owner) await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, options.owner]);
  return { slug, id, name: `Claimable ${counter}` };
}

const owns = async (accountId: string, listingId: number) =>
  (await t.db.one('SELECT 1 FROM listing_owners WHERE listing_id = $1 AND account_id = $2::uuid', [listingId, accountId])) !== undefined;
const claimsOf = async (accountId: string) =>
  t.db.query<{ id: number; method: string; status: string }>('SELECT id, method, status FROM claims WHERE account_id = $1::uuid', [
    accountId,
  ]);

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** A readonly box's content (what the person copies). */
const box = (page: PageResponse, id: string) => {
  const match = new RegExp(`<textarea id="${id}" readonly[^>]*>([^<]*)</textarea>`).exec(page.text);
  if (!match) throw new Error(`no box ${id} on ${page.url}`);
  return decode(match[1]);
};
/** The visible text of the page's main part. */
const words = (page: PageResponse) =>
  decode((/<main[^>]*>([\s\S]*)<\/main>/.exec(page.text)?.[1] ?? page.text).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));

/** Posts the claim page's start form as a browser would. */
async function start(browser: TestBrowser, slug: string, fields: Record<string, string>) {
  const page = await browser.get(`${t.url}/listings/${slug}/claim`);
  return browser.post(`${t.url}/listings/${slug}/claim`, { csrf: page.field('csrf'), ...fields }, { follow: false });
}

/** Presses the claim page's Verify button. */
async function verify(browser: TestBrowser, slug: string) {
  const page = await browser.get(`${t.url}/listings/${slug}/claim`);
  return browser.post(
    `${t.url}/listings/${slug}/claim/verify`,
    { csrf: page.field('csrf'), claim_id: page.field('claim_id') },
    { follow: false },
  );
}

describe('the claim link on listing pages', () => {
  it('is the same plain link for everyone, in the page kept for people not signed in too', async () => {
    const { slug } = await listing();
    const link = `<p class="muted">Is this your product? <a href="/listings/${slug}/claim">Claim it</a></p>`;
    for (let i = 0; i < 2; i++) expect((await new TestBrowser().get(`${t.url}/listings/${slug}`)).text).toContain(link);
    const person = await signedInBrowser(t);
    expect((await person.browser.get(`${t.url}/listings/${slug}`)).text).toContain(link);
  });

  it('sends a signed-out visitor to sign in and back; an unknown or unpublished listing answers 404', async () => {
    const { slug } = await listing();
    const away = await new TestBrowser().get(`${t.url}/listings/${slug}/claim`, { follow: false });
    expect(away.status).toBe(303);
    expect(away.location).toBe(`/signin?return_to=/listings/${slug}/claim`);
    const person = await signedInBrowser(t);
    const draft = await listing({ status: 'draft' });
    for (const path of ['no-such-listing', draft.slug, 'Not_A_Slug']) {
      const page = await person.browser.get(`${t.url}/listings/${path}/claim`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('No public listing has this address');
    }
    const posted = await start(person.browser, slug, { method: 'meta' });
    expect(posted.status).toBe(303);
    const csrf = (await person.browser.get(`${t.url}/listings/${slug}/claim`)).field('csrf');
    const refused = await person.browser.post(`${t.url}/listings/no-such-listing/claim`, { csrf, method: 'meta' }, { follow: false });
    expect(refused.status).toBe(404);
  });
});

describe('a claim by meta tag', () => {
  it('shows the tag to copy, reports what the homepage holds, then verifies and makes the person an owner', async () => {
    site.home = '<html><head><title>Home</title></head><body>Hello</body></html>';
    const founder = await signedInBrowser(t);
    const claimed = await listing({ owner: founder.id });
    const person = await signedInBrowser(t);

    const page = await person.browser.get(`${t.url}/listings/${claimed.slug}/claim`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`<title>Claim ${claimed.name}`);
    for (const method of ['dns', 'meta', 'file', 'email']) expect(page.text).toContain(`name="method" value="${method}"`);
    expect(page.text).toContain('Start the claim');

    const started = await start(person.browser, claimed.slug, { method: 'meta', email: 'ignored@elsewhere.example' });
    expect(started.status).toBe(303);
    expect(started.location).toBe(`/listings/${claimed.slug}/claim?done=started`);
    const [claim] = await claimsOf(person.id);
    expect(claim).toMatchObject({ method: 'meta', status: 'pending' });

    // The instructions in words, the exact tag in a box to copy, and the Verify button; a returning person sees them again.
    const shown = await person.browser.get(`${t.url}${started.location}`);
    expect(shown.text).toContain('Your claim is started.');
    const tag = box(shown, 'claim-meta');
    expect(tag).toMatch(/^<meta name="launch-directory-verification" content="[^"]+">$/);
    expect(words(shown)).toContain(`Add this tag inside the <head> of the homepage, ${site.url}`);
    expect(shown.text).toContain('<button type="submit">Verify</button>');
    expect(shown.field('claim_id')).toBe(String(claim.id));
    const elsewhere = new TestBrowser();
    await signIn(t, elsewhere, person.email);
    expect(box(await elsewhere.get(`${t.url}/listings/${claimed.slug}/claim`), 'claim-meta')).toBe(tag);

    // Not there yet: what was looked for, where, what was found, and when to try again.
    const early = await verify(person.browser, claimed.slug);
    expect(early.status).toBe(303);
    expect(early.location).toBe(`/listings/${claimed.slug}/claim?done=checked`);
    const notYet = words(await person.browser.get(`${t.url}${early.location}`));
    expect(notYet).toContain('Not found yet');
    expect(notYet).toContain(`${site.url} answered, but has no <meta name="launch-directory-verification"> tag in its HTML.`);
    expect(notYet).toContain(`We looked for ${tag} in the HTML of ${site.url}.`);
    expect(notYet).toContain('press Verify again');
    expect(await owns(person.id, claimed.id)).toBe(false);

    site.home = `<html><head><title>Home</title>${tag}</head><body>Hello</body></html>`;
    const done = await verify(person.browser, claimed.slug);
    expect(done.location).toBe(`/listings/${claimed.slug}/claim?done=verified`);
    const verified = await person.browser.get(`${t.url}${done.location}`);
    expect(words(verified)).toContain(`Verified: you own ${claimed.name} now.`);
    expect(verified.text).toContain('<a href="/account">your account</a>');
    expect(verified.text).toContain(`<a href="/account/listings/${claimed.id}/launch">Manage this listing</a>`);
    expect(await owns(person.id, claimed.id)).toBe(true);
    expect(await owns(founder.id, claimed.id)).toBe(true);
    expect((await claimsOf(person.id))[0].status).toBe('verified');
    // The owner's pages answer now: the launch page (get_my_listing) and the account's list.
    const launch = await person.browser.get(`${t.url}/account/listings/${claimed.id}/launch`);
    expect(launch.text).toContain(`<a href="/account/listings/${claimed.id}/edit">Edit</a>`);
    expect((await person.browser.get(`${t.url}/account`)).text).toContain(claimed.name);

    // Coming back: the listing is theirs, with the verified claim listed.
    const again = await person.browser.get(`${t.url}/listings/${claimed.slug}/claim`);
    expect(words(again)).toContain('You already own this listing: there is nothing to claim.');
    expect(words(again)).toContain('Your earlier claims of this listing');
    expect(again.text).not.toContain('Start the claim');
  });
});

describe('refusals', () => {
  it('keeps what was typed, with the message beside its field and a summary', async () => {
    const person = await signedInBrowser(t);
    const { slug } = await listing({ url: 'https://claimco.example/' });

    const noMethod = await start(person.browser, slug, { method: 'carrier-pigeon' });
    expect(noMethod.status).toBe(400);
    expect(noMethod.text).toContain(
      '<p id="claim-method-error" class="error" role="alert">Choose one of the four ways to prove the claim.</p>',
    );
    expect(noMethod.text).toMatch(
      /<div class="error" role="alert" id="claim-problem"><p style="margin:0"><strong>The claim was not started\.<\/strong>/,
    );

    const elsewhere = await start(person.browser, slug, { method: 'email', email: 'me@elsewhere.example' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.text).toMatch(/<p id="claim-email-error" class="error" role="alert">The address must be at claimco\.example/);
    expect(elsewhere.text).toContain('value="me@elsewhere.example" aria-invalid="true" aria-describedby="claim-email-error"');
    expect(elsewhere.text).toContain('id="claim-method-email" name="method" value="email" checked');

    const malformed = await start(person.browser, slug, { method: 'email', email: 'not an address' });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('value="not an address"');
    expect(malformed.text).toContain('<p id="claim-email-error" class="error" role="alert">');

    const missing = await start(person.browser, slug, { method: 'email', email: '' });
    expect(missing.text).toContain('method &quot;email&quot; needs an address at claimco.example');
    expect(await claimsOf(person.id)).toEqual([]);

    // An address at the domain: the link is mailed, and the page says so instead of offering Verify.
    const mailed = await start(person.browser, slug, { method: 'email', email: 'Founder@claimco.example' });
    expect(mailed.location).toBe(`/listings/${slug}/claim?done=emailed`);
    const page = await person.browser.get(`${t.url}${mailed.location}`);
    expect(page.text).toContain('We e-mailed a link to <strong>founder@claimco.example</strong>.');
    expect(page.text).not.toContain('<button type="submit">Verify</button>');
  });

  it('says so on a listing the person owns, and for a claim that is not theirs', async () => {
    const person = await signedInBrowser(t);
    const own = await listing({ owner: person.id });
    const page = await person.browser.get(`${t.url}/listings/${own.slug}/claim`);
    expect(words(page)).toContain('You already own this listing: there is nothing to claim.');
    expect(page.text).not.toContain('action="/listings/');
    const csrf = await csrfOf(t, person.browser, '/submit');
    const forced = await person.browser.post(`${t.url}/listings/${own.slug}/claim`, { csrf, method: 'meta' }, { follow: false });
    expect(forced.status).toBe(409);
    expect(words(forced)).toContain('You already own this listing: there is nothing to claim.');

    const other = await signedInBrowser(t);
    const { slug } = await listing();
    await start(other.browser, slug, { method: 'dns' });
    const theirs = (await claimsOf(other.id))[0].id;
    const refused = await person.browser.post(
      `${t.url}/listings/${slug}/claim/verify`,
      { csrf, claim_id: String(theirs) },
      { follow: false },
    );
    expect(refused.status).toBe(404);
    expect(words(refused)).toContain('You have no such claim of this listing.');
    const junk = await person.browser.post(`${t.url}/listings/${slug}/claim/verify`, { csrf, claim_id: 'one' }, { follow: false });
    expect(junk.status).toBe(400);
  });

  it('shows the rate limit of checks in words, with when to try again', async () => {
    const person = await signedInBrowser(t);
    const { slug } = await listing();
    await start(person.browser, slug, { method: 'file' });
    const page = await person.browser.get(`${t.url}/listings/${slug}/claim`);
    expect(box(page, 'claim-file-url')).toBe(`${new URL(site.url).origin}/.well-known/launch-directory-verification.txt`);
    for (let i = 0; i < 5; i++) expect((await verify(person.browser, slug)).status).toBe(303);
    const limited = await verify(person.browser, slug);
    expect(limited.status).toBe(429);
    expect(words(limited)).toMatch(/At most 5 checks a minute per claim\. Try again in \d+ seconds\./);
    // The claim and its instructions stay on the page.
    expect(box(limited, 'claim-file-content')).toBe(box(page, 'claim-file-content'));
    t.advance(61);
    expect((await verify(person.browser, slug)).status).toBe(303);
  });
});

describe('forged forms', () => {
  it('change nothing without a token or from a foreign origin', async () => {
    const person = await signedInBrowser(t);
    const { slug } = await listing();
    const page = await person.browser.get(`${t.url}/listings/${slug}/claim`);
    const csrf = page.field('csrf');
    const noToken = await person.browser.post(`${t.url}/listings/${slug}/claim`, { method: 'meta' }, { follow: false });
    expect(noToken.status).toBe(403);
    const foreign = await person.browser.post(
      `${t.url}/listings/${slug}/claim`,
      { csrf, method: 'meta' },
      { follow: false, headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(await claimsOf(person.id)).toEqual([]);

    await start(person.browser, slug, { method: 'meta' });
    const [claim] = await claimsOf(person.id);
    const forgedVerify = await person.browser.post(
      `${t.url}/listings/${slug}/claim/verify`,
      { csrf, claim_id: String(claim.id) },
      { follow: false, headers: { origin: 'https://evil.example' } },
    );
    expect(forgedVerify.status).toBe(403);
    expect(forgedVerify.text).toContain('Nothing was changed');
    expect(await t.db.one('SELECT checked_at FROM claims WHERE id = $1', [claim.id])).toEqual({ checked_at: null });
  });
});
