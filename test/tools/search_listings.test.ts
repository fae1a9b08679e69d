import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/search_listings.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, insertVotes, type ListingFields } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Page {
  items: { slug: string; status: string; votes: number }[];
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}

const NOW = new Date('2031-03-12T12:00:00Z');
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const search = async (input: Record<string, unknown>) =>
  (await callTool(
    tool,
    testServices(t.db, () => NOW),
    input,
  )) as unknown as Page;
const slugs = (page: Page) => page.items.map((i) => i.slug);

/** Rebuilds the typo dictionary from the listings, as the daily refresh does. */
async function refreshSearchTerms() {
  await t.db.script(`TRUNCATE search_terms;
    INSERT INTO search_terms (term, documents)
    SELECT word, ndoc FROM ts_stat('SELECT listing_dictionary_vector(l) FROM listings l WHERE status IN (''live'', ''scheduled'')') WHERE length(word) >= 2`);
}

async function slugOf(category: number): Promise<string> {
  return (await t.db.one<{ slug: string }>('SELECT slug FROM categories WHERE id = $1', [category]))!.slug;
}

async function listingIn(category: number, fields: Partial<ListingFields> & { slug: string }) {
  return insertListing(t.db, { category_id: category, ...fields });
}

describe('search_listings: typo-tolerant text', () => {
  it('finds a name despite a typo ("notin" finds Notion)', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'notion', name: 'Notion', tagline: 'The connected workspace for docs and wikis' });
    await refreshSearchTerms();
    expect(slugs(await search({ q: 'notin' }))).toContain('notion');
    expect(slugs(await search({ q: 'Notion' }))[0]).toBe('notion');
  });

  it('finds a misspelled word of a tagline ("calender" finds "calendar")', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'cal-planner', name: 'Plannr', tagline: 'A shared calendar for busy teams' });
    await refreshSearchTerms();
    expect(slugs(await search({ q: 'calender' }))).toContain('cal-planner');
  });

  it('matches a word typed so far as a prefix, and keywords and descriptions too', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'kw-match', keywords: ['photosynthesis'] });
    await listingIn(category, { slug: 'desc-match', description: 'Grows with hydroponicsystems of any size.' });
    await refreshSearchTerms();
    expect(slugs(await search({ q: 'photosynth', category: await slugOf(category) }))).toEqual(['kw-match']);
    expect(slugs(await search({ q: 'hydroponicsystems', category: await slugOf(category) }))).toEqual(['desc-match']);
  });

  it('answers the listings with every word when there are any, each word in any of its spellings and forms', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'both-words', tagline: 'quokka dashboards for zookeepers' });
    await listingIn(category, { slug: 'one-word', tagline: 'quokka photos' });
    await refreshSearchTerms();
    const exact = (await search({ q: 'quokka zookeepers' })) as Page & { query_reading: Record<string, unknown> };
    expect(slugs(exact)).toEqual(['both-words']);
    expect(exact.query_reading).toEqual({ corrected_q: null, all_words_matched: true, unmatched_words: [], ignored_words: [] });
    expect(slugs(await search({ q: 'quoka zookepers' }))).toEqual(['both-words']);
    // Word forms: "zookeeper" and "dashboard" find "zookeepers" and "dashboards"; "for" is a stop word, left out.
    const forms = (await search({ q: 'dashboard for a zookeeper' })) as Page & { query_reading: Record<string, unknown> };
    expect(slugs(forms)).toEqual(['both-words']);
    expect(forms.query_reading).toMatchObject({ all_words_matched: true, ignored_words: ['for', 'a'] });
    expect(slugs(await search({ q: 'quokka' })).sort()).toEqual(['both-words', 'one-word']);
  });

  it('answers the listings with the most words when none has every word, and names the words that matched nothing', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'two-of-three', tagline: 'wombat burrow maps' });
    await listingIn(category, { slug: 'one-of-three', tagline: 'wombat food' });
    await listingIn(category, { slug: 'unrelated', tagline: 'kangaroo races' });
    await refreshSearchTerms();
    const page = (await search({ q: 'wombat burrow xylqvwtz' })) as Page & { query_reading: Record<string, unknown> };
    // At least half the words (2 of 3): the listing with one word of three is left out.
    expect(slugs(page)).toEqual(['two-of-three']);
    expect(page.total).toBe(1);
    expect(page.query_reading).toEqual({ corrected_q: null, all_words_matched: false, unmatched_words: ['xylqvwtz'], ignored_words: [] });
    // Two words, neither held together: a listing with either, the one with the rarer word first.
    const either = (await search({ q: 'kangaroo wombat' })) as Page & { query_reading: Record<string, unknown> };
    expect(slugs(either)[0]).toBe('unrelated');
    expect(slugs(either).sort()).toEqual(['one-of-three', 'two-of-three', 'unrelated']);
    expect(either.query_reading).toMatchObject({ all_words_matched: false, unmatched_words: [] });
  });

  it('finds a product whose name was typed another way when no listing holds the words ("quillfox" for "Quill Fox")', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'quill-fox', name: 'Quill Fox', tagline: 'Essays for the curious' });
    await refreshSearchTerms();
    const joined = (await search({ q: 'quillfox' })) as Page & { query_reading: Record<string, unknown> };
    expect(slugs(joined)).toEqual(['quill-fox']);
    expect(joined.query_reading).toMatchObject({ all_words_matched: false, unmatched_words: ['quillfox'] });
    // Within the filters asked for.
    expect(slugs(await search({ q: 'quillfox', status: 'upcoming' }))).toEqual([]);
    // Nonsense still finds nothing.
    expect(slugs(await search({ q: 'zzqxvwk' }))).toEqual([]);
  });

  it('says how it corrected a misspelt word', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'cal-one', tagline: 'A shared calendar' });
    await listingIn(category, { slug: 'cal-two', tagline: 'The calendar for rowing crews' });
    await refreshSearchTerms();
    const page = (await search({ q: 'calender rowing' })) as Page & { query_reading: Record<string, unknown> };
    expect(slugs(page)).toEqual(['cal-two']);
    expect(page.query_reading).toMatchObject({ corrected_q: 'calendar rowing', all_words_matched: true });
  });

  it('corrects only words that are rare as typed, and not words that are short', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'mellow-tunes', tagline: 'mellow tunes' });
    await listingIn(category, { slug: 'yellow-paint', tagline: 'yellow paint' });
    await refreshSearchTerms();
    const slug = await slugOf(category);
    expect(slugs(await search({ q: 'mellow', category: slug }))).toEqual(['mellow-tunes']);
    expect(slugs(await search({ q: 'jellow', category: slug })).sort()).toEqual(['mellow-tunes', 'yellow-paint']);
    expect(slugs(await search({ q: 'tunez', category: slug }))).toEqual(['mellow-tunes']);
    expect(slugs(await search({ q: 'tun', category: slug }))).toEqual(['mellow-tunes']);
    expect(slugs(await search({ q: 'tnu', category: slug }))).toEqual([]);
  });

  it('returns nothing when no word matches a listing, and names the word', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'lone-quasar', tagline: 'quasar telemetry' });
    await refreshSearchTerms();
    expect(await search({ q: 'xylqvwtz' })).toMatchObject({
      items: [],
      total: 0,
      has_more: false,
      query_reading: { all_words_matched: false, unmatched_words: ['xylqvwtz'] },
    });
  });

  it('says what to try when nothing matches: words that find listings alone, nearby categories, dropping filters', async () => {
    const mail = await insertCategory(t.db, {
      slug: 'email-marketing',
      name: 'Email marketing',
      description: 'Newsletters and campaigns',
      keywords: ['emails', 'newsletter'],
    });
    await listingIn(mail, { slug: 'post-pigeon', name: 'Post Pigeon', tagline: 'Send emails your readers open', country: 'FR' });
    await refreshSearchTerms();
    // One word of two is half the words: the listing holding it is the answer.
    expect(slugs(await search({ q: 'write emails' }))).toEqual(['post-pigeon']);
    // No listing holds "campaigns" (only the category's description does) nor "zzqxv".
    const vague = (await search({ q: 'campaigns zzqxv' })) as Page & { suggestions: Record<string, unknown> };
    expect(vague).toMatchObject({ items: [], total: 0 });
    expect(vague.suggestions).toEqual({
      message: 'Nothing matched "campaigns zzqxv". Try other or broader words; or browsing a category (email-marketing).',
      categories: [{ slug: 'email-marketing', name: 'Email marketing' }],
      words: [],
      without_filters: null,
    });
    const filtered = (await search({ q: 'emails', country: 'DE' })) as Page & { suggestions: Record<string, unknown> };
    expect(filtered.suggestions).toMatchObject({ without_filters: 1 });
    expect(filtered.suggestions.message).toContain('dropping the filters (1 match without them)');
    // A search that finds something carries no suggestions.
    expect(await search({ q: 'emails' })).not.toHaveProperty('suggestions');
  });

  it('finds nothing for text without a letter or digit, rather than everything', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'some-listing', name: 'Something' });
    for (const q of ['!!!', '---', '日本']) {
      const result = await search({ q });
      expect(result.items, q).toEqual([]);
      expect(result.total, q).toBe(0);
    }
  });

  it('keeps letters outside a-z inside their word ("über" does not look for "ber")', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'berlin-maps', name: 'Berlin Maps' });
    await listingIn(category, { slug: 'uber-notes', name: 'Übernotes', tagline: 'über notes' });
    const found = slugs(await search({ q: 'über' }));
    expect(found).not.toContain('berlin-maps');
    expect(found).toContain('uber-notes');
  });

  it('finds listings newer than the dictionary by the words as typed', async () => {
    const category = await insertCategory(t.db);
    await refreshSearchTerms();
    await listingIn(category, { slug: 'fresh-listing', tagline: 'brandnewword for everyone' });
    expect(slugs(await search({ q: 'brandnewword' }))).toEqual(['fresh-listing']);
  });

  it('follows changes to a listing: renamed, unpublished, deleted', async () => {
    const category = await insertCategory(t.db);
    const id = await listingIn(category, { slug: 'renamed-one', name: 'Glimmerquill', tagline: 'notes' });
    expect(slugs(await search({ q: 'glimmerquill' }))).toEqual(['renamed-one']);
    await t.db.query(`UPDATE listings SET name = 'Shadowquill' WHERE id = $1`, [id]);
    expect(slugs(await search({ q: 'glimmerquill' }))).toEqual([]);
    expect(slugs(await search({ q: 'shadowquill' }))).toEqual(['renamed-one']);
    await t.db.query(`UPDATE listings SET status = 'hidden' WHERE id = $1`, [id]);
    expect(slugs(await search({ q: 'shadowquill' }))).toEqual([]);
    await t.db.query(`UPDATE listings SET status = 'live' WHERE id = $1`, [id]);
    expect(slugs(await search({ q: 'shadowquill', sort: 'votes' }))).toEqual(['renamed-one']);
    await t.db.query(`DELETE FROM listings WHERE id = $1`, [id]);
    expect(await search({ q: 'shadowquill' })).toMatchObject({ items: [], total: 0 });
  });

  it('treats tsquery syntax in q as plain words', async () => {
    const category = await insertCategory(t.db);
    await listingIn(category, { slug: 'syntax-safe', tagline: 'walrus tracking' });
    await refreshSearchTerms();
    expect(slugs(await search({ q: "walrus' | !(:* & 'tracking" }))).toEqual(['syntax-safe']);
  });

  it('ranks a name match above a description mention, even with fewer votes', async () => {
    const category = await insertCategory(t.db);
    const named = await listingIn(category, { slug: 'zorblax', name: 'Zorblax', tagline: 'Time tracking' });
    const mentioned = await listingIn(category, { slug: 'zorblax-rival', name: 'Rival', description: 'An alternative to zorblax.' });
    await insertVotes(t.db, named, 1, NOW);
    await insertVotes(t.db, mentioned, 9, NOW);
    await refreshSearchTerms();
    expect(slugs(await search({ q: 'zorblax' }))).toEqual(['zorblax', 'zorblax-rival']);
    expect(slugs(await search({ q: 'zorblax', sort: 'votes' }))).toEqual(['zorblax-rival', 'zorblax']);
  });
});

describe('search_listings: filters', () => {
  it('filters by category, including subcategories at any depth and extra categories', async () => {
    const root = await insertCategory(t.db);
    const child = await insertCategory(t.db, { parent_id: root });
    const grandchild = await insertCategory(t.db, { parent_id: child });
    const elsewhere = await insertCategory(t.db);
    await listingIn(root, { slug: 'in-root' });
    await listingIn(grandchild, { slug: 'in-grandchild' });
    await listingIn(elsewhere, { slug: 'extra-in-child', extra_category_ids: [child] });
    await listingIn(elsewhere, { slug: 'outside' });
    expect(slugs(await search({ category: await slugOf(root) })).sort()).toEqual(['extra-in-child', 'in-grandchild', 'in-root']);
    expect(slugs(await search({ category: await slugOf(child) })).sort()).toEqual(['extra-in-child', 'in-grandchild']);
  });

  it('filters by stage, country (any letter case), pricing model (any letter case) and domain', async () => {
    const category = await insertCategory(t.db);
    const slug = await slugOf(category);
    await listingIn(category, {
      slug: 'f-seed-de',
      stage: 'seed',
      country: 'DE',
      pricing_model: 'Freemium',
      url: 'https://www.fseed.example',
    });
    await listingIn(category, {
      slug: 'f-series-a-fr',
      stage: 'series-a',
      country: 'FR',
      pricing_model: 'Paid',
      url: 'https://fseries.example',
    });
    expect(slugs(await search({ category: slug, stage: 'seed' }))).toEqual(['f-seed-de']);
    expect(slugs(await search({ category: slug, country: 'fr' }))).toEqual(['f-series-a-fr']);
    expect(slugs(await search({ category: slug, pricing_model: 'freemium' }))).toEqual(['f-seed-de']);
    expect(slugs(await search({ domain: 'fseed.example' }))).toEqual(['f-seed-de']);
    expect(slugs(await search({ domain: 'WWW.fseries.example' }))).toEqual(['f-series-a-fr']);
    expect(slugs(await search({ category: slug, stage: 'seed', country: 'FR' }))).toEqual([]);
  });

  it('shows only live listings by default and only scheduled ones for upcoming, soonest week first when newest', async () => {
    const category = await insertCategory(t.db);
    const slug = await slugOf(category);
    await listingIn(category, { slug: 'u-live' });
    await listingIn(category, { slug: 'u-later', status: 'scheduled', launch_week: '2031-05-05' });
    await listingIn(category, { slug: 'u-sooner', status: 'scheduled', launch_week: '2031-04-07' });
    for (const status of ['draft', 'awaiting_badge', 'hidden'] as const)
      await listingIn(category, { slug: `u-${status.replace('_', '-')}`, status });
    const upcoming = await search({ category: slug, status: 'upcoming', sort: 'newest' });
    expect(slugs(upcoming)).toEqual(['u-sooner', 'u-later']);
    expect(upcoming.items.every((i) => i.status === 'scheduled')).toBe(true);
    expect(slugs(await search({ category: slug }))).toEqual(['u-live']);
  });
});

describe('search_listings: sort orders', () => {
  it('orders by newest, votes, views, follows, and relevance without q as votes', async () => {
    const category = await insertCategory(t.db);
    const slug = await slugOf(category);
    const old = await listingIn(category, { slug: 's-old', launched_at: '2031-01-01T00:00:00Z', views_count: 50, follows_count: 1 });
    const mid = await listingIn(category, { slug: 's-mid', launched_at: '2031-02-01T00:00:00Z', views_count: 10, follows_count: 30 });
    await listingIn(category, { slug: 's-new', launched_at: '2031-03-01T00:00:00Z', views_count: 20, follows_count: 2 });
    await insertVotes(t.db, old, 2, NOW);
    await insertVotes(t.db, mid, 5, NOW);
    const order = async (sort?: string) => slugs(await search({ category: slug, ...(sort && { sort }) }));
    expect(await order('newest')).toEqual(['s-new', 's-mid', 's-old']);
    expect(await order('votes')).toEqual(['s-mid', 's-old', 's-new']);
    expect(await order('most_viewed')).toEqual(['s-old', 's-new', 's-mid']);
    expect(await order('most_followed')).toEqual(['s-mid', 's-new', 's-old']);
    expect(await order()).toEqual(['s-mid', 's-old', 's-new']);
  });

  it('orders by trending: recent votes weigh most, votes older than 14 days not at all', async () => {
    const category = await insertCategory(t.db);
    const recent = await listingIn(category, { slug: 't-recent' });
    const lastWeek = await listingIn(category, { slug: 't-last-week' });
    const longAgo = await listingIn(category, { slug: 't-long-ago' });
    const future = await listingIn(category, { slug: 't-after-now' });
    await insertVotes(t.db, recent, 2, hoursBefore(2));
    await insertVotes(t.db, lastWeek, 6, hoursBefore(24 * 7));
    await insertVotes(t.db, longAgo, 40, hoursBefore(24 * 15));
    await insertVotes(t.db, future, 3, new Date(NOW.getTime() + 3_600_000));
    const slug = await slugOf(category);
    const trending = await search({ category: slug, sort: 'trending' });
    // No votes in the window: score 0, ties by id (insertion order).
    expect(slugs(trending)).toEqual(['t-recent', 't-last-week', 't-long-ago', 't-after-now']);
    expect(trending.total).toBe(4);
    const onePerPage = await Promise.all(
      [1, 2, 3, 4, 5].map(async (page) => slugs(await search({ category: slug, sort: 'trending', per_page: 1, page }))),
    );
    expect(onePerPage).toEqual([['t-recent'], ['t-last-week'], ['t-long-ago'], ['t-after-now'], []]);
  });
});

describe('search_listings: pages', () => {
  it('pages through the matches with the total and has_more', async () => {
    const category = await insertCategory(t.db);
    const slug = await slugOf(category);
    for (let i = 0; i < 5; i++) await listingIn(category, { slug: `p-${i}` });
    const first = await search({ category: slug, sort: 'votes', per_page: 2 });
    expect(first).toMatchObject({ page: 1, per_page: 2, total: 5, has_more: true });
    const last = await search({ category: slug, sort: 'votes', per_page: 2, page: 3 });
    expect(last).toMatchObject({ page: 3, total: 5, has_more: false });
    expect(last.items).toHaveLength(1);
    const all = slugs(await search({ category: slug, sort: 'votes', per_page: 5 }));
    expect([...slugs(first), ...slugs(await search({ category: slug, sort: 'votes', per_page: 2, page: 2 })), ...slugs(last)]).toEqual(all);
  });
});

describe('search_listings: pages of text matches', () => {
  it('pages through relevance-ranked matches and reports the total past the last page', async () => {
    const category = await insertCategory(t.db);
    for (let i = 0; i < 3; i++) await listingIn(category, { slug: `gizmoq-${i}`, tagline: `gizmoq number ${i}` });
    await refreshSearchTerms();
    const first = await search({ q: 'gizmoq', per_page: 2 });
    expect(first).toMatchObject({ total: 3, has_more: true });
    const second = await search({ q: 'gizmoq', per_page: 2, page: 2 });
    expect(second).toMatchObject({ total: 3, has_more: false });
    expect([...slugs(first), ...slugs(second)].sort()).toEqual(['gizmoq-0', 'gizmoq-1', 'gizmoq-2']);
    expect(await search({ q: 'gizmoq', per_page: 2, page: 5 })).toMatchObject({ items: [], total: 3, has_more: false });
  });
});

describe('search_listings: estimated totals for common words', () => {
  /** Every text search counts as common: the planner's estimate is always above 0. */
  const searchEstimated = async (input: Record<string, unknown>) => {
    const services = testServices(t.db, () => NOW);
    const config = { ...services.config, searchExactTotalUpTo: 0, searchWalkShare: 0 };
    return (await callTool(tool, { ...services, config }, input)) as unknown as Page & {
      total_is_estimate: boolean;
    };
  };

  it('answers the same pages as counting every match, says the total is estimated, and exact once the matches end', async () => {
    const category = await insertCategory(t.db);
    for (let i = 0; i < 7; i++) {
      const id = await listingIn(category, { slug: `zorblat-${i}`, tagline: `zorblat helper ${i}`, name: `Zorblat ${i}` });
      await insertVotes(t.db, id, (i * 3) % 7, hoursBefore(30));
    }
    await refreshSearchTerms();
    for (const sort of ['relevance', 'votes', 'newest']) {
      const pages = [1, 2, 3].map((page) => ({ q: 'zorblat', sort, per_page: 3, page }));
      const exact = await Promise.all(pages.map((input) => search(input)));
      const estimated = await Promise.all(pages.map((input) => searchEstimated(input)));
      expect(estimated.map(slugs), sort).toEqual(exact.map(slugs));
      expect(exact.map((p) => p.total)).toEqual([7, 7, 7]);
      expect(estimated[0]).toMatchObject({ has_more: true, total_is_estimate: true });
      expect(estimated[0]!.total).toBeGreaterThanOrEqual(4);
      expect(estimated[1]).toMatchObject({ has_more: true, total_is_estimate: true });
      expect(estimated[2]).toMatchObject({ total: 7, has_more: false, total_is_estimate: false });
    }
    expect(await search({ q: 'zorblat' })).toMatchObject({ total: 7, total_is_estimate: false });
  });

  it('counts the matches after all for a page past the last one', async () => {
    expect(await searchEstimated({ q: 'zorblat', per_page: 3, page: 9 })).toMatchObject({
      items: [],
      total: 7,
      has_more: false,
      total_is_estimate: false,
    });
  });
});

describe('search_listings: invalid input', () => {
  it.each([
    [{ q: 'x'.repeat(201) }, '/q'],
    [{ country: 'USA' }, '/country'],
    [{ per_page: 0 }, '/per_page'],
    [{ page: 1001 }, '/page'],
    [{ sort: 'best' }, '/sort'],
    [{ status: 'hidden' }, '/status'],
    [{ category: 'Not A Slug' }, '/category'],
    [{ pricing_model: 'x'.repeat(41) }, '/pricing_model'],
    [{ domain: 'd'.repeat(254) }, '/domain'],
    [{ color: 'red' }, '/color'],
  ])('answers 400 for %j', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('answers 400 for a category slug that names no category', async () => {
    const problem = await callToolError(tool, testServices(t.db), { category: 'no-such-category' });
    expect(problem.status).toBe(400);
    expect(problem.errors?.map((e) => e.path)).toEqual(['/category']);
  });
});

it('keeps its public contract', () => expectContractUnchanged(tool));
