/** Bookkeeping from Dublin (written after the drafter's changes, not tuned to): an address with a postal district, plans as rows under "Monthly" and "Yearly", FAQ questions in accordion buttons. */
import { jsonLd, nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
  ['/faq', 'FAQ'],
]);

const FOOTER = `<footer>
  <p>Cashmere Ltd., 7 Grand Canal Quay, Dublin 2, D02 X123, Ireland</p>
  <p><a href="https://www.linkedin.com/company/cashmere-books">LinkedIn</a> · <a href="https://www.facebook.com/cashmerebooks">Facebook</a></p>
</footer>`;

const HOME = page(
  'Cashmere — Bookkeeping for freelancers',
  'Cashmere is bookkeeping software for freelancers and sole traders: snap receipts, reconcile your bank and file your taxes on time.',
  `${NAV}
<main>
  <h1>Bookkeeping that does itself</h1>
  <p>Cashmere connects to your bank, sorts every transaction and keeps your receipts in order, so your tax return takes an evening instead of a week.</p>
  <h2>Why freelancers choose Cashmere</h2>
  <ul><li>Built for Irish and UK tax rules</li><li>Real accountants on chat</li><li>Your data stays in the EU</li></ul>
</main>
${FOOTER}`,
  jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Cashmere', email: 'hello@cashmere.example' }),
);

const PRICING = page(
  'Pricing — Cashmere',
  'Cashmere plans.',
  `${NAV}
<main>
  <h1>Pricing</h1>
  <table>
    <tr><th>Plan</th><th>Monthly</th><th>Yearly</th></tr>
    <tr><td>Sole Trader</td><td>€12 / month</td><td>€120 / year</td></tr>
    <tr><td>Limited Company</td><td>€25 / month</td><td>€250 / year</td></tr>
  </table>
  <p>All plans include a 30-day free trial.</p>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'About — Cashmere',
  'About Cashmere.',
  `${NAV}
<main>
  <h1>About Cashmere</h1>
  <p>Cashmere was founded in 2018 by Aoife Byrne, an accountant who was tired of shoeboxes full of receipts.</p>
</main>
${FOOTER}`,
);

const FAQ = page(
  'FAQ — Cashmere',
  null,
  `${NAV}
<main>
  <h1>FAQ</h1>
  <div class="accordion">
    <button>Can my accountant access my books?</button><div><p>Yes, invite them for free from the settings page.</p></div>
    <button>Which banks do you support?</button><div><p>All Irish and UK banks, and most banks in the EU.</p></div>
  </div>
</main>
${FOOTER}`,
);

export const cashmere: CorpusSite = {
  host: 'cashmere.example',
  pages: { '/': HOME, '/pricing': PRICING, '/about': ABOUT, '/faq': FAQ },
  facts: {
    name: 'Cashmere',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Sole Trader', price: '€12' },
      { name: 'Limited Company', price: '€25' },
    ],
    country: 'IE',
    city: 'Dublin',
    founded_year: '2018',
    contact_email: 'hello@cashmere.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['Bookkeeping'],
    alsoFineCategories: ['Finance'],
    features: [],
    founders: ['Aoife Byrne'],
    socials: { linkedin: 'https://www.linkedin.com/company/cashmere-books', facebook: 'https://www.facebook.com/cashmerebooks' },
    faqs: ['Can my accountant access my books?', 'Which banks do you support?'],
  },
};
