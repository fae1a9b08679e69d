import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Expense management from Manchester; no founders named, a testimonial naming a person and another city, og:image besides the logo. */
const head =
  '<meta property="og:image" content="https://tallyho.example/social/og-default.jpg"><link rel="icon" href="/favicon-32.png" sizes="32x32">';

const header = `<header class="masthead">
  <a href="/"><img class="logo" src="/brand/tallyho-wordmark.svg" alt="Tallyho"></a>
  ${nav([
    ['/product', 'Product'],
    ['/pricing', 'Pricing'],
    ['/company', 'Company'],
  ])}
</header>`;

const footer = `<footer>
  <p>Tallyho Ltd is registered in England and Wales (company no. 09123456).</p>
  <p>Registered office: 3 Hardman Street, Spinningfields, Manchester M3 3HF, United Kingdom</p>
  <p>
    <a href="https://www.linkedin.com/company/tallyho-expenses">LinkedIn</a>
    <a href="https://twitter.com/tallyhoexpenses">Twitter</a>
  </p>
</footer>`;

const home = page(
  'Tallyho — expenses without the envelope of receipts',
  'Company cards, receipt capture and mileage claims for UK businesses, synced to your accounting software.',
  `${header}
<main>
  <section class="hero">
    <h1>Expenses, sorted by Friday.</h1>
    <p>Tallyho is expense management software for UK businesses with 10 to 500 people. Staff snap receipts, finance approves in bulk, and everything lands in Xero, Sage or QuickBooks with the right VAT code.</p>
    <a class="btn" href="/pricing">Start a free trial</a>
  </section>
  <section class="testimonial">
    <blockquote>“Month-end used to take our team three days. With Tallyho it's an afternoon.”</blockquote>
    <cite>Sarah Okafor, Finance Director at Brightwell Homes, Leeds</cite>
  </section>
  <section>
    <p>Trusted by over 1,200 British businesses since 2014.</p>
  </section>
</main>
${footer}`,
  head,
);

const product = page(
  'Product — Tallyho',
  null,
  `${header}
<main>
  <h1>The product</h1>
  <section><h2>Receipt capture with OCR</h2><p>Photograph a receipt; Tallyho reads the merchant, date, amount and VAT.</p></section>
  <section><h2>HMRC-approved mileage claims</h2><p>Claims calculated at the approved rates, with a GPS trail if you want one.</p></section>
  <section><h2>Virtual company cards</h2><p>Issue a card per person or per supplier, with limits you set.</p></section>
  <section><h2>Multi-level approvals</h2><p>Route claims to line managers, then finance, with rules by amount and department.</p></section>
</main>
${footer}`,
  head,
);

const pricing = page(
  'Pricing — Tallyho',
  null,
  `${header}
<main>
  <h1>Pricing</h1>
  <div class="plans">
    <div class="plan">
      <h3>Team</h3>
      <p class="price">£6 per user/month</p>
      <p>Receipt capture, mileage, approvals and accounting sync. 14-day free trial.</p>
    </div>
    <div class="plan">
      <h3>Enterprise</h3>
      <p class="price">Contact us</p>
      <p>Virtual cards, SSO, multiple entities and a dedicated account manager.</p>
    </div>
  </div>
  <p>All prices exclude VAT.</p>
  <h2>Questions about pricing</h2>
  <h3>Who counts as a user?</h3>
  <p>Anyone who submitted or approved an expense in the month. Inactive people are free.</p>
  <h3>Is there a setup fee?</h3>
  <p>No. We'll even migrate your old claims for free.</p>
</main>
${footer}`,
  head,
);

const company = page(
  'Company — Tallyho',
  null,
  `${header}
<main>
  <h1>About Tallyho</h1>
  <p>We're a team of 45 in Manchester, United Kingdom. We've been building Tallyho since 2014, and we're proud to be profitable and independent.</p>
  <p>Want to talk? Email <a href="mailto:hello@tallyho.example">hello@tallyho.example</a> or call 0161 000 0000.</p>
</main>
${footer}`,
  head,
);

export const tallyho: CorpusSite = {
  host: 'tallyho.example',
  pages: { '/': home, '/product': product, '/pricing': pricing, '/company': company },
  facts: {
    name: 'Tallyho',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Team', price: '£6' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'GB',
    city: 'Manchester',
    founded_year: '2014',
    contact_email: 'hello@tallyho.example',
    logo_url: '/brand/tallyho-wordmark.svg',
    demo_video_url: null,
    categories: ['Expense Management'],
    alsoFineCategories: ['Finance'],
    features: ['Receipt capture with OCR', 'HMRC-approved mileage claims', 'Virtual company cards', 'Multi-level approvals'],
    founders: [],
    socials: {
      linkedin: 'https://www.linkedin.com/company/tallyho-expenses',
      x: 'https://twitter.com/tallyhoexpenses',
    },
    faqs: ['Who counts as a user?', 'Is there a setup fee?'],
  },
};
