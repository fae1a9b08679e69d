import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, type PagesApp, signedInBrowser, startPagesApp } from '../auth/pages/page-flows.js';
import type { PageResponse, TestBrowser } from '../support/browser.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { PRODUCTS_SQL } from '../orders/support.js';

/**
 * The paid launch on the website (issue 49, part 3): the directory's products and prices, a quote with its VAT and
 * the reason in words, the checkout of that quote and, in test mode, the payment through to live or scheduled.
 * Refusals stand beside their fields with what was typed kept; someone else's listing is 404; forged forms do nothing.
 */
let t: PagesApp;
let categoryId: number;

beforeAll(async () => {
  t = await startPagesApp();
  await t.db.script(PRODUCTS_SQL);
  categoryId = await insertCategory(t.db, { name: `Analytics ${Date.now()}` });
}, 60_000);
afterAll(() => t?.close());

/** A saved, unpublished listing owned by `accountId`. */
async function draftListing(accountId: string): Promise<number> {
  const id = await insertListing(t.db, { category_id: categoryId, status: 'draft' });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, accountId]);
  return id;
}

const ordersOf = async (accountId: string) =>
  (await t.db.query<{ number: string; status: string }>('SELECT number, status FROM orders WHERE account_id = $1', [accountId])).map(
    (r) => r.status,
  );

const listingRow = async (id: number) =>
  (await t.db.one<{ status: string; plan: string; launch_week: string | null }>(
    `SELECT status, plan, to_char(launch_week, 'YYYY-MM-DD') AS launch_week FROM listings WHERE id = $1`,
    [id],
  ))!;

/** The Monday of the week after next (UTC, the site's default time zone), as YYYY-MM-DD. */
function mondayInTwoWeeks(): string {
  const day = new Date(t.clock.now);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) + 14);
  return day.toISOString().slice(0, 10);
}

/** The hidden fields of the quote's "Go to checkout" form. */
function checkoutFields(page: PageResponse): Record<string, string> {
  const form = /<form method="post" action="[^"]*\/checkout">([\s\S]*?)<\/form>/.exec(page.text);
  if (!form) throw new Error(`no checkout form on ${page.url}`);
  return Object.fromEntries([...form[1].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
}

/** Pays the order of the checkout page the browser was sent to (test mode), answering that page. */
async function pay(browser: TestBrowser, location: string): Promise<PageResponse> {
  expect(location).toMatch(/^\/checkout\/[A-Z0-9-]+$/);
  const page = await browser.get(`${t.url}${location}`);
  expect(page.text).toContain('Test mode.');
  return browser.post(`${t.url}${location}`, { csrf: page.field('csrf') });
}

describe('the paid launch on the website', () => {
  it('shows the products and prices, quotes with the VAT in words, checks out and pays in test mode: live', async () => {
    const person = await signedInBrowser(t);
    const id = await draftListing(person.id);
    const launch = await person.browser.get(`${t.url}/account/listings/${id}/launch`);
    expect(launch.text).toContain(`<a href="/account/listings/${id}/paid">Choose a paid launch</a>`);
    expect(launch.text).not.toContain('comes next');

    const page = await person.browser.get(`${t.url}/account/listings/${id}/paid`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toMatch(/<strong>Launch<\/strong><br><span class="muted">A paid launch<\/span><\/td><td[^>]*>\$49\.00<\/td>/);
    expect(page.text).toContain('no money is taken');
    expect(page.text).toContain('<option value="DE">Germany</option>');

    // A business elsewhere in the EU with a valid VAT number: reverse charge, said in words.
    const csrf = page.field('csrf');
    const quoted = await person.browser.post(`${t.url}/account/listings/${id}/paid`, {
      csrf,
      buy_launch: '1',
      'launch.week': '',
      'launch.categories': '',
      billing_country: 'FR',
      vat_number: 'FR 40 303 265 045',
    });
    expect(quoted.status).toBe(200);
    expect(quoted.text).toContain('<h2 id="quote">Your quote</h2>');
    expect(quoted.text).toMatch(/Launch · live when paid<\/td><td>\$49\.00<\/td><td>\$0\.00<\/td><td>\$49\.00<\/td>/);
    expect(quoted.text).toContain('Reverse charge: VAT to be accounted for by the recipient (FR40303265045)');
    expect(quoted.text).toContain('<option value="FR" selected>France</option>');
    expect(quoted.text).toContain('value="FR 40 303 265 045"');
    expect(await ordersOf(person.id)).toEqual([]);

    // A consumer in the seller's country: VAT at its rate.
    const domestic = await person.browser.post(`${t.url}/account/listings/${id}/paid`, { csrf, buy_launch: '1', billing_country: 'DE' });
    expect(domestic.text).toMatch(/<td>\$49\.00<\/td><td>\$9\.31<\/td><td>\$58\.31<\/td>/);
    expect(domestic.text).toContain('DE VAT at 19%: the buyer is in the seller&#39;s country.');

    // Checkout of exactly what was quoted, then the order's checkout page, paid in test mode: live.
    const fields = checkoutFields(domestic);
    expect(fields).toMatchObject({ buy_launch: '1', billing_country: 'DE' });
    const checkout = await person.browser.post(`${t.url}/account/listings/${id}/checkout`, fields, { follow: false });
    expect(checkout.status).toBe(303);
    expect(await ordersOf(person.id)).toEqual(['pending']);
    const paid = await pay(person.browser, checkout.location!);
    expect(paid.text).toContain('is paid (test mode). The listing is live now.');
    expect(await ordersOf(person.id)).toEqual(['paid']);
    expect(await listingRow(id)).toMatchObject({ status: 'live', plan: 'paid' });
    const after = await person.browser.get(`${t.url}/account/listings/${id}/launch`);
    expect(after.text).toMatch(/<p class="notice" role="status">Live: <a href="[^"]+">/);
    // Paid for now: the paid page sells no second launch.
    const again = await person.browser.get(`${t.url}/account/listings/${id}/paid`);
    expect(again.text).toContain('This listing is already live.');
    expect(again.text).not.toContain('<button type="submit">Quote</button>');
  });

  it('a launch week ahead: paid, the listing is scheduled for it and the launch page says so', async () => {
    const person = await signedInBrowser(t);
    const id = await draftListing(person.id);
    const week = mondayInTwoWeeks();
    const csrf = await csrfOf(t, person.browser, `/account/listings/${id}/paid`);
    const quoted = await person.browser.post(`${t.url}/account/listings/${id}/paid`, {
      csrf,
      buy_launch: '1',
      'launch.week': week,
      billing_country: 'US',
    });
    expect(quoted.text).toContain(`Launch · week of ${week}`);
    expect(quoted.text).toContain('No VAT: the buyer is outside the EU (US).');
    const checkout = await person.browser.post(`${t.url}/account/listings/${id}/checkout`, checkoutFields(quoted), { follow: false });
    const paid = await pay(person.browser, checkout.location!);
    expect(paid.text).toContain(`The launch is scheduled for the week of ${week}.`);
    expect(await listingRow(id)).toEqual({ status: 'scheduled', plan: 'paid', launch_week: week });
    const launch = await person.browser.get(`${t.url}/account/listings/${id}/launch`);
    expect(launch.text).toContain(`Scheduled for the week of <strong>${week}</strong>`);
  });

  it('refuses an invalid VAT number, a past week and an unknown product beside their fields, keeping what was typed', async () => {
    const person = await signedInBrowser(t);
    const id = await draftListing(person.id);
    const csrf = await csrfOf(t, person.browser, `/account/listings/${id}/paid`);
    const refused = await person.browser.post(`${t.url}/account/listings/${id}/paid`, {
      csrf,
      buy_launch: '1',
      'launch.week': '2020-01-08',
      'launch.categories': 'No such category',
      billing_country: 'FR',
      vat_number: 'FR00303265045',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/<div class="error" role="alert" id="refused"><p>Nothing was quoted: 3 things need a change\.<\/p>/);
    expect(refused.text).toMatch(/<p id="pay-launch-week-error" class="error" role="alert">The week of 2020-01-06 is past/);
    expect(refused.text).toMatch(/<p id="pay-launch-categories-error" class="error" role="alert">No category &quot;No such category&quot;/);
    expect(refused.text).toMatch(/<p id="pay-vat_number-error" class="error" role="alert">FR00303265045 is not a valid VAT number/);
    expect(refused.text).toContain(
      'id="pay-vat_number" name="vat_number" type="text" maxlength="20" autocomplete="off" spellcheck="false" value="FR00303265045" style="width:16rem" aria-invalid="true"',
    );
    expect(refused.text).toContain('id="pay-launch-week" name="launch.week" type="date" value="2020-01-08"');
    expect(refused.text).toContain('value="No such category"');
    expect(refused.text).toContain('<option value="FR" selected>France</option>');
    expect(refused.text).not.toContain('Your quote');

    // A product no longer on sale (a stale or forged form): in the summary, since it has no field of its own.
    const unknown = await person.browser.post(`${t.url}/account/listings/${id}/paid`, {
      csrf,
      buy_launch: '1',
      buy_nope: '1',
      billing_country: 'US',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toMatch(/role="alert" id="refused">[\s\S]*<li>No product &quot;nope&quot; is on sale/);

    // The checkout refuses the same way (a week past by the time it is sent), and saves no order.
    const checkout = await person.browser.post(
      `${t.url}/account/listings/${id}/checkout`,
      { csrf, buy_launch: '1', 'launch.week': '2020-01-08', billing_country: 'DE' },
      { follow: false },
    );
    expect(checkout.status).toBe(400);
    expect(checkout.text).toContain('Nothing was ordered: one thing needs a change.');
    expect(checkout.text).toContain('value="2020-01-08"');
    expect(await ordersOf(person.id)).toEqual([]);
  });

  it("answers 404 for someone else's listing, on the page and both forms, and orders nothing", async () => {
    const owner = await signedInBrowser(t);
    const id = await draftListing(owner.id);
    const other = await signedInBrowser(t);
    const page = await other.browser.get(`${t.url}/account/listings/${id}/paid`);
    expect(page.status).toBe(404);
    const csrf = await csrfOf(t, other.browser, '/submit');
    for (const action of ['paid', 'checkout']) {
      const answer = await other.browser.post(
        `${t.url}/account/listings/${id}/${action}`,
        { csrf, buy_launch: '1', billing_country: 'US' },
        { follow: false },
      );
      expect(answer.status).toBe(404);
    }
    expect(await ordersOf(other.id)).toEqual([]);
    expect((await other.browser.get(`${t.url}/account/listings/not-a-number/paid`)).status).toBe(404);
  });

  it('a forged checkout (no token, or a foreign Origin) changes nothing', async () => {
    const person = await signedInBrowser(t);
    const id = await draftListing(person.id);
    const csrf = await csrfOf(t, person.browser, `/account/listings/${id}/paid`);
    const fields = { buy_launch: '1', billing_country: 'US' };
    const noToken = await person.browser.post(`${t.url}/account/listings/${id}/checkout`, fields, { follow: false });
    expect(noToken.status).toBe(403);
    const foreign = await person.browser.post(
      `${t.url}/account/listings/${id}/checkout`,
      { ...fields, csrf },
      { follow: false, headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('Nothing was changed');
    expect(await ordersOf(person.id)).toEqual([]);
    // The same form from the page itself works (the checks above could fail).
    const real = await person.browser.post(`${t.url}/account/listings/${id}/checkout`, { ...fields, csrf }, { follow: false });
    expect(real.status).toBe(303);
    expect(await ordersOf(person.id)).toEqual(['pending']);
  });
});
