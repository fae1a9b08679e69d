import { beforeAll, describe, expect, it } from 'vitest';
import type { CrawledPage } from '../../src/crawler/crawled-page.js';
import { extractPage } from '../../src/crawler/page-extract.js';
import { verifyProposal } from '../../src/drafting/evidence.js';
import { createExtractiveDrafter } from '../../src/drafting/extractive-drafter.js';
import { isPersonName, loadNameReader } from '../../src/drafting/person-names.js';
import type { DraftProposal } from '../../src/drafting/profile-fields.js';

/**
 * The offline drafter on plain sentences of sites it was not tuned on: places, founding years, founders, plans under
 * headings, features listed twice, an SVG icon; and what it must refuse (a testimonial's city, a copyright year, a
 * company that reads like a person). Pages go through the crawler's own extraction, and every value must survive
 * the evidence check unchanged.
 */
const drafter = createExtractiveDrafter();
const HOST = 'https://crateforge.example';

function site(pages: Record<string, string>, head = ''): CrawledPage[] {
  return Object.entries(pages).map(
    ([path, body]) =>
      extractPage(
        `${HOST}${path}`,
        `<!doctype html><html><head><title>Crateforge</title><meta property="og:site_name" content="Crateforge">${head}</head><body>${body}</body></html>`,
      ).page,
  );
}

async function draftVerified(pages: CrawledPage[]): Promise<DraftProposal> {
  const proposal = await drafter.draft(pages);
  const verified = verifyProposal(proposal, pages);
  expect(verified.dropped).toEqual([]);
  expect(verified.proposal).toEqual(proposal);
  return proposal;
}

const field = (p: DraftProposal, name: keyof DraftProposal['fields']) => p.fields[name]?.value;

describe('places and years in plain sentences', () => {
  it('reads "X GmbH is a company in Hamburg, Germany, building tools since 2019"', async () => {
    const p = await draftVerified(
      site({
        '/': '<p>Crateforge GmbH is an independent company in Hamburg, Germany, building developer tools since 2019.</p>',
      }),
    );
    expect([field(p, 'city'), field(p, 'country'), field(p, 'founded_year')]).toEqual(['Hamburg', 'DE', '2019']);
    expect(p.fields.city?.evidence[0].quote).toBe('Crateforge GmbH is an independent company in Hamburg, Germany');
  });

  it('reads "founded in 2018 in Austin, Texas" as the US', async () => {
    const p = await draftVerified(site({ '/': '<p>Crateforge was founded in 2018 in Austin, Texas.</p>' }));
    expect([field(p, 'city'), field(p, 'country'), field(p, 'founded_year')]).toEqual(['Austin', 'US', '2018']);
  });

  it('reads "from Utrecht in the Netherlands", "HQ: Lisbon, Portugal", "based in Melbourne, Australia", "Made in Montréal, Canada"', async () => {
    const cases: [string, string, string][] = [
      ['<p>We are a small team from Utrecht in the Netherlands.</p>', 'Utrecht', 'NL'],
      ['<footer><p>HQ: Lisbon, Portugal</p></footer>', 'Lisbon', 'PT'],
      ['<p>We are based in Melbourne, Australia.</p>', 'Melbourne', 'AU'],
      ['<footer><p>Made in Montréal, Canada</p></footer>', 'Montréal', 'CA'],
      ['<footer><p>HQ: Austin, TX</p></footer>', 'Austin', 'US'],
    ];
    for (const [body, city, country] of cases) {
      const p = await draftVerified(site({ '/': body }));
      expect([field(p, 'city'), field(p, 'country')], body).toEqual([city, country]);
    }
  });

  it('reads "started in 2020", "Founded 2022" and "We started Crateforge in 2021"', async () => {
    for (const [body, year] of [
      ['<p>Started in 2020 as a weekend project, Crateforge now serves 400 teams.</p>', '2020'],
      ['<footer><p>Founded 2022 · Crateforge</p></footer>', '2022'],
      ['<p>We started Crateforge in 2021 after years of fighting our own build scripts.</p>', '2021'],
    ]) {
      const p = await draftVerified(site({ '/': body }));
      expect(field(p, 'founded_year'), body).toBe(year);
    }
  });

  it('takes no city from a testimonial and no year from a copyright line, a blog date or a customer', async () => {
    const p = await draftVerified(
      site({
        '/': `<p>Maria from Berlin says Crateforge saved her team a week every release.</p>
          <blockquote><p>We are a small agency in Paris, France, and we have used Crateforge since 2019.</p></blockquote>
          <div class="testimonial"><p>Our studio is in Rome, Italy. Crateforge is our favourite tool.</p></div>
          <p>Trusted by customers in Madrid, Spain since 2020.</p>
          <article><p>Posted on 12 March 2021</p><h2>Release notes</h2></article>
          <footer><p>© 2019–2026 Crateforge. All rights reserved.</p></footer>`,
      }),
    );
    expect([field(p, 'city'), field(p, 'country'), field(p, 'founded_year')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('founders in plain sentences and team cards', () => {
  it('reads "by Jana Richter (CEO) and Tomás Ferreira (CTO)" with their titles', async () => {
    const p = await draftVerified(
      site({ '/about': '<p>Crateforge was founded in 2019 by Jana Richter (CEO) and Tomás Ferreira (CTO).</p>', '/': '<p>Hi.</p>' }),
    );
    expect(p.founders.map((f) => f.value)).toEqual([
      { name: 'Jana Richter', title: 'CEO' },
      { name: 'Tomás Ferreira', title: 'CTO' },
    ]);
  });

  it('reads "run by Ana Costa (CEO) and Rui Matos (CTO)", "Our founder, Julien Tremblay," and "X and Y, who co-founded"', async () => {
    const names = async (body: string) => (await draftVerified(site({ '/': body }))).founders.map((f) => f.value.name);
    expect(await names('<p>Crateforge is run by Ana Costa (CEO) and Rui Matos (CTO).</p>')).toEqual(['Ana Costa', 'Rui Matos']);
    expect(await names('<p>Our founder, Julien Tremblay, still answers every support e-mail.</p>')).toEqual(['Julien Tremblay']);
    expect(await names('<p>Crateforge is built by Daan de Vries and Sofie Jansen, who co-founded the company.</p>')).toEqual([
      'Daan de Vries',
      'Sofie Jansen',
    ]);
  });

  it('reads team cards with a name and a founder, CEO or CTO role, on a team page without a team heading', async () => {
    const p = await draftVerified(
      site({
        '/': '<p>Hi.</p>',
        '/team': `<h1>The people behind Crateforge</h1>
          <div class="card"><p class="name">Ana Costa</p><p class="role">Co-founder &amp; CEO</p></div>
          <div class="card"><p class="name">Rui Matos</p><p class="role">CTO</p></div>
          <div class="card"><p class="name">Lena Vogt</p><p class="role">Designer</p></div>`,
      }),
    );
    expect(p.founders.map((f) => f.value)).toEqual([
      { name: 'Ana Costa', title: 'Co-founder & CEO' },
      { name: 'Rui Matos', title: 'CTO' },
    ]);
  });

  it('refuses a company whose name reads like a person, the product itself, and a quoted founder', async () => {
    const p = await draftVerified(
      site({
        '/': `<p>Crateforge was founded by Hudson Labs in 2019.</p>
          <p>The project is run by Sterling Partners (CEO office).</p>
          <blockquote><p>Our founder, Paul Weber, loves Crateforge.</p></blockquote>`,
      }),
    );
    expect(p.founders).toEqual([]);
    await loadNameReader();
    expect(isPersonName('Hudson Labs')).toBe(false);
    expect(isPersonName('Goldman Sachs')).toBe(false);
    expect(isPersonName('Crateforge Team', ['Crateforge'])).toBe(false);
    expect(isPersonName('Jana Richter')).toBe(true);
    expect(isPersonName('Rui Matos')).toBe(true);
  });
});

describe('plans, features and the logo', () => {
  beforeAll(async () => {
    await loadNameReader();
  });

  it('reads tiers under headings ("Solo" / "$12 / month", "Studio" / "$49 / month") and in a table', async () => {
    const headed = await draftVerified(
      site({
        '/': '<p>Hi.</p>',
        '/pricing': `<h1>Pricing</h1><div class="plans"><h3>Solo</h3><p>$12 / month</p><p>One seat</p>
          <h3>Studio</h3><p>$49 / month</p><p>Ten seats</p></div>`,
      }),
    );
    expect(field(headed, 'pricing_summary')).toBe('Solo: $12 / month; Studio: $49 / month');
    expect(field(headed, 'pricing_model')).toBe('subscription');
    const onHome = await draftVerified(
      site({ '/': '<h2>Pricing</h2><div><h3>Solo</h3><p>$12 / month</p><h3>Studio</h3><p>$49 / month</p></div>' }),
    );
    expect(field(onHome, 'pricing_summary')).toBe('Solo: $12 / month; Studio: $49 / month');
    const table = await draftVerified(
      site({
        '/': '<p>Hi.</p>',
        '/pricing': `<table><tr><th>Plan</th><th>Monthly</th><th>Yearly</th></tr>
          <tr><td>Solo</td><td>€12 / month</td><td>€120 / year</td></tr><tr><td>Studio</td><td>€49 / month</td><td>€490 / year</td></tr></table>`,
      }),
    );
    expect(field(table, 'pricing_summary')).toBe('Solo: €12 / month; Studio: €49 / month');
  });

  it('lists a feature once when the home page and /features both list it', async () => {
    const p = await draftVerified(
      site({
        '/': '<h2>Features</h2><ul><li>Build caching</li><li>One-click rollbacks</li></ul>',
        '/features': '<h2>Features</h2><ul><li>Build Caching.</li><li>One-click roll-backs</li><li>Preview URLs</li></ul>',
      }),
    );
    expect(field(p, 'features')).toEqual(['Build caching', 'One-click rollbacks', 'Preview URLs']);
  });

  it('takes an SVG icon for the logo when nothing better names one, and no PNG favicon', async () => {
    const svg = await draftVerified(site({ '/': '<p>Hi.</p>' }, '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'));
    expect(field(svg, 'logo_url')).toBe(`${HOST}/favicon.svg`);
    const png = await draftVerified(site({ '/': '<p>Hi.</p>' }, '<link rel="icon" href="/favicon-32.png" sizes="32x32">'));
    expect(field(png, 'logo_url')).toBeUndefined();
    const better = await draftVerified(
      site(
        { '/': '<p>Hi.</p>' },
        '<link rel="icon" href="/favicon.svg"><meta property="og:image" content="https://crateforge.example/brand/logo.png">',
      ),
    );
    expect(field(better, 'logo_url')).toBe(`${HOST}/brand/logo.png`);
  });
});
