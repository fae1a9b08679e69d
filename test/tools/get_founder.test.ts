import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_founder.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { insertCategory, insertFounder, insertListing, insertVotes, linkFounder, type ListingFields } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Story {
  title: string | null;
  sections: Record<string, string | null>;
  listing: { slug: string; name: string };
  published_at: string;
}
interface Founder {
  slug: string;
  name: string;
  title: string | null;
  bio: string;
  country: string | null;
  socials: Record<string, string>;
  companies: { id: number; slug: string; votes: number; role: string | null; profile_url: string; primary_category: { slug: string } }[];
  stories: Story[];
  profile_url: string;
}

let t: TestDatabase;
let category: number;
beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db, { slug: 'founder-tools' });
});
afterAll(() => t.drop());

const get = async (slug: string) => (await callTool(tool, testServices(t.db), { slug })) as unknown as Founder;
const listing = (fields: Partial<ListingFields> = {}) => insertListing(t.db, { category_id: category, ...fields });

async function insertStory(
  listingId: number,
  founderId: number,
  fields: { title?: string; story?: string; lessons?: string; published_at: string | null },
) {
  await t.db.query(
    `INSERT INTO stories (listing_id, founder_id, title, story, lessons, published_at) VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
    [listingId, founderId, fields.title ?? null, fields.story ?? null, fields.lessons ?? null, fields.published_at],
  );
}

describe('get_founder', () => {
  it('shows the profile and the live and upcoming companies with the role in each, most-voted first', async () => {
    const founder = await insertFounder(t.db, {
      slug: 'grace-profile',
      name: 'Grace Profile',
      title: 'CEO',
      bio: 'Builds compilers.',
      country: 'NZ',
      socials: { github: 'https://github.example/grace' },
    });
    const small = await listing({ slug: 'grace-small' });
    const big = await listing({ slug: 'grace-big' });
    const upcoming = await listing({ slug: 'grace-upcoming', status: 'scheduled', launch_week: '2099-01-05' });
    await insertVotes(t.db, small, 1);
    await insertVotes(t.db, big, 4);
    await linkFounder(t.db, small, founder, 'CTO');
    await linkFounder(t.db, big, founder, 'Co-founder');
    await linkFounder(t.db, upcoming, founder);

    const profile = await get('grace-profile');
    expect(profile).toMatchObject({
      slug: 'grace-profile',
      name: 'Grace Profile',
      title: 'CEO',
      bio: 'Builds compilers.',
      country: 'NZ',
      socials: { github: 'https://github.example/grace' },
      stories: [],
      profile_url: `${TEST_PUBLIC_URL}/founders/grace-profile`,
    });
    expect(profile.companies.map((c) => [c.slug, c.role, c.votes])).toEqual([
      ['grace-big', 'Co-founder', 4],
      ['grace-small', 'CTO', 1],
      ['grace-upcoming', 'Founder', 0],
    ]);
    expect(profile.companies[0]).toMatchObject({
      id: big,
      primary_category: { slug: 'founder-tools' },
      profile_url: `${TEST_PUBLIC_URL}/listings/grace-big`,
    });
  });

  it('shows only published stories of live listings with the story section unlocked, newest first', async () => {
    const founder = await insertFounder(t.db, { slug: 'story-teller' });
    const cofounder = await insertFounder(t.db, { slug: 'story-cofounder' });
    const older = await listing({ slug: 'story-older', name: 'Older Co', unlocked_sections: ['story', 'media'] });
    const newer = await listing({ slug: 'story-newer', unlocked_sections: ['story'] });
    const draftStory = await listing({ unlocked_sections: ['story'] });
    const locked = await listing({ unlocked_sections: ['media'] });
    const hidden = await listing({ status: 'hidden', unlocked_sections: ['story'] });
    const byCofounder = await listing({ unlocked_sections: ['story'] });
    for (const id of [older, newer, draftStory, locked, hidden, byCofounder]) await linkFounder(t.db, id, founder);
    await linkFounder(t.db, byCofounder, cofounder, 'CTO', 1);
    await insertStory(older, founder, {
      title: 'How it began',
      story: 'We started in a garage.',
      lessons: 'Ship early.',
      published_at: '2026-03-01T10:00:00Z',
    });
    await insertStory(newer, founder, { story: 'Second act.', published_at: '2026-04-01T10:00:00Z' });
    await insertStory(draftStory, founder, { story: 'Not yet.', published_at: null });
    await insertStory(locked, founder, { story: 'Locked.', published_at: '2026-04-02T10:00:00Z' });
    await insertStory(hidden, founder, { story: 'Hidden.', published_at: '2026-04-03T10:00:00Z' });
    await insertStory(byCofounder, cofounder, { story: 'Theirs.', published_at: '2026-04-04T10:00:00Z' });

    const { stories } = await get('story-teller');
    expect(stories.map((s) => s.listing.slug)).toEqual(['story-newer', 'story-older']);
    expect(stories[1]).toEqual({
      title: 'How it began',
      sections: {
        story: 'We started in a garage.',
        why_started: null,
        problem: null,
        journey: null,
        challenges: null,
        achievements: null,
        lessons: 'Ship early.',
        whats_next: null,
      },
      listing: { slug: 'story-older', name: 'Older Co' },
      published_at: '2026-03-01T10:00:00.000Z',
    });
  });

  it('shows a founder whose only listing is upcoming, as its founders are named on that public listing', async () => {
    const founder = await insertFounder(t.db, { slug: 'only-upcoming' });
    await linkFounder(t.db, await listing({ slug: 'soon-co', status: 'scheduled', launch_week: '2099-01-05' }), founder);
    expect((await get('only-upcoming')).companies.map((c) => c.slug)).toEqual(['soon-co']);
  });

  it('answers 404 for an unknown founder and for one without a public listing', async () => {
    const founder = await insertFounder(t.db, { slug: 'only-drafts' });
    await linkFounder(t.db, await listing({ status: 'draft' }), founder);
    await insertFounder(t.db, { slug: 'no-listing' });
    for (const slug of ['nobody-here', 'only-drafts', 'no-listing']) {
      const problem = await callToolError(tool, testServices(t.db), { slug });
      expect(problem.status).toBe(404);
      expect(problem.code).toBe('not_found');
    }
  });

  it.each([
    [{ slug: 'Not A Slug' }, ['/slug']],
    [{}, ['/slug']],
    [{ slug: 'ok', include: 'all' }, ['/include']],
  ])('refuses %j', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
