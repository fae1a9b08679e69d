/** The owner's statistics page of a listing: server-drawn SVG charts with their numbers, the badge's sites, the CSV. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { insertCategory, insertListing } from '../../support/fixtures.js';
import { FIXTURE_WEEK, insertStatsFixture, STATS_LAUNCH_WEEK, STATS_NOW } from '../../support/listing-stats.js';
import { signedInBrowser, startPagesApp, type PagesApp } from './page-flows.js';

let t: PagesApp;
let owner: Awaited<ReturnType<typeof signedInBrowser>>;
let stranger: Awaited<ReturnType<typeof signedInBrowser>>;
let listingId: number;
const page = (query = '') => `${t.url}/account/listings/${listingId}/stats${query}`;

beforeAll(async () => {
  t = await startPagesApp(STATS_NOW);
  [owner, stranger] = [await signedInBrowser(t), await signedInBrowser(t)];
  const category = await insertCategory(t.db);
  listingId = await insertListing(t.db, {
    slug: 'stats-page',
    name: 'Chart <b>&</b> Co',
    category_id: category,
    launch_week: STATS_LAUNCH_WEEK,
  });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [listingId, owner.id]);
  await insertStatsFixture(t.db, listingId);
});
afterAll(() => t?.close());

/** The rows of the table with this id: each row's header and cells as text. */
function tableRows(text: string, id: string): string[][] {
  const table = new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`).exec(text)?.[1];
  if (!table) throw new Error(`no table #${id}`);
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(table)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '')),
  );
}

describe('the listing statistics page', () => {
  it('shows the owner each chart as an SVG image with a title and description, and its numbers in a table', async () => {
    const answer = await owner.browser.get(page('?days=7'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(answer.text).not.toContain('<script');
    expect(answer.text).toContain('Statistics of Chart &lt;b&gt;&amp;&lt;/b&gt; Co');
    for (const id of ['views', 'clicks', 'votes', 'rank']) {
      expect(answer.text).toMatch(new RegExp(`<svg role="img" aria-labelledby="${id}-title ${id}-desc"`));
      expect(answer.text).toContain(`<title id="${id}-title">`);
      expect(answer.text).toContain(`<desc id="${id}-desc">`);
      expect(answer.text).toMatch(new RegExp(`<table id="${id}-table"><caption>`));
    }
    expect(answer.text).toContain('<th scope="col">Views</th><th scope="col">Visitors</th>');
    expect(tableRows(answer.text, 'views-table')).toEqual(FIXTURE_WEEK.map((d) => [d.day, String(d.views), String(d.visitors)]));
    expect(tableRows(answer.text, 'clicks-table')).toEqual(FIXTURE_WEEK.map((d) => [d.day, String(d.clicks)]));
    expect(tableRows(answer.text, 'votes-table')).toEqual(FIXTURE_WEEK.map((d) => [d.day, String(d.votes)]));
    // The rank chart covers the launch week's days within the period: Monday 23 to today, Wednesday 25.
    expect(tableRows(answer.text, 'rank-table')).toEqual([
      ['2026-11-23', '3'],
      ['2026-11-24', '2'],
      ['2026-11-25', '–'],
    ]);
    expect(answer.text).toContain('17 views, 13 visitors. Most on 2026-11-23 (12).');
    expect(tableRows(answer.text, 'totals')).toContainEqual(['Badge images shown', '16']);
    expect(tableRows(answer.text, 'totals')).toContainEqual(['Best rank in the launch week', '#2']);
  });

  it('lists the sites showing the badge, the requests without a referrer apart', async () => {
    const answer = await owner.browser.get(page('?days=7'));
    expect(tableRows(answer.text, 'referrers')).toEqual([
      ['blog.example', '9'],
      ['news.example', '3'],
      ['No referrer (apps, mail, privacy settings)', '4'],
    ]);
  });

  it('offers the periods as plain links, the current one marked, and falls back to a month for anything else', async () => {
    const week = await owner.browser.get(page('?days=7'));
    for (const n of [30, 90, 365]) expect(week.text).toContain(`href="/account/listings/${listingId}/stats?days=${n}"`);
    expect(week.text).toContain(`href="/account/listings/${listingId}/stats?days=7" aria-current="page"`);
    expect(week.text).toContain(`href="/account/listings/${listingId}/stats.csv?days=7"`);
    for (const query of ['', '?days=3', '?days=abc', '?days=1000']) {
      const month = await owner.browser.get(page(query));
      expect(month.status).toBe(200);
      expect(month.text).toContain(`stats?days=30" aria-current="page"`);
      expect(tableRows(month.text, 'views-table')).toHaveLength(30);
    }
    const year = await owner.browser.get(page('?days=365'));
    expect(tableRows(year.text, 'views-table')).toHaveLength(365);
    expect(year.text).toContain('<summary>'); // a year of rows is folded away
  });

  it('is linked from the listing images page', async () => {
    const images = await owner.browser.get(`${t.url}/account/listings/${listingId}/images`);
    expect(images.text).toContain(`href="/account/listings/${listingId}/stats"`);
  });

  it("answers 404 for another account's listing and for an unknown or malformed one", async () => {
    for (const url of [page(), page('.csv'), `${t.url}/account/listings/2000000000/stats`, `${t.url}/account/listings/abc/stats`]) {
      const answer = await stranger.browser.get(url);
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('You own no listing with that number.');
      expect(answer.text).not.toContain('Chart');
    }
  });

  it('sends a visitor who is not signed in to sign in, coming back to the page', async () => {
    for (const url of [page(), page('.csv')]) {
      const answer = await new TestBrowser().get(url, { follow: false });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/signin?return_to=/account/listings/${listingId}/stats`);
    }
  });

  it('downloads the series as CSV: the columns, a row per day, an attachment with a safe name', async () => {
    const answer = await owner.browser.get(page('.csv?days=7'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="stats-page-stats-2026-11-19-to-2026-11-25.csv"');
    const lines = answer.text.split('\r\n');
    expect(lines[0]).toBe('day,views,visitors,clicks,votes,followers,comments,reviews,rank');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toEqual(
      FIXTURE_WEEK.map((d) => [d.day, d.views, d.visitors, d.clicks, d.votes, d.followers, d.comments, d.reviews, d.rank ?? ''].join(',')),
    );
    expect(lines[5]).toBe('2026-11-23,12,9,3,3,2,0,0,3');
    const month = await owner.browser.get(page('.csv'));
    expect(month.text.split('\r\n')).toHaveLength(32);
  });
});
