import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_badges.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, type ListingFields } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Badge {
  shape: string;
  mode: string;
  size: string;
  width: number;
  height: number;
  svg_url: string;
  embed_html: string;
  markdown: string;
}
interface Answer {
  listing: { slug: string; name: string; status: string; profile_url: string };
  badge: Badge;
  variants: { shapes: string[]; modes: string[]; sizes: string[] };
  note: string;
}

let t: TestDatabase;
let category: number;
beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db);
  await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('site_name', '"Badge Test Directory"')`);
});
afterAll(() => t.drop());

const listing = (fields: Partial<ListingFields>) => insertListing(t.db, { category_id: category, ...fields });
const badges = async (input: Record<string, unknown>) => (await callTool(tool, testServices(t.db), input)) as unknown as Answer;
const svgUrl = (slug: string, file: string) => `${TEST_PUBLIC_URL}/badges/${slug}/${file}.svg`;

describe('get_badges', () => {
  it('gives the default badge (standard, auto, m) with an embed snippet that follows the colour scheme', async () => {
    await listing({ slug: 'badge-default', name: 'Default Co' });
    const { listing: about, badge } = await badges({ slug: 'badge-default' });
    const profile = `${TEST_PUBLIC_URL}/listings/badge-default`;
    expect(about).toEqual({ slug: 'badge-default', name: 'Default Co', status: 'live', profile_url: profile });
    expect(badge).toMatchObject({ shape: 'standard', mode: 'auto', size: 'm', svg_url: svgUrl('badge-default', 'standard-auto-m') });
    expect(badge.embed_html).toBe(
      `<a href="${profile}" target="_blank" rel="noopener"><picture>` +
        `<source media="(prefers-color-scheme: dark)" srcset="${svgUrl('badge-default', 'standard-dark-m')}">` +
        `<source media="(prefers-color-scheme: light)" srcset="${svgUrl('badge-default', 'standard-light-m')}">` +
        `<img src="${svgUrl('badge-default', 'standard-auto-m')}" alt="Default Co – featured on Badge Test Directory" width="${badge.width}" height="${badge.height}">` +
        '</picture></a>',
    );
    expect(badge.markdown).toBe(
      `[![Default Co – featured on Badge Test Directory](${svgUrl('badge-default', 'standard-auto-m')})](${profile})`,
    );
  });

  it("links a winner's award proofs from the embed and names them; a listing without awards has none", async () => {
    const id = await listing({ slug: 'badge-winner', name: 'Winner Co' });
    await t.db.query(`INSERT INTO awards (week, rank, listing_id, votes) VALUES ('2026-11-09', 1, $1, 40), ('2026-11-02', 3, $1, 9)`, [id]);
    const answer = (await badges({ slug: 'badge-winner', mode: 'light' })) as Answer & {
      awards: { title: string; week: string; proof_url: string }[];
    };
    const proofs = [`${TEST_PUBLIC_URL}/awards/2026-11-09/1.jwt`, `${TEST_PUBLIC_URL}/awards/2026-11-02/3.jwt`];
    expect(answer.awards).toEqual([
      { title: 'Launch of the Week #1', week: '2026-11-09', proof_url: proofs[0] },
      { title: 'Launch of the Week #3', week: '2026-11-02', proof_url: proofs[1] },
    ]);
    expect(answer.badge.embed_html).toContain(`data-award-proofs="${proofs.join(' ')}"`);
    expect(answer.badge.embed_html).toContain(
      'title="Launch of the Week #1 (week of 2026-11-09), Launch of the Week #3 (week of 2026-11-02)',
    );
    const plain = (await badges({ slug: 'badge-default' })) as Answer & { awards: unknown[] };
    expect(plain.awards).toEqual([]);
    expect(plain.badge.embed_html).not.toContain('data-award-proofs');
  });

  it('gives the chosen shape, mode and size, larger sizes being larger', async () => {
    await listing({ slug: 'badge-chosen' });
    const small = (await badges({ slug: 'badge-chosen', shape: 'banner', mode: 'dark', size: 's' })).badge;
    const large = (await badges({ slug: 'badge-chosen', shape: 'banner', mode: 'dark', size: 'l' })).badge;
    expect(small.svg_url).toBe(svgUrl('badge-chosen', 'banner-dark-s'));
    expect(small.embed_html).not.toContain('<picture>');
    expect(small.embed_html).toContain(`<img src="${svgUrl('badge-chosen', 'banner-dark-s')}"`);
    expect(large.width).toBeGreaterThan(small.width);
    expect(large.height).toBeGreaterThan(small.height);
  });

  it('answers the variant asked for, names every shape, mode and size, and each of the 45 has its own image address', async () => {
    await listing({ slug: 'badge-all' });
    const { variants, badge } = await badges({ slug: 'badge-all', shape: 'pill', mode: 'light', size: 'l' });
    expect(badge).toMatchObject({ shape: 'pill', mode: 'light', size: 'l' });
    expect(variants).toEqual({
      shapes: ['standard', 'outline', 'pill', 'banner', 'square'],
      modes: ['light', 'dark', 'auto'],
      sizes: ['s', 'm', 'l'],
    });
    const addresses = new Set<string>();
    for (const shape of variants.shapes) {
      for (const mode of variants.modes) {
        for (const size of variants.sizes) {
          const entry = (await badges({ slug: 'badge-all', shape, mode, size })).badge;
          expect(entry.svg_url).toBe(svgUrl('badge-all', `${shape}-${mode}-${size}`));
          expect(entry.embed_html).toContain(`src="${entry.svg_url}"`);
          addresses.add(entry.svg_url);
        }
      }
    }
    expect(addresses.size).toBe(45);
  });

  it('escapes the listing name in the embed HTML and the Markdown', async () => {
    await listing({ slug: 'badge-escape', name: `<script>&"x']` });
    const { badge } = await badges({ slug: 'badge-escape', mode: 'light' });
    expect(badge.embed_html).toContain('alt="&lt;script&gt;&amp;&quot;x&#39;] – featured on Badge Test Directory"');
    expect(badge.embed_html).not.toContain('<script>');
    expect(badge.markdown.startsWith(`[![<script>&"x'\\] – featured on`)).toBe(true);
  });

  it('gives badges to listings not yet live, telling a free listing waiting for its badge what to do', async () => {
    await listing({ slug: 'badge-scheduled', status: 'scheduled', launch_week: '2099-01-05' });
    expect((await badges({ slug: 'badge-scheduled' })).listing.status).toBe('scheduled');
    await listing({ slug: 'badge-waiting', name: 'Waiting Co', url: 'https://waiting.example', status: 'awaiting_badge' });
    const { note } = await badges({ slug: 'badge-waiting' });
    expect(note).toContain('Waiting Co is waiting for its badge');
    expect(note).toContain('https://waiting.example');
    expect(note).toContain(`${TEST_PUBLIC_URL}/listings/badge-waiting`);
  });

  it('answers 404 for an unknown listing, a hidden one and an unpublished draft', async () => {
    await listing({ slug: 'badge-hidden', status: 'hidden' });
    await listing({ slug: 'badge-draft', status: 'draft' });
    for (const slug of ['badge-nobody', 'badge-hidden', 'badge-draft']) {
      const problem = await callToolError(tool, testServices(t.db), { slug });
      expect(problem.status).toBe(404);
    }
  });

  it.each([
    [{ slug: 'x', shape: 'circle' }, '/shape'],
    [{ slug: 'x', mode: 'sepia' }, '/mode'],
    [{ slug: 'x', size: 'xl' }, '/size'],
    [{ slug: 'Bad Slug' }, '/slug'],
    [{ slug: 'x', color: 'red' }, '/color'],
  ])('refuses %j', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
