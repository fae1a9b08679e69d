import { type CorpusSite, jsonLd, nav, page } from '../../corpus/types.js';

/** Managed Postgres from Cape Town, South Africa: hourly prices in rand, a JSON-LD ImageObject logo, a letter signed by the founder, FAQs in a dl. */
const ORG = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Tidepool Data (Pty) Ltd',
  url: 'https://tidepool.example/',
  logo: { '@type': 'ImageObject', url: 'https://tidepool.example/media/tidepool-wordmark.png', width: 320, height: 80 },
  foundingDate: '2018',
  address: { '@type': 'PostalAddress', addressLocality: 'Cape Town', addressCountry: 'ZA' },
});
const NAV = nav([
  ['/product', 'Product'],
  ['/pricing', 'Pricing'],
  ['/story', 'Our story'],
  ['/help', 'Help'],
]);
const FOOTER = `<footer>
<address>Tidepool Data (Pty) Ltd, 3rd Floor, 90 Bree Street, Cape Town, 8001, South Africa</address>
<p>Talk to a human: <a href="mailto:support@tidepool.example">support@tidepool.example</a></p>
<p><a href="https://za.linkedin.com/company/tidepool-data">LinkedIn</a> | <a href="https://twitter.com/tidepooldata">Twitter</a> | <a href="https://www.youtube.com/@tidepooldata">YouTube</a></p>
</footer>`;

export const tidepool: CorpusSite = {
  host: 'tidepool.example',
  pages: {
    '/': page(
      'Tidepool — managed Postgres close to your users',
      'Managed PostgreSQL with point-in-time recovery, hosted in Johannesburg and Cape Town.',
      `${NAV}
<main>
<h1>Postgres, looked after.</h1>
<p>Tidepool runs PostgreSQL for you in African data centres, so your app's database is milliseconds from your users instead of an ocean away.</p>
<p><a href="https://vimeo.com/812345678">Watch the 3-minute tour</a></p>
<p>Regions: Johannesburg, Cape Town, Lagos (beta), and London for replicas.</p>
<blockquote>"Latency on our checkout dropped from 180 ms to 9 ms." — Pieter van Wyk, CTO of Shopsnel, Durban</blockquote>
</main>
${FOOTER}`,
      ORG,
    ),
    '/product': page(
      'Product — Tidepool',
      null,
      `${NAV}
<main>
<h1>Everything a production database needs</h1>
<ul class="features">
<li><strong>Point-in-time recovery</strong> to any second in the last 7 days</li>
<li><strong>Read replicas</strong> in another region with one click</li>
<li><strong>Connection pooling</strong> built in, with PgBouncer</li>
<li><strong>Automatic minor upgrades</strong> in a maintenance window you choose</li>
<li><strong>Query insights</strong> showing your slowest statements</li>
</ul>
<p>Compatible with Prisma, Django, Rails, Laravel and anything that speaks Postgres.</p>
</main>
${FOOTER}`,
      ORG,
    ),
    '/pricing': page(
      'Pricing — Tidepool',
      null,
      `${NAV}
<main>
<h1>Pay by the hour</h1>
<p>No contracts and no minimums. Instances are billed per hour in South African rand, VAT included; storage is billed per GB.</p>
<div class="plan"><h2>Starter</h2><p class="price">R0.40/hour</p><p>1 vCPU, 1 GB RAM. Good for side projects.</p></div>
<div class="plan"><h2>Standard</h2><p class="price">R0.95/hour</p><p>2 vCPU, 4 GB RAM, daily backups.</p></div>
<div class="plan"><h2>Dedicated</h2><p class="price">R2.80/hour</p><p>4 dedicated vCPU, 16 GB RAM, replicas.</p></div>
<p>Storage: R2.10 per GB per month.</p>
</main>
${FOOTER}`,
      ORG,
    ),
    '/story': page(
      'Our story — Tidepool',
      null,
      `${NAV}
<main>
<h1>Why we built Tidepool</h1>
<p>Since 2018 we have been hosting databases for teams across the continent. It started with a simple frustration: every managed database we could buy was in Europe or Virginia, and our users were in Cape Town and Nairobi.</p>
<p>Today Tidepool looks after more than 3,000 databases. We are still small, still independent, and still answer every support email ourselves.</p>
<p class="signature">— Thandi Mokoena, founder</p>
</main>
${FOOTER}`,
      ORG,
    ),
    '/help': page(
      'Help — Tidepool',
      null,
      `${NAV}
<main>
<h1>Common questions</h1>
<dl>
<dt>Which Postgres versions do you run?</dt><dd>14, 15, 16 and 17.</dd>
<dt>Can I move my existing database to Tidepool?</dt><dd>Yes, with pg_dump or with logical replication for no downtime.</dd>
<dt>How do I pay?</dt><dd>By card or EFT, in rand.</dd>
</dl>
</main>
${FOOTER}`,
      ORG,
    ),
  },
  facts: {
    name: 'Tidepool',
    pricing_model: 'paid',
    pricing: [
      { name: 'Starter', price: 'R0.40' },
      { name: 'Standard', price: 'R0.95' },
      { name: 'Dedicated', price: 'R2.80' },
    ],
    country: 'ZA',
    city: 'Cape Town',
    founded_year: '2018',
    contact_email: 'support@tidepool.example',
    logo_url: 'https://tidepool.example/media/tidepool-wordmark.png',
    demo_video_url: 'https://vimeo.com/812345678',
    categories: ['Databases'],
    alsoFineCategories: ['Developer Tools'],
    features: ['Point-in-time recovery', 'Read replicas', 'Connection pooling', 'Automatic minor upgrades', 'Query insights'],
    founders: ['Thandi Mokoena'],
    socials: {
      linkedin: 'https://za.linkedin.com/company/tidepool-data',
      x: 'https://twitter.com/tidepooldata',
      youtube: 'https://www.youtube.com/@tidepooldata',
    },
    faqs: ['Which Postgres versions do you run?', 'Can I move my existing database to Tidepool?', 'How do I pay?'],
  },
};
