import { type CorpusSite, jsonLd, nav, page } from '../../corpus/types.js';

/** Online payments for small shops in New Zealand; pay-per-transaction pricing, the logo in JSON-LD and an img, FAQs in a dl. */
const header = `<header>
  <a href="/"><img class="logo" src="/images/tuipay-logo.svg" alt="Tuipay"></a>
  ${nav([
    ['/pricing', 'Pricing'],
    ['/faq', 'FAQ'],
    ['/about', 'About'],
  ])}
</header>`;

const org = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Tuipay',
  url: 'https://tuipay.example/',
  logo: 'https://tuipay.example/images/tuipay-logo.svg',
  address: { '@type': 'PostalAddress', addressLocality: 'Auckland', addressCountry: 'NZ' },
  foundingDate: '2018',
});

const footer = `<footer>
  <p>Tuipay Limited · Level 3, 12 Customs Street East, Auckland 1010, New Zealand</p>
  <p><a href="https://www.facebook.com/tuipaynz">Facebook</a> · <a href="https://nz.linkedin.com/company/tuipay">LinkedIn</a></p>
  <p>Email <a href="mailto:kiaora@tuipay.example">kiaora@tuipay.example</a></p>
  <p>© 2026 Tuipay Limited. Tuipay is a registered financial service provider (FSP123456).</p>
</footer>`;

const home = page(
  'Tuipay — take payments online, the Kiwi way',
  'Card, Apple Pay and account-to-account payments for New Zealand small businesses. No monthly fees.',
  `${header}
<main>
  <section class="hero">
    <h1>Get paid online. Keep more of it.</h1>
    <p>Tuipay is a payment gateway for New Zealand small businesses. Add a checkout to your online shop, send payment links by text, and get paid out the next business day.</p>
    <a class="btn" href="https://dashboard.tuipay.example/signup">Create a free account</a>
  </section>
  <section class="demo">
    <iframe src="https://player.vimeo.com/video/690112233?h=4f2c1e" title="Setting up Tuipay" allowfullscreen></iframe>
  </section>
  <section>
    <h2>Everything you need to get paid</h2>
    <div class="cards">
      <div class="card"><h3>Hosted checkout page</h3></div>
      <div class="card"><h3>Payment links by SMS and email</h3></div>
      <div class="card"><h3>Next-day payouts to any NZ bank</h3></div>
      <div class="card"><h3>Plugins for Shopify and WooCommerce</h3></div>
    </div>
  </section>
</main>
${footer}`,
  org,
);

const pricing = page(
  'Pricing — Tuipay',
  null,
  `${header}
<main>
  <h1>No monthly fees. Ever.</h1>
  <p>You only pay when you get paid.</p>
  <div class="rates">
    <div class="rate"><h2>Standard</h2><p>1.9% + 30c per card transaction</p><p>Visa, Mastercard, Apple Pay and Google Pay.</p></div>
    <div class="rate"><h2>Account-to-account</h2><p>0.9% per transaction, capped at $3</p><p>Paid straight from the customer's bank.</p></div>
    <div class="rate"><h2>High volume</h2><p>Custom rates</p><p>Processing more than $1M a year? Let's talk.</p></div>
  </div>
  <p>All prices in NZD and exclude GST.</p>
</main>
${footer}`,
  org,
);

const faq = page(
  'FAQ — Tuipay',
  null,
  `${header}
<main>
  <h1>FAQ</h1>
  <dl class="faq">
    <dt>How fast do I get paid?</dt>
    <dd>Payouts land in your bank account the next business day.</dd>
    <dt>Are there setup or cancellation fees?</dt>
    <dd>No. You can close your account at any time.</dd>
    <dt>Which banks do you support?</dt>
    <dd>All registered New Zealand banks, including ANZ, ASB, BNZ, Westpac and Kiwibank.</dd>
  </dl>
</main>
${footer}`,
  org,
);

const about = page(
  'About — Tuipay',
  null,
  `${header}
<main>
  <h1>About Tuipay</h1>
  <p>Tuipay started in 2018 in Auckland with a simple idea: small Kiwi businesses shouldn't pay big-bank fees to take a card payment online. We're named after the tūī, a noisy native bird that never misses a thing.</p>
</main>
${footer}`,
  org,
);

export const tuipay: CorpusSite = {
  host: 'tuipay.example',
  pages: { '/': home, '/pricing': pricing, '/faq': faq, '/about': about },
  facts: {
    name: 'Tuipay',
    pricing_model: 'paid',
    pricing: [
      { name: 'Standard', price: '1.9%' },
      { name: 'Account-to-account', price: '0.9%' },
      { name: 'High volume', price: 'contact' },
    ],
    country: 'NZ',
    city: 'Auckland',
    founded_year: '2018',
    contact_email: 'kiaora@tuipay.example',
    logo_url: '/images/tuipay-logo.svg',
    demo_video_url: 'https://player.vimeo.com/video/690112233?h=4f2c1e',
    categories: ['Payments'],
    alsoFineCategories: ['Finance'],
    features: [
      'Hosted checkout page',
      'Payment links by SMS and email',
      'Next-day payouts to any NZ bank',
      'Plugins for Shopify and WooCommerce',
    ],
    founders: [],
    socials: {
      facebook: 'https://www.facebook.com/tuipaynz',
      linkedin: 'https://nz.linkedin.com/company/tuipay',
    },
    faqs: ['How fast do I get paid?', 'Are there setup or cancellation fees?', 'Which banks do you support?'],
  },
};
