/** Uptime monitoring from Berlin: JSON-LD organization (address, founding date, founders, sameAs), a pricing table with plans as rows, FAQ JSON-LD, an embedded demo video. */
import { jsonLd, nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/pricing', 'Pricing'],
  ['/about', 'Company'],
  ['/faq', 'FAQ'],
]);

const ORG = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Pingwell',
  url: 'https://pingwell.example/',
  logo: 'https://pingwell.example/img/pingwell-logo.png',
  foundingDate: '2020-03-15',
  founder: [
    { '@type': 'Person', name: 'Jonas Weber' },
    { '@type': 'Person', name: 'Elif Yilmaz' },
  ],
  address: {
    '@type': 'PostalAddress',
    streetAddress: 'Torstraße 140',
    addressLocality: 'Berlin',
    postalCode: '10119',
    addressCountry: 'DE',
  },
  email: 'team@pingwell.example',
  sameAs: ['https://github.com/pingwell', 'https://x.com/pingwell_io', 'https://hachyderm.io/@pingwell'],
});

const FOOTER = `<footer><p>Pingwell GmbH · <a href="mailto:team@pingwell.example">team@pingwell.example</a></p></footer>`;

const HOME = page(
  'Pingwell - Uptime monitoring and status pages',
  'Pingwell checks your websites and APIs every 30 seconds and alerts you before your customers notice.',
  `${NAV}
<main>
  <h1>Know when your site is down, before your customers do</h1>
  <p>Pingwell is uptime monitoring for small engineering teams: HTTP, ping and cron checks every 30 seconds from six regions, with public status pages included.</p>
  <iframe src="https://www.youtube.com/embed/pw9demo2024" title="Pingwell in 90 seconds"></iframe>
  <h2>Key features</h2>
  <ul>
    <li>30-second checks from six regions</li>
    <li>Public status pages</li>
    <li>Cron job monitoring</li>
    <li>SSL certificate expiry alerts</li>
  </ul>
  <h2>Alerts where you work</h2>
  <p>Get alerts by email, SMS, Slack, Discord or PagerDuty.</p>
</main>
${FOOTER}`,
  `<meta property="og:site_name" content="Pingwell">${ORG}`,
);

const PRICING = page(
  'Pricing - Pingwell',
  'Pingwell plans.',
  `${NAV}
<main>
  <h1>Pricing</h1>
  <table>
    <tr><th>Plan</th><th>Price</th><th>Monitors</th><th>Check interval</th></tr>
    <tr><td>Hobby</td><td>Free</td><td>10</td><td>3 minutes</td></tr>
    <tr><td>Startup</td><td>€19 / month</td><td>50</td><td>30 seconds</td></tr>
    <tr><td>Business</td><td>€79 / month</td><td>250</td><td>30 seconds</td></tr>
  </table>
  <p>Prices exclude VAT. Annual billing saves two months.</p>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'Company - Pingwell',
  'About Pingwell GmbH.',
  `${NAV}
<main>
  <h1>We keep an eye on the internet</h1>
  <p>Pingwell GmbH builds monitoring tools that are simple enough for a two-person startup and reliable enough for a bank. We are a small, independent and profitable company.</p>
</main>
${FOOTER}`,
  ORG,
);

const FAQ_LD = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: [
    {
      '@type': 'Question',
      name: 'Where do the checks run from?',
      acceptedAnswer: { '@type': 'Answer', text: 'From six regions: Frankfurt, London, Virginia, Oregon, Singapore and Sydney.' },
    },
    {
      '@type': 'Question',
      name: 'Is there a free plan?',
      acceptedAnswer: { '@type': 'Answer', text: 'Yes, the Hobby plan is free forever for up to 10 monitors.' },
    },
  ],
});

const FAQ = page(
  'FAQ - Pingwell',
  null,
  `${NAV}
<main>
  <h1>Frequently asked questions</h1>
  <h3>Where do the checks run from?</h3>
  <p>From six regions: Frankfurt, London, Virginia, Oregon, Singapore and Sydney.</p>
  <h3>Is there a free plan?</h3>
  <p>Yes, the Hobby plan is free forever for up to 10 monitors.</p>
</main>
${FOOTER}`,
  FAQ_LD,
);

export const pingwell: CorpusSite = {
  host: 'pingwell.example',
  pages: { '/': HOME, '/pricing': PRICING, '/about': ABOUT, '/faq': FAQ },
  facts: {
    name: 'Pingwell',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Hobby', price: 'free' },
      { name: 'Startup', price: '€19' },
      { name: 'Business', price: '€79' },
    ],
    country: 'DE',
    city: 'Berlin',
    founded_year: '2020',
    contact_email: 'team@pingwell.example',
    logo_url: 'https://pingwell.example/img/pingwell-logo.png',
    demo_video_url: 'https://www.youtube.com/embed/pw9demo2024',
    categories: ['Monitoring & Logging'],
    alsoFineCategories: ['Developer Tools'],
    features: ['30-second checks from six regions', 'Public status pages', 'Cron job monitoring', 'SSL certificate expiry alerts'],
    founders: ['Jonas Weber', 'Elif Yilmaz'],
    socials: { github: 'https://github.com/pingwell', x: 'https://x.com/pingwell_io', mastodon: 'https://hachyderm.io/@pingwell' },
    faqs: ['Where do the checks run from?', 'Is there a free plan?'],
  },
};
