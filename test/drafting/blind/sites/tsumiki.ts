import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** An API mocking tool from Osaka; prices in yen, a company-overview table, team cards. */
const header = `<header class="gnav">
  <a href="/"><img class="logo" src="/img/tsumiki-logo.svg" alt="Tsumiki"></a>
  ${nav([
    ['/pricing', 'Pricing'],
    ['/company', 'Company'],
    ['https://docs.tsumiki.example', 'Docs'],
  ])}
</header>`;

const footer = `<footer>
  <ul>
    <li><a href="https://x.com/tsumiki_dev">X (Twitter)</a></li>
    <li><a href="https://github.com/tsumiki-dev">GitHub</a></li>
  </ul>
  <p>Copyright © Tsumiki K.K.</p>
</footer>`;

const home = page(
  'Tsumiki – Mock APIs in seconds from your OpenAPI file',
  'Tsumiki turns an OpenAPI or GraphQL schema into a working mock server, so front-end teams never wait for the backend.',
  `${header}
<main>
  <section class="hero">
    <h1>Build the front end before the backend exists.</h1>
    <p>Tsumiki reads your OpenAPI or GraphQL schema and gives you a hosted mock server with realistic data in seconds. Share the URL with your team, and switch to the real API when it's ready.</p>
    <a class="btn" href="https://app.tsumiki.example/signup">Start free</a>
  </section>
  <section class="features">
    <h2>Features</h2>
    <div class="feature"><h3>Mock servers from OpenAPI and GraphQL</h3><p>Upload a schema, get a URL.</p></div>
    <div class="feature"><h3>Realistic fake data</h3><p>Names, addresses and dates in Japanese and English.</p></div>
    <div class="feature"><h3>Contract tests against the real API</h3><p>Catch drift between the schema and the implementation in CI.</p></div>
    <div class="feature"><h3>Request logs</h3><p>Every call to your mock, searchable for 30 days.</p></div>
  </section>
  <section>
    <h2>FAQ</h2>
    <h3>Which OpenAPI versions are supported?</h3>
    <p>OpenAPI 3.0 and 3.1. Swagger 2.0 files are converted automatically.</p>
    <h3>Can I run Tsumiki on-premises?</h3>
    <p>Yes, the Team plan includes a Docker image you can run in your own network.</p>
  </section>
</main>
${footer}`,
);

const pricing = page(
  'Pricing – Tsumiki',
  null,
  `${header}
<main>
  <h1>Pricing</h1>
  <p>Prices include consumption tax.</p>
  <div class="plans">
    <section><h2>Free</h2><p class="yen">¥0</p><p>2 mock servers, 1,000 requests a day.</p></section>
    <section><h2>Pro</h2><p class="yen">¥1,200 / month</p><p>Unlimited mocks, contract tests, 30-day logs.</p></section>
    <section><h2>Team</h2><p class="yen">¥4,800 / month</p><p>Up to 10 members, on-premises Docker image, SSO.</p></section>
  </div>
</main>
${footer}`,
);

const company = page(
  'Company – Tsumiki',
  null,
  `${header}
<main>
  <h1>Company overview</h1>
  <table class="overview">
    <tr><th>Company name</th><td>Tsumiki K.K.</td></tr>
    <tr><th>Established</th><td>April 2021</td></tr>
    <tr><th>Location</th><td>2-3-1 Umeda, Kita-ku, Osaka, Japan</td></tr>
    <tr><th>Representative</th><td>Haruto Sato</td></tr>
    <tr><th>Contact</th><td>info@tsumiki.example</td></tr>
  </table>
  <h2>Team</h2>
  <div class="members">
    <div class="member"><h3>Haruto Sato</h3><p>Founder &amp; CEO</p><p>Previously a backend engineer at a large e-commerce company in Tokyo.</p></div>
    <div class="member"><h3>Yui Tanaka</h3><p>Head of Engineering</p></div>
    <div class="member"><h3>Kenji Watanabe</h3><p>Developer Relations</p></div>
  </div>
</main>
${footer}`,
);

export const tsumiki: CorpusSite = {
  host: 'tsumiki.example',
  pages: { '/': home, '/pricing': pricing, '/company': company },
  facts: {
    name: 'Tsumiki',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: 'free' },
      { name: 'Pro', price: '¥1,200' },
      { name: 'Team', price: '¥4,800' },
    ],
    country: 'JP',
    city: 'Osaka',
    founded_year: '2021',
    contact_email: 'info@tsumiki.example',
    logo_url: '/img/tsumiki-logo.svg',
    demo_video_url: null,
    categories: ['API Tools'],
    alsoFineCategories: ['Developer Tools'],
    features: ['Mock servers from OpenAPI and GraphQL', 'Realistic fake data', 'Contract tests against the real API', 'Request logs'],
    founders: ['Haruto Sato'],
    socials: {
      x: 'https://x.com/tsumiki_dev',
      github: 'https://github.com/tsumiki-dev',
    },
    faqs: ['Which OpenAPI versions are supported?', 'Can I run Tsumiki on-premises?'],
  },
};
