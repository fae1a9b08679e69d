/** The owner's statistics page of a listing: server-drawn SVG charts with their numbers, the badge's sites, the CSV. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { FIXTURE_WEEK, insertStatsFixture, STATS_LAUNCH_WEEK, STATS_NOW } from '../support/listing-stats.js';
import { signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';

let t: PagesApp;
let owner: Awaited<ReturnType<typeof signedInBrowser>>;
let stranger: Awaited<ReturnType<typeof signedInBrowser>>;
let listingId: number;
/** A listing of the owner's scheduled for a later week, and one saved with no launch week yet. */
let scheduledId: number;
let draftId: number;
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
  scheduledId = await insertListing(t.db, { slug: 'stats-later', category_id: category, status: 'scheduled', launch_week: '2026-12-07' });
  draftId = await insertListing(t.db, { slug: 'stats-draft', category_id: category, status: 'draft' });
  for (const id of [scheduledId, draftId]) {
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [id, owner.id]);
  }
  await t.db.query(
    `INSERT INTO badge_impressions (listing_id, day, referrer_host, impressions) VALUES ($1::int, '2026-11-24', 'maker.example', 5)`,
    [scheduledId],
  );
});
afterAll(() => t?.close());

/** The totals: each term and its value as text. */
function totals(text: string): string[][] {
  const list = /<dl class="totals" id="totals"[^>]*>([\s\S]*?)<\/dl>/.exec(text)?.[1];
  if (!list) throw new Error('no totals');
  return [...list.matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map((entry) => [entry[1]!, entry[2]!]);
}

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
    // Every chart has the one look: a legend, colours by class (from the style sheet), never a colour of its own.
    expect(answer.text.match(/<p class="legend">/g)).toHaveLength(4);
    expect(answer.text).not.toMatch(/<svg role="img"[\s\S]*?(fill|stroke)="#/);
    expect(answer.text).toContain('<g class="bars s1">');
    expect(answer.text).toContain('<g class="line s2">'); // visitors, over the views' bars
    expect(answer.text).not.toContain('not-launched');
    expect(totals(answer.text)).toContainEqual(['Badge images shown', '16']);
    expect(totals(answer.text)).toContainEqual(['Best rank in the launch week', '#2']);
  });

  it('folds every per-day table away, its summary saying what it holds', async () => {
    const answer = await owner.browser.get(page());
    const disclosures = [...answer.text.matchAll(/<details([^>]*)><summary>([^<]*)<\/summary>\s*<table id="([a-z]+)-table">/g)];
    expect(disclosures.map((d) => [d[3], d[1], d[2]])).toEqual([
      ['views', '', 'Numbers per day: views and visitors (30 days)'],
      ['clicks', '', 'Numbers per day: clicks (30 days)'],
      ['votes', '', 'Numbers per day: votes (30 days)'],
      ['rank', '', 'Numbers per day: rank (3 days)'],
    ]);
    expect(answer.text).not.toMatch(/<details[^>]* open/);
  });

  it('says before launch that the numbers start on launch day, with the launch week and a link to the launch page', async () => {
    const scheduled = await owner.browser.get(`${t.url}/account/listings/${scheduledId}/stats`);
    expect(scheduled.status).toBe(200);
    const empty = /<p class="empty" id="not-launched">([\s\S]*?)<\/p>/.exec(scheduled.text)?.[1]?.replace(/<[^>]+>/g, '');
    expect(empty).toMatch(/^The numbers start on launch day\. .* launches in the week of 2026-12-07\./);
    expect(scheduled.text).toContain(`href="/account/listings/${scheduledId}/launch"`);
    // No charts nor tables of zeros, no periods; the badge's sites, which count before launch, are there.
    expect(scheduled.text).not.toContain('<svg role="img"');
    expect(scheduled.text).not.toContain('<details');
    expect(scheduled.text).not.toContain('id="totals"');
    expect(scheduled.text).not.toContain('aria-label="Period"');
    expect(tableRows(scheduled.text, 'referrers')).toEqual([['maker.example', '5']]);

    const draft = await owner.browser.get(`${t.url}/account/listings/${draftId}/stats`);
    expect(draft.status).toBe(200);
    expect(draft.text).toContain('The numbers start on launch day.');
    expect(draft.text).toContain('has no launch week yet.');
    expect(draft.text).toContain(`href="/account/listings/${draftId}/launch">Choose a launch week on its launch page</a>`);
    expect(draft.text).not.toContain('id="referrers"');

    // Launched, the same page has its numbers and no such sentence.
    await t.db.query(`UPDATE listings SET status = 'live', launched_at = now() WHERE id = $1`, [scheduledId]);
    const live = await owner.browser.get(`${t.url}/account/listings/${scheduledId}/stats`);
    expect(live.text).not.toContain('The numbers start on launch day');
    expect(live.text).toContain('<svg role="img"');
    expect(live.text).toContain('id="totals"');
    await t.db.query(`UPDATE listings SET status = 'scheduled', launched_at = NULL WHERE id = $1`, [scheduledId]);
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
