import { beforeAll, describe, expect, it } from 'vitest';
import type { CrawledPage } from '../../src/crawler/crawled-page.js';
import { chooseOtherLinks } from '../../src/crawler/fact-links.js';
import { extractPage } from '../../src/crawler/page-extract.js';
import { verifyProposal } from '../../src/drafting/evidence.js';
import { createExtractiveDrafter } from '../../src/drafting/extractive-drafter.js';
import { loadNameReader } from '../../src/drafting/person-names.js';
import type { DraftProposal } from '../../src/drafting/profile-fields.js';

/**
 * The rules the drafter gained on the first blind set's misses (2026-11-28): pages linked under other names, features
 * without a "Features" heading, logo images, signatures and maker's notes, questions under any heading, plans in table
 * rows and in cards without headings; and what they must still refuse. Pages go through the crawler's own extraction,
 * and every value must survive the evidence check unchanged.
 */
const drafter = createExtractiveDrafter();
const HOST = 'https://tidepool.example';

function site(pages: Record<string, string>, head = ''): CrawledPage[] {
  return Object.entries(pages).map(
    ([path, body]) =>
      extractPage(
        `${HOST}${path}`,
        `<!doctype html><html><head><title>Tidepool</title><meta property="og:site_name" content="Tidepool">${head}</head><body>${body}</body></html>`,
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

beforeAll(async () => {
  await loadNameReader();
});

describe('the crawler reads pages linked under other names when the budget allows', () => {
  it('keeps same-host sections, shallow first, and leaves out accounts, carts, downloads, queries and blog posts', () => {
    const links = [
      { url: `${HOST}/pricing`, text: 'Pricing' },
      { url: `${HOST}/buy`, text: 'Buy' },
      { url: `${HOST}/docs/install/linux`, text: 'Linux' },
      { url: `${HOST}/hello`, text: 'Hello' },
      { url: `${HOST}/login`, text: 'Log in' },
      { url: `${HOST}/download`, text: 'Download' },
      { url: `${HOST}/blog/why-we-left`, text: 'Why we left' },
      { url: `${HOST}/?lang=de`, text: 'Deutsch' },
      { url: `${HOST}/`, text: 'Home' },
      { url: `${HOST}/docs/start`, text: 'Docs' },
      { url: 'https://other.example/manifesto', text: 'Manifesto' },
    ];
    expect(chooseOtherLinks(links, 'tidepool.example', new Set()).map((l) => new URL(l.url).pathname)).toEqual([
      '/buy',
      '/hello',
      '/docs/start',
    ]);
  });
});

describe('features without a "Features" heading', () => {
  it('takes the titles of a list whose every entry starts with one, and card headings of one level', async () => {
    const p = await draftVerified(
      site({
        '/': `<h1>Tidy books</h1><h2>What you get</h2><ul>
          <li><strong>Automatic bank feeds</strong> from over 9,000 banks</li>
          <li><strong>Monthly close reports</strong> your accountant will like</li>
          <li><strong>Receipt matching</strong> by e-mail</li></ul>`,
        '/features': `<h1>Features</h1><div><h3>Remote build cache</h3><p>Reuse artifacts.</p></div>
          <div><h3>Cache hit analytics</h3><p>See what hits.</p></div><h2>Under the hood</h2><p>Content-addressed.</p>`,
      }),
    );
    expect(field(p, 'features')).toEqual([
      'Automatic bank feeds',
      'Monthly close reports',
      'Receipt matching',
      'Remote build cache',
      'Cache hit analytics',
    ]);
  });

  it('reads the home page\'s first list of short phrases or run of card headings, but not a "Why" list, steps or prices', async () => {
    const cards = await draftVerified(
      site({
        '/': `<h1>Launch a page before your coffee gets cold.</h1>
          <h3>Drag-and-drop blocks</h3><p>Build it.</p><h3>A/B testing</h3><p>Test it.</p><h3>Custom domains</h3><p>Own it.</p>`,
      }),
    );
    expect(field(cards, 'features')).toEqual(['Drag-and-drop blocks', 'A/B testing', 'Custom domains']);
    const none = await draftVerified(
      site({
        '/': `<h1>Bookkeeping</h1><h2>Why freelancers choose Tidepool</h2><ul><li>Built for Irish tax rules</li><li>Real accountants on chat</li><li>Your data stays in the EU</li></ul>
          <h2>How it works</h2><ol><li>Connect your bank</li><li>Snap receipts</li><li>File on time</li></ol>
          <h2>Plans</h2><ul><li>Solo $9</li><li>Team $29</li><li>Firm $99</li></ul>`,
      }),
    );
    expect(field(none, 'features')).toBeUndefined();
  });
});

describe('logos', () => {
  it('takes the header image that names itself the logo, not a customer logo further down', async () => {
    const p = await draftVerified(
      site({
        '/': `<header><a href="/"><img class="logo" src="/img/tidepool-logo.svg" alt="Tidepool"></a></header>
          <main><h2>Customers</h2><img class="logo" src="/img/acme-logo.png" alt="Acme logo"></main>`,
      }),
    );
    expect(field(p, 'logo_url')).toBe(`${HOST}/img/tidepool-logo.svg`);
  });

  it('takes an apple-touch-icon before an SVG favicon, and never a small favicon', async () => {
    const touch = await draftVerified(
      site(
        { '/': '<p>Hello.</p>' },
        '<link rel="icon" href="/favicon-32.png" sizes="32x32"><link rel="apple-touch-icon" href="/apple-touch-icon.png">',
      ),
    );
    expect(field(touch, 'logo_url')).toBe(`${HOST}/apple-touch-icon.png`);
    const small = await draftVerified(site({ '/': '<p>Hello.</p>' }, '<link rel="icon" href="/favicon-32.png" sizes="32x32">'));
    expect(field(small, 'logo_url')).toBeUndefined();
  });
});

describe('founders, questions and plans', () => {
  it("reads signatures, a maker's note and founders described by their trade, never a footer column", async () => {
    const p = await draftVerified(
      site({
        '/about': `<main><h1>Our manifesto</h1><p>We count visits, not people.</p>
          <p class="signature">— Claire Dubois and Antoine Moreau, co-founders</p></main>
          <footer><div><h4>Product</h4><a href="https://github.com/tidepool">GitHub</a></div></footer>`,
        '/hello': "<p>I'm Erik Lindqvist. I started Tidepool in 2015 in my flat in Gothenburg, Sweden.</p>",
        '/story': '<p>Tidepool was co-founded in 2017 by physiotherapist Aisha Rahman and software engineer Tom Becker.</p>',
      }),
    );
    expect(p.founders.map((f) => f.value.name).sort()).toEqual(
      ['Aisha Rahman', 'Antoine Moreau', 'Claire Dubois', 'Erik Lindqvist', 'Tom Becker'].sort(),
    );
    expect(p.socials.github?.value).toBe('https://github.com/tidepool');
  });

  it('reads questions under any heading whose sub-headings are all questions', async () => {
    const p = await draftVerified(
      site({
        '/buy': `<h1>Buy</h1><h2>Before you buy</h2><h3>Is there a free trial?</h3><p>Yes, 30 days.</p>
          <h3>Do you offer student discounts?</h3><p>Yes, 50% off.</p>`,
      }),
    );
    expect(p.faqs.map((f) => f.value.question)).toEqual(['Is there a free trial?', 'Do you offer student discounts?']);
  });

  it('reads plans in table rows named by their row header, and in cards named by a name element', async () => {
    const rows = await draftVerified(
      site({
        '/buy': `<h1>Buy</h1><p>Pay once.</p><table><tr><th>Personal licence</th><td>$49 one-time</td><td>3 computers</td></tr>
          <tr><th>Family licence</th><td>$79 one-time</td><td>5 people</td></tr></table>`,
      }),
    );
    expect([field(rows, 'pricing_model'), field(rows, 'pricing_summary')]).toEqual([
      'one-time',
      'Personal licence: $49 one-time; Family licence: $79 one-time',
    ]);
    const cards = await draftVerified(
      site({
        '/pricing': `<h1>Pricing</h1><div class="plans"><div class="plan"><p class="plan-name">Hobby</p><p class="price">$0/mo</p></div>
          <div class="plan"><p class="plan-name">Pro</p><p class="price">₹499/month</p></div>
          <div class="plan"><p class="plan-name">Enterprise</p><p class="price">Talk to sales</p></div></div>`,
      }),
    );
    expect(field(cards, 'pricing_summary')).toBe('Hobby: $0/mo; Pro: ₹499/month; Enterprise: Talk to sales');
  });
});
