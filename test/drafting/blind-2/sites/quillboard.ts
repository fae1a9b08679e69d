import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Dashboards from Vancouver, BC, Canada: Canadian-dollar subscriptions with a trial, a timeline with a second office, team cards with staff, the same features on home and /features. */
const NAV = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
  ['/faq', 'FAQ'],
  ['/contact', 'Contact'],
]);
const LOGO = `<a href="/" class="site-logo"><img class="site-logo__img" src="/brand/quillboard-horizontal.svg" alt="Quillboard"></a>`;
const FOOTER = `<footer>
<p>Quillboard Analytics Inc. · 565 Great Northern Way, Vancouver, BC V5T 0H8, Canada</p>
<p><a href="https://ca.linkedin.com/company/quillboard">LinkedIn</a> · <a href="https://www.facebook.com/quillboard">Facebook</a></p>
<p>© 2026 Quillboard Analytics Inc.</p>
</footer>`;
const FEATURES = `<ul class="checks">
<li>Drag-and-drop dashboard builder</li>
<li>Live connections to Postgres, MySQL and BigQuery</li>
<li>Scheduled PDF snapshots</li>
<li>Embeddable charts</li>
</ul>`;

export const quillboard: CorpusSite = {
  host: 'quillboard.example',
  pages: {
    '/': page(
      'Quillboard — dashboards your whole company can read',
      'Connect your database and build dashboards anyone can read, without a data team.',
      `${LOGO}${NAV}
<main>
<h1>Dashboards your whole company can read.</h1>
<p>Quillboard connects straight to your database and turns the numbers you care about into clear, shareable dashboards — no data team required.</p>
<iframe src="https://www.youtube.com/embed/Tq4ZbN7cW2o?rel=0" title="Quillboard in 3 minutes" allowfullscreen></iframe>
${FEATURES}
<p>Try any plan free for 30 days.</p>
</main>
${FOOTER}`,
    ),
    '/features': page(
      'Features — Quillboard',
      null,
      `${LOGO}${NAV}
<main>
<h1>Features</h1>
${FEATURES}
<p>Plus row-level permissions, a SQL editor for those who want it, and dark mode.</p>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Pricing — Quillboard',
      null,
      `${LOGO}${NAV}
<main>
<h1>Pricing</h1>
<p>Prices in Canadian dollars. 30-day free trial on every plan, no card needed.</p>
<div class="grid">
<div class="box"><h2>Basic</h2><p>CA$25/mo</p><p>3 editors, 10 dashboards</p></div>
<div class="box"><h2>Pro</h2><p>CA$60/mo</p><p>10 editors, unlimited dashboards, embedding</p></div>
<div class="box"><h2>Enterprise</h2><p><a href="/contact">Contact sales</a></p><p>SSO, audit log, on-premise agent</p></div>
</div>
</main>
${FOOTER}`,
    ),
    '/about': page(
      'About — Quillboard',
      null,
      `${LOGO}${NAV}
<main>
<h1>About</h1>
<ol class="timeline">
<li><b>2019</b> — Harjit Sandhu and Emily Chow found Quillboard in a Gastown co-working space.</li>
<li><b>2021</b> — First 100 paying customers.</li>
<li><b>2024</b> — We open a second office in Toronto.</li>
</ol>
<h2>Leadership</h2>
<div class="people">
<div><h3>Harjit Sandhu</h3><p>Co-founder &amp; CEO</p></div>
<div><h3>Emily Chow</h3><p>Co-founder &amp; CTO</p></div>
<div><h3>Daniel Roy</h3><p>VP Sales (Toronto)</p></div>
<div><h3>Mei Lin</h3><p>Head of Design</p></div>
</div>
</main>
${FOOTER}`,
    ),
    '/faq': page(
      'FAQ — Quillboard',
      null,
      `${LOGO}${NAV}
<main>
<h1>FAQ</h1>
<h3>Do you store a copy of my data?</h3><p>No. Quillboard queries your database live and caches results for up to an hour.</p>
<h3>Can viewers see dashboards without a paid seat?</h3><p>Yes, viewers are free and unlimited.</p>
<h3>Is Quillboard hosted in Canada?</h3><p>Yes, in AWS Canada (Central), with a US region on request.</p>
</main>
${FOOTER}`,
    ),
    '/contact': page(
      'Contact — Quillboard',
      null,
      `${LOGO}${NAV}
<main>
<h1>Contact</h1>
<p>Sales and general questions: <a href="mailto:info@quillboard.example">info@quillboard.example</a></p>
<p>Or call us at +1 604 555 0199, 9–5 Pacific.</p>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Quillboard',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Basic', price: 'CA$25' },
      { name: 'Pro', price: 'CA$60' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'CA',
    city: 'Vancouver',
    founded_year: '2019',
    contact_email: 'info@quillboard.example',
    logo_url: '/brand/quillboard-horizontal.svg',
    demo_video_url: 'https://www.youtube.com/embed/Tq4ZbN7cW2o?rel=0',
    categories: ['Dashboards & BI'],
    alsoFineCategories: ['Analytics'],
    features: [
      'Drag-and-drop dashboard builder',
      'Live connections to Postgres, MySQL and BigQuery',
      'Scheduled PDF snapshots',
      'Embeddable charts',
    ],
    founders: ['Harjit Sandhu', 'Emily Chow'],
    socials: {
      linkedin: 'https://ca.linkedin.com/company/quillboard',
      facebook: 'https://www.facebook.com/quillboard',
    },
    faqs: ['Do you store a copy of my data?', 'Can viewers see dashboards without a paid seat?', 'Is Quillboard hosted in Canada?'],
  },
};
