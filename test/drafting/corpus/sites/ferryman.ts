/** Preview deployments from Amsterdam (written after the drafter's changes, not tuned to): plan names outside headings, "Let's talk", a GitHub and Slack integration sentence, city and country on separate lines. */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
]);

const FOOTER = `<footer>
  <p>Ferryman B.V.</p>
  <p>Keizersgracht 221<br>1016 DV Amsterdam<br>The Netherlands</p>
  <p><a href="https://github.com/ferryman-dev">GitHub</a> <a href="https://bsky.app/profile/ferryman.example">Bluesky</a></p>
</footer>`;

const HOME = page(
  'Ferryman | Preview deployments for every pull request',
  'Ferryman builds and deploys every pull request to its own preview URL, so reviewers can click instead of checking out branches.',
  `${NAV}
<main>
  <h1>A preview deployment for every pull request</h1>
  <p>Ferryman is a CI/CD platform for web teams: every push is built, tested and deployed to a preview URL in under two minutes.</p>
  <h2>Features</h2>
  <ul>
    <li>Preview URLs for every pull request</li>
    <li>Build caching</li>
    <li>One-click rollbacks</li>
  </ul>
  <p>Ferryman posts each preview link to GitHub and Slack, and comments on the pull request when the build fails.</p>
</main>
${FOOTER}`,
);

const PRICING = page(
  'Pricing | Ferryman',
  'Ferryman pricing.',
  `${NAV}
<main>
  <h1>Pricing</h1>
  <div class="plans">
    <div class="plan"><p class="plan-name">Hobby</p><p class="price">$0/mo</p><p>1 project</p></div>
    <div class="plan"><p class="plan-name">Pro</p><p class="price">$20/mo per seat</p><p>Unlimited projects</p></div>
    <div class="plan"><p class="plan-name">Enterprise</p><p class="price">Let's talk</p><p>Self-hosted runners and SSO</p></div>
  </div>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'About | Ferryman',
  'About Ferryman.',
  `${NAV}
<main>
  <h1>About</h1>
  <p>We started Ferryman in 2022 after years of waiting for staging servers. Ferryman is built by Daan de Vries and Sofie Jansen, who co-founded the company, and a small team of engineers.</p>
  <p>Say hi: <a href="mailto:ahoy@ferryman.example">ahoy@ferryman.example</a></p>
</main>
${FOOTER}`,
);

export const ferryman: CorpusSite = {
  host: 'ferryman.example',
  pages: { '/': HOME, '/pricing': PRICING, '/about': ABOUT },
  facts: {
    name: 'Ferryman',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Hobby', price: '$0' },
      { name: 'Pro', price: '$20' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'NL',
    city: 'Amsterdam',
    founded_year: '2022',
    contact_email: 'ahoy@ferryman.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['CI/CD'],
    alsoFineCategories: ['Developer Tools'],
    features: ['Preview URLs for every pull request', 'Build caching', 'One-click rollbacks'],
    founders: ['Daan de Vries', 'Sofie Jansen'],
    socials: { github: 'https://github.com/ferryman-dev', bluesky: 'https://bsky.app/profile/ferryman.example' },
    faqs: [],
  },
};
