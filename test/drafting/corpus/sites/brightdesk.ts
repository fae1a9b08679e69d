/** A CRM from London: a registered office address, "incorporated in England in 2017", a pricing table with a custom tier, an Intercom "live chat" integration, a testimonial naming another city. */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/pricing', 'Pricing'],
  ['/company', 'Company'],
  ['/legal', 'Legal'],
]);

const FOOTER = `<footer>
  <p>Brightdesk Ltd · Registered office: 20 Market Street, London EC2A 4NE, United Kingdom · Company no. 10987654</p>
  <p><a href="https://www.linkedin.com/company/brightdesk-crm">LinkedIn</a> <a href="https://x.com/brightdeskcrm">X</a></p>
</footer>`;

const HOME = page(
  'Brightdesk | The CRM small sales teams actually use',
  'Brightdesk is a simple CRM for small sales teams: track deals, contacts and follow-ups in one pipeline.',
  `${NAV}
<main>
  <h1>The CRM small sales teams actually use</h1>
  <p>Brightdesk keeps every deal, contact and follow-up in one visual sales pipeline, so small teams stop losing leads in spreadsheets and inboxes.</p>
  <h2>Everything you need to close</h2>
  <ul>
    <li>Visual sales pipeline</li>
    <li>Contact and company records</li>
    <li>Follow-up reminders</li>
    <li>Sales forecasting</li>
  </ul>
  <h2>Integrations</h2>
  <p>Syncs with Gmail and Outlook. Pull in conversations from Intercom and Drift live chat so every lead lands in your pipeline.</p>
  <blockquote>“Brightdesk is the CRM our team in Manchester actually opens every morning.” — Ellie Shaw, Sales Lead at Northwind</blockquote>
</main>
${FOOTER}`,
);

const PRICING = page(
  'Pricing | Brightdesk',
  'Brightdesk pricing.',
  `${NAV}
<main>
  <h1>Pricing</h1>
  <p>Try any plan free for 14 days.</p>
  <table>
    <thead><tr><th>Features</th><th>Basic</th><th>Plus</th><th>Enterprise</th></tr></thead>
    <tbody>
      <tr><td>Price</td><td>£15 per user/month</td><td>£35 per user/month</td><td>Custom</td></tr>
      <tr><td>Pipelines</td><td>1</td><td>Unlimited</td><td>Unlimited</td></tr>
    </tbody>
  </table>
</main>
${FOOTER}`,
);

const COMPANY = page(
  'Company | Brightdesk',
  'About Brightdesk Ltd.',
  `${NAV}
<main>
  <h1>Our company</h1>
  <p>Brightdesk Ltd was incorporated in England in 2017. We are a team of 25 people who sold software for years before we built it.</p>
  <h2>Leadership</h2>
  <div class="team">
    <div class="member"><h4>Oliver Bennett</h4><p>Founder &amp; CEO</p><a href="https://www.linkedin.com/in/oliverbennett">LinkedIn</a></div>
    <div class="member"><h4>Hannah Okoye</h4><p>Chief Revenue Officer</p></div>
  </div>
  <p>Customer support: <a href="mailto:support@brightdesk.example">support@brightdesk.example</a></p>
</main>
${FOOTER}`,
);

const LEGAL = page(
  'Legal | Brightdesk',
  null,
  `${NAV}
<main>
  <h1>Legal</h1>
  <p>Brightdesk Ltd, 20 Market Street, London EC2A 4NE, United Kingdom. Registered in England and Wales.</p>
</main>
${FOOTER}`,
);

export const brightdesk: CorpusSite = {
  host: 'brightdesk.example',
  pages: { '/': HOME, '/pricing': PRICING, '/company': COMPANY, '/legal': LEGAL },
  facts: {
    name: 'Brightdesk',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Basic', price: '£15' },
      { name: 'Plus', price: '£35' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'GB',
    city: 'London',
    founded_year: '2017',
    contact_email: 'support@brightdesk.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['CRM'],
    alsoFineCategories: ['Sales', 'Sales Engagement'],
    features: ['Visual sales pipeline', 'Contact and company records', 'Follow-up reminders', 'Sales forecasting'],
    founders: ['Oliver Bennett'],
    socials: { linkedin: 'https://www.linkedin.com/company/brightdesk-crm', x: 'https://x.com/brightdeskcrm' },
    faqs: [],
  },
};
