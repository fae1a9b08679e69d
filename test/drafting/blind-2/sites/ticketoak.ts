import { type CorpusSite, page } from '../../corpus/types.js';

/** A help desk from Prague, Czech Republic: koruna prices per agent, founder cards beside an advisor and investors, FAQs as h4 items of an ordered list, a Brno partner office. */
const HEADER = `<header class="header"><a href="/"><img class="header__logo" src="/static/img/ticketoak-logo.svg" alt="Ticketoak"></a>
<nav><a href="/features">Features</a><a href="/pricing">Pricing</a><a href="/company">Company</a><a href="/faq">FAQ</a></nav></header>`;
const FOOTER = `<footer>
<p>Ticketoak s.r.o., Karlínské náměstí 12, 186 00 Praha 8, Czech Republic · IČO 04512345</p>
<p>Support: <a href="mailto:support@ticketoak.example">support@ticketoak.example</a></p>
<p><a href="https://www.facebook.com/ticketoak">Facebook</a> <a href="https://cz.linkedin.com/company/ticketoak">LinkedIn</a> <a href="https://www.instagram.com/ticketoak/">Instagram</a></p>
<p>© 2015–2026 Ticketoak</p>
</footer>`;

export const ticketoak: CorpusSite = {
  host: 'ticketoak.example',
  pages: {
    '/': page(
      'Ticketoak — the help desk for growing e-shops',
      'One inbox for email, chat and Messenger, with SLA timers and satisfaction surveys.',
      `${HEADER}
<main>
<h1>Every customer question in one place.</h1>
<p>Ticketoak brings email, web chat and Facebook Messenger into one shared inbox, so your support team answers faster and nothing falls through the cracks.</p>
<p>Built for online shops: connects to Shoptet, Shopify, WooCommerce and PrestaShop.</p>
<blockquote>"Our first-response time went from 9 hours to 40 minutes." — Lukáš Beneš, head of support at Horolezec outdoor shop, Ostrava</blockquote>
</main>
${FOOTER}`,
    ),
    '/features': page(
      'Features — Ticketoak',
      null,
      `${HEADER}
<main>
<h1>Features</h1>
<ul class="feature-list">
<li>Shared inbox for email, chat and Messenger</li>
<li>Canned responses</li>
<li>SLA timers</li>
<li>Customer satisfaction surveys</li>
<li>Order details next to every ticket</li>
</ul>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Pricing — Ticketoak',
      null,
      `${HEADER}
<main>
<h1>Pricing</h1>
<p>Prices per agent per month, excluding VAT. Invoices in CZK or EUR.</p>
<table>
<thead><tr><th>Free</th><th>Standard</th><th>Premium</th></tr></thead>
<tbody>
<tr><td>0 Kč</td><td>290 Kč</td><td>590 Kč</td></tr>
<tr><td>1 agent, email only</td><td>Email, chat, Messenger</td><td>Everything, plus SLA timers and API</td></tr>
</tbody>
</table>
</main>
${FOOTER}`,
    ),
    '/company': page(
      'Company — Ticketoak',
      null,
      `${HEADER}
<main>
<h1>Company</h1>
<p>Ticketoak s.r.o. was founded in 2015 in Prague. Today 30 of us look after 2,400 shops in Czechia, Slovakia, Poland and Hungary.</p>
<h2>Founders</h2>
<div class="cards">
<div class="card"><h3>Jana Svobodová</h3><p>Co-founder, product</p></div>
<div class="card"><h3>Petr Novotný</h3><p>Co-founder, engineering</p></div>
</div>
<h2>Advisors and investors</h2>
<p>Eva Horáková (advisor, former COO of a large Czech marketplace). Investors: Reflex Capital and Nation 1.</p>
<p>Our implementation partner for Slovakia, Helpdesk Partners, has its office in Bratislava.</p>
</main>
${FOOTER}`,
    ),
    '/faq': page(
      'FAQ — Ticketoak',
      null,
      `${HEADER}
<main>
<h1>FAQ</h1>
<ol class="faq">
<li><h4>Is there a free trial of Premium?</h4><p>Yes, 14 days, no card needed.</p></li>
<li><h4>Can customers write to us in Czech and Slovak?</h4><p>Of course; the customer side of Ticketoak speaks seven languages.</p></li>
<li><h4>Do you have a Shoptet add-on?</h4><p>Yes, install it from the Shoptet add-on store.</p></li>
</ol>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Ticketoak',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: '0 Kč' },
      { name: 'Standard', price: '290 Kč' },
      { name: 'Premium', price: '590 Kč' },
    ],
    country: 'CZ',
    city: 'Prague',
    founded_year: '2015',
    contact_email: 'support@ticketoak.example',
    logo_url: '/static/img/ticketoak-logo.svg',
    demo_video_url: null,
    categories: ['Help Desk'],
    alsoFineCategories: ['Customer Support', 'Live Chat'],
    features: [
      'Shared inbox for email, chat and Messenger',
      'Canned responses',
      'SLA timers',
      'Customer satisfaction surveys',
      'Order details next to every ticket',
    ],
    founders: ['Jana Svobodová', 'Petr Novotný'],
    socials: {
      facebook: 'https://www.facebook.com/ticketoak',
      linkedin: 'https://cz.linkedin.com/company/ticketoak',
      instagram: 'https://www.instagram.com/ticketoak/',
    },
    faqs: ['Is there a free trial of Premium?', 'Can customers write to us in Czech and Slovak?', 'Do you have a Shoptet add-on?'],
  },
};
