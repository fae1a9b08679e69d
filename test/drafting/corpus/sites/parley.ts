/** A live chat widget from Toronto (the category is right here): a pricing table with plans as columns and per-agent prices, an integrations list, JSON-LD founding date, team cards. */
import { jsonLd, nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/team', 'Team'],
]);

const FOOTER = `<footer>
  <p>Parley Software Inc. is based in Toronto, Canada.</p>
  <p><a href="https://www.linkedin.com/company/parleychat">LinkedIn</a> <a href="https://www.youtube.com/@parleychat">YouTube</a></p>
  <p>Sales: <a href="mailto:sales@parley.example">sales@parley.example</a></p>
</footer>`;

const HOME = page(
  'Parley · Live chat for your website',
  'Parley is a live chat widget for small businesses: talk to website visitors in real time and turn questions into sales.',
  `${NAV}
<main>
  <h1>Live chat that feels like a conversation</h1>
  <p>Parley adds a friendly live chat widget to your website so your team can answer visitors in real time, from the browser or from our mobile apps.</p>
  <h2>Integrations</h2>
  <p>Parley integrates with the tools your team already uses.</p>
  <ul><li>Slack</li><li>Shopify</li><li>HubSpot</li><li>Zapier</li></ul>
</main>
${FOOTER}`,
  jsonLd({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Parley',
    foundingDate: '2018',
    url: 'https://parley.example/',
  }),
);

const FEATURES = page(
  'Features · Parley',
  'What Parley does.',
  `${NAV}
<main>
  <h1>Features</h1>
  <ul>
    <li><strong>Customisable widget.</strong> Match your brand's colours and voice in a few clicks.</li>
    <li><strong>Mobile apps for agents.</strong> Answer chats from your phone on iOS and Android.</li>
    <li><strong>Canned responses.</strong> Save answers to the questions you hear every day.</li>
    <li><strong>Chat transcripts.</strong> Every conversation lands in your inbox.</li>
  </ul>
</main>
${FOOTER}`,
);

const PRICING = page(
  'Pricing · Parley',
  'Plans for every team size.',
  `${NAV}
<main>
  <h1>Plans</h1>
  <table>
    <tr><th>Starter</th><th>Growth</th><th>Scale</th></tr>
    <tr><td>$0</td><td>$19 per agent / month</td><td>$49 per agent / month</td></tr>
    <tr><td>1 agent</td><td>Up to 10 agents</td><td>Unlimited agents</td></tr>
  </table>
</main>
${FOOTER}`,
);

const TEAM = page(
  'Team · Parley',
  'The people behind Parley.',
  `${NAV}
<main>
  <h1>Meet the team</h1>
  <div class="team">
    <div class="member"><img src="/img/priya.jpg" alt="Priya Nair"><h4>Priya Nair</h4><p>Founder &amp; CEO</p></div>
    <div class="member"><img src="/img/ben.jpg" alt="Ben Okafor"><h4>Ben Okafor</h4><p>Head of Engineering</p></div>
  </div>
</main>
${FOOTER}`,
);

export const parley: CorpusSite = {
  host: 'parley.example',
  pages: { '/': HOME, '/features': FEATURES, '/pricing': PRICING, '/team': TEAM },
  facts: {
    name: 'Parley',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Starter', price: '$0' },
      { name: 'Growth', price: '$19' },
      { name: 'Scale', price: '$49' },
    ],
    country: 'CA',
    city: 'Toronto',
    founded_year: '2018',
    contact_email: 'sales@parley.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['Live Chat'],
    alsoFineCategories: ['Customer Support', 'Help Desk', 'Chatbots'],
    features: ['Customisable widget', 'Mobile apps for agents', 'Canned responses', 'Chat transcripts'],
    founders: ['Priya Nair'],
    socials: { linkedin: 'https://www.linkedin.com/company/parleychat', youtube: 'https://www.youtube.com/@parleychat' },
    faqs: [],
  },
};
