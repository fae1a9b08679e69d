/** A meeting-notes tool from Ljubljana: plan cards with four tiers, an integrations block (Slack, Zoom) inside its features, a street address. */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
]);

const FOOTER = `<footer>
  <p>Made in Ljubljana</p>
  <p><a href="mailto:hello@minutely.example">hello@minutely.example</a></p>
  <ul class="social">
    <li><a href="https://x.com/minutelyhq" aria-label="Minutely on X">X</a></li>
    <li><a href="https://www.linkedin.com/company/minutely-notes/">LinkedIn</a></li>
  </ul>
  <p>© 2025 Minutely d.o.o. All rights reserved.</p>
</footer>`;

const HOME = page(
  'Minutely — Meeting notes that write themselves',
  'Minutely records your calls and turns them into clear meeting notes, action items and decisions.',
  `${NAV}
<main>
  <section class="hero">
    <h1>Meeting notes that write themselves</h1>
    <p>Minutely joins your Zoom, Google Meet and Microsoft Teams calls, transcribes the conversation and writes meeting notes your whole team can search later.</p>
    <a class="button" href="https://app.minutely.example/signup">Try it free</a>
  </section>
  <section>
    <h2>Features</h2>
    <ul>
      <li>Automatic transcription in 30 languages</li>
      <li>AI summaries with action items</li>
      <li>Searchable notes archive</li>
      <li>Shared team workspaces</li>
    </ul>
    <h3>Integrations</h3>
    <p>Post every summary to a Slack channel and keep the discussion going in your team's messaging.</p>
    <ul class="logos">
      <li>Slack</li>
      <li>Zoom</li>
      <li>Google Meet</li>
      <li>Notion</li>
    </ul>
  </section>
</main>
${FOOTER}`,
  '<meta property="og:site_name" content="Minutely">',
);

const PRICING = page(
  'Pricing — Minutely',
  'Simple plans for individuals and teams.',
  `${NAV}
<main>
  <h1>Pricing</h1>
  <div class="plans">
    <div class="plan">
      <h3>Free</h3>
      <p class="price">$0</p>
      <p>For trying Minutely on your own calls.</p>
      <ul><li>5 meetings a month</li><li>7-day history</li></ul>
    </div>
    <div class="plan featured">
      <span class="badge">Most popular</span>
      <h3>Pro</h3>
      <p class="price">$12<span class="period">/mo</span></p>
      <p>For people who live in meetings.</p>
      <ul><li>Unlimited meetings</li><li>Full history</li></ul>
    </div>
    <div class="plan">
      <h3>Team</h3>
      <p class="price">$29<span class="period">/user/mo</span></p>
      <p>Shared workspaces and admin controls.</p>
      <ul><li>Everything in Pro</li><li>Team workspaces</li></ul>
    </div>
    <div class="plan">
      <h3>Enterprise</h3>
      <p class="price">Contact us</p>
      <p>SSO, audit logs and a dedicated success manager.</p>
    </div>
  </div>
  <h2>Frequently asked questions</h2>
  <details><summary>Can I cancel anytime?</summary><p>Yes. Paid plans can be cancelled from the billing page at any time.</p></details>
  <details><summary>Do you offer discounts for nonprofits?</summary><p>Yes, nonprofits get 50% off the Pro and Team plans.</p></details>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'About us — Minutely',
  'The people behind Minutely.',
  `${NAV}
<main>
  <h1>About Minutely</h1>
  <p>Minutely was founded in 2021 by Nika Kralj and Luka Horvat, two product managers who were tired of taking notes instead of listening.</p>
  <p>Today we are a team of twelve people who care about calmer, shorter meetings and about keeping your recordings private.</p>
  <h2>Visit us</h2>
  <address>Minutely d.o.o.<br>Trubarjeva cesta 12<br>1000 Ljubljana, Slovenia</address>
</main>
${FOOTER}`,
);

export const minutely: CorpusSite = {
  host: 'minutely.example',
  pages: { '/': HOME, '/pricing': PRICING, '/about': ABOUT },
  facts: {
    name: 'Minutely',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: '$0' },
      { name: 'Pro', price: '$12' },
      { name: 'Team', price: '$29' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'SI',
    city: 'Ljubljana',
    founded_year: '2021',
    contact_email: 'hello@minutely.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['Note Taking'],
    alsoFineCategories: ['Productivity', 'AI Writing'],
    features: [
      'Automatic transcription in 30 languages',
      'AI summaries with action items',
      'Searchable notes archive',
      'Shared team workspaces',
    ],
    founders: ['Nika Kralj', 'Luka Horvat'],
    socials: { x: 'https://x.com/minutelyhq', linkedin: 'https://www.linkedin.com/company/minutely-notes/' },
    faqs: ['Can I cancel anytime?', 'Do you offer discounts for nonprofits?'],
  },
};
