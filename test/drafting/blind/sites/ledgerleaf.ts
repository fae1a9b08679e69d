import { type CorpusSite, jsonLd, nav, page } from '../../corpus/types.js';

/** Bookkeeping for small US businesses; pricing in a table, the logo only in JSON-LD, a testimonial naming another city. */
const header = nav([
  ['/pricing', 'Pricing'],
  ['/faq', 'FAQ'],
  ['/about', 'Our story'],
  ['https://app.ledgerleaf.example/login', 'Log in'],
]);

const footer = `<footer>
  <p>Ledgerleaf, Inc. · 1100 S Congress Ave, Suite 210 · Austin, TX 78704</p>
  <p>Need a hand? Write to support@ledgerleaf.example and a real bookkeeper will answer within one business day.</p>
  <p class="social">
    <a href="https://twitter.com/ledgerleafhq" aria-label="Ledgerleaf on Twitter">Twitter</a> ·
    <a href="https://www.linkedin.com/company/ledgerleaf" aria-label="Ledgerleaf on LinkedIn">LinkedIn</a> ·
    <a href="https://www.facebook.com/ledgerleafhq" aria-label="Ledgerleaf on Facebook">Facebook</a>
  </p>
  <p>© 2018–2026 Ledgerleaf, Inc. Ledgerleaf is not a CPA firm.</p>
</footer>`;

const org = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Ledgerleaf',
  url: 'https://ledgerleaf.example',
  logo: 'https://ledgerleaf.example/static/ledgerleaf-logo.png',
});

const home = page(
  'Ledgerleaf | Bookkeeping software for small businesses',
  'Ledgerleaf keeps your books tidy: bank feeds, receipt matching and monthly reports, with a bookkeeper on call.',
  `${header}
<main>
  <section class="hero">
    <h1>Books that balance themselves.</h1>
    <p>Ledgerleaf is bookkeeping software for small businesses and the people who run them. Connect your bank, snap your receipts, and get a clean profit &amp; loss every month.</p>
    <a class="cta" href="https://app.ledgerleaf.example/signup">Try it free for 14 days</a>
  </section>
  <section class="video">
    <h2>See Ledgerleaf in 90 seconds</h2>
    <iframe width="560" height="315" src="https://www.youtube.com/embed/Lf8kQ2pX7aM" title="Ledgerleaf product tour" frameborder="0" allowfullscreen></iframe>
  </section>
  <section class="features">
    <h2>What you get</h2>
    <ul>
      <li><strong>Automatic bank feeds</strong> from over 9,000 US banks and credit unions</li>
      <li><strong>Receipt matching</strong> — forward a receipt by email and we attach it to the right transaction</li>
      <li><strong>Monthly close reports</strong> your accountant will actually like</li>
      <li><strong>1099 tracking</strong> for every contractor you pay</li>
    </ul>
  </section>
  <section class="testimonials">
    <h2>Loved by owners</h2>
    <figure>
      <blockquote>“I used to spend every other Sunday in spreadsheets. Now it takes ten minutes a month.”</blockquote>
      <figcaption>Priya Natarajan, owner of Juniper Bakehouse in Denver, Colorado</figcaption>
    </figure>
  </section>
</main>
${footer}`,
  org,
);

const pricing = page(
  'Pricing | Ledgerleaf',
  'Plans for every stage of your business. Every plan starts with a 14-day free trial.',
  `${header}
<main>
  <h1>Plans and pricing</h1>
  <p>Every plan starts with a 14-day free trial. No credit card required.</p>
  <table class="pricing">
    <thead><tr><th>Plan</th><th>Price</th><th>Bank accounts</th><th>Bookkeeper support</th></tr></thead>
    <tbody>
      <tr><td>Starter</td><td>$15/month</td><td>2</td><td>Email</td></tr>
      <tr><td>Growth</td><td>$39/month</td><td>10</td><td>Email and chat</td></tr>
      <tr><td>Scale</td><td>$79/month</td><td>Unlimited</td><td>Dedicated bookkeeper</td></tr>
    </tbody>
  </table>
  <p class="note">Prices in USD, billed monthly. Cancel any time.</p>
</main>
${footer}`,
  org,
);

const faq = page(
  'FAQ | Ledgerleaf',
  'Answers to common questions about Ledgerleaf.',
  `${header}
<main>
  <h1>Frequently asked questions</h1>
  <details><summary>Can I import my data from QuickBooks?</summary><p>Yes. Upload a QuickBooks export and Ledgerleaf maps your chart of accounts for you.</p></details>
  <details><summary>Is my financial data secure?</summary><p>We use read-only bank connections and encrypt everything at rest.</p></details>
  <details><summary>Do you file my taxes?</summary><p>No, but we prepare year-end reports your tax preparer can use directly.</p></details>
  <details><summary>What happens when my trial ends?</summary><p>You choose a plan or your account becomes read-only. We never delete your books.</p></details>
</main>
${footer}`,
);

const about = page(
  'Our story | Ledgerleaf',
  null,
  `${header}
<main>
  <h1>Our story</h1>
  <p>Ledgerleaf was founded in 2018 in Austin, Texas. Our founder, Marcus Bell, ran a food truck for six years and did his own books every night after closing. He wanted software that did the boring parts without a finance degree.</p>
  <p>Today a team of 24 — half engineers, half certified bookkeepers — looks after more than 11,000 businesses.</p>
</main>
${footer}`,
);

export const ledgerleaf: CorpusSite = {
  host: 'ledgerleaf.example',
  pages: { '/': home, '/pricing': pricing, '/faq': faq, '/about': about },
  facts: {
    name: 'Ledgerleaf',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Starter', price: '$15' },
      { name: 'Growth', price: '$39' },
      { name: 'Scale', price: '$79' },
    ],
    country: 'US',
    city: 'Austin',
    founded_year: '2018',
    contact_email: 'support@ledgerleaf.example',
    logo_url: 'https://ledgerleaf.example/static/ledgerleaf-logo.png',
    demo_video_url: 'https://www.youtube.com/embed/Lf8kQ2pX7aM',
    categories: ['Bookkeeping'],
    alsoFineCategories: ['Finance'],
    features: ['Automatic bank feeds', 'Receipt matching', 'Monthly close reports', '1099 tracking'],
    founders: ['Marcus Bell'],
    socials: {
      x: 'https://twitter.com/ledgerleafhq',
      linkedin: 'https://www.linkedin.com/company/ledgerleaf',
      facebook: 'https://www.facebook.com/ledgerleafhq',
    },
    faqs: [
      'Can I import my data from QuickBooks?',
      'Is my financial data secure?',
      'Do you file my taxes?',
      'What happens when my trial ends?',
    ],
  },
};
