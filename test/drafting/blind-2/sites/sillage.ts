import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Log search for small ops teams, Nantes, France: a pricing table in euros, founders in a sentence, investors and a hosting city beside them. */
const NAV = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'Company'],
  ['/faq', 'FAQ'],
]);
const HEADER = `<div class="topbar"><a href="/"><img class="logo" src="/static/sillage-logo.svg" alt="Sillage" width="120"></a></div>${NAV}`;
const FOOTER = `<footer>
<p>© 2021–2026 Sillage SAS · 4 rue de la Fosse, 44000 Nantes</p>
<p>Questions? <a href="mailto:contact@sillage.example">contact@sillage.example</a></p>
<ul class="social">
<li><a href="https://www.linkedin.com/company/sillage-logs/">LinkedIn</a></li>
<li><a href="https://github.com/sillage-logs">GitHub</a></li>
<li><a href="https://x.com/sillagelogs">X</a></li>
</ul>
</footer>`;

export const sillage: CorpusSite = {
  host: 'sillage.example',
  pages: {
    '/': page(
      'Sillage — search every log line in under a second',
      'Sillage collects, indexes and searches your logs so small ops teams find the one line that matters.',
      `${HEADER}
<main>
<section class="hero">
<h1>Every log line, found in under a second.</h1>
<p>Sillage collects logs from your servers and containers, indexes them, and lets the whole team search them like a search engine. No query language to learn.</p>
<a class="btn" href="/pricing">Start free</a>
</section>
<section class="cards">
<div class="card"><h3>Live tail</h3><p>Watch lines arrive as they are written, filtered as you type.</p></div>
<div class="card"><h3>Structured search</h3><p>JSON fields become columns you can filter and group by.</p></div>
<div class="card"><h3>Alert rules</h3><p>Get a message in Slack or by email when a pattern shows up too often.</p></div>
</section>
<section class="quotes">
<blockquote>"We dropped two tools and our on-call rota is quieter for it." — Marta Kowal, SRE lead at Brightbyte, Wrocław</blockquote>
<blockquote>"Setup took an afternoon." — Ben Okafor, platform engineer, Leeds</blockquote>
</section>
<section><h2>Ships from what you already run</h2><p>Kubernetes, Docker, Vector, Fluent Bit, systemd journal and the Datadog Agent.</p></section>
</main>
${FOOTER}`,
    ),
    '/features': page(
      'Features — Sillage',
      null,
      `${HEADER}
<main>
<h1>What Sillage does</h1>
<section><h2>Live tail</h2><p>A terminal-like stream of your logs in the browser.</p></section>
<section><h2>Structured search</h2><p>Search free text or fields: <code>status:500 service:checkout</code>.</p></section>
<section><h2>Alert rules</h2><p>Thresholds on counts of matching lines, sent to Slack, PagerDuty or email.</p></section>
<section><h2>Saved views</h2><p>Share a query with its columns and time range by link.</p></section>
<section><h2>Retention policies</h2><p>Keep debug logs for 3 days and audit logs for a year, per source.</p></section>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Pricing — Sillage',
      'Simple monthly pricing in euros, VAT excluded.',
      `${HEADER}
<main>
<h1>Pricing</h1>
<p>Prices in euros per month, VAT excluded. Change plans whenever you like.</p>
<table class="plans">
<thead><tr><th>Plan</th><th>Price</th><th>Ingest</th><th>Retention</th></tr></thead>
<tbody>
<tr><td>Hobby</td><td>€0</td><td>1 GB / day</td><td>3 days</td></tr>
<tr><td>Team</td><td>€39 / month</td><td>20 GB / day</td><td>14 days</td></tr>
<tr><td>Scale</td><td>€149 / month</td><td>100 GB / day</td><td>30 days</td></tr>
<tr><td>Enterprise</td><td>Contact us</td><td>Custom</td><td>Up to 1 year</td></tr>
</tbody>
</table>
</main>
${FOOTER}`,
    ),
    '/about': page(
      'About Sillage',
      null,
      `${HEADER}
<main>
<h1>About us</h1>
<p>Sillage SAS was founded in 2021 in Nantes, France, by Élodie Marchand and Karim Benali, after years of grepping through servers at a logistics company.</p>
<p>We are eleven people today. Our data is hosted by Scaleway in Paris and never leaves the EU.</p>
<p>We raised a seed round in 2023 from Kima Ventures and Side Capital, with angels from Algolia and Doctolib.</p>
</main>
${FOOTER}`,
    ),
    '/faq': page(
      'FAQ — Sillage',
      null,
      `${HEADER}
<main>
<h1>Frequently asked questions</h1>
<h3>Where is my data stored?</h3>
<p>In Scaleway data centres in France.</p>
<h3>What happens when I go over my daily ingest?</h3>
<p>We keep indexing for the rest of the day and tell you; we never drop logs silently.</p>
<h3>Can I self-host Sillage?</h3>
<p>Not yet. Enterprise customers can get a dedicated cluster.</p>
<h3>Do you offer a discount for non-profits?</h3>
<p>Yes, 50% on Team and Scale.</p>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Sillage',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Hobby', price: '€0' },
      { name: 'Team', price: '€39' },
      { name: 'Scale', price: '€149' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'FR',
    city: 'Nantes',
    founded_year: '2021',
    contact_email: 'contact@sillage.example',
    logo_url: '/static/sillage-logo.svg',
    demo_video_url: null,
    categories: ['Monitoring & Logging'],
    alsoFineCategories: ['Developer Tools'],
    features: ['Live tail', 'Structured search', 'Alert rules', 'Saved views', 'Retention policies'],
    founders: ['Élodie Marchand', 'Karim Benali'],
    socials: {
      linkedin: 'https://www.linkedin.com/company/sillage-logs/',
      github: 'https://github.com/sillage-logs',
      x: 'https://x.com/sillagelogs',
    },
    faqs: [
      'Where is my data stored?',
      'What happens when I go over my daily ingest?',
      'Can I self-host Sillage?',
      'Do you offer a discount for non-profits?',
    ],
  },
};
