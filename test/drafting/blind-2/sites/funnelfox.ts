import { type CorpusSite, page } from '../../corpus/types.js';

/** Product analytics from Singapore: Singapore-dollar prices, a navbar-brand logo image, a Wistia demo, no founder named, a second office city, a privacy address beside the contact one. */
const HEADER = `<nav class="navbar"><a class="navbar-brand" href="/"><img src="/assets/img/funnelfox.webp" alt="Funnelfox" height="32"></a>
<ul class="navbar-nav"><li><a href="/product">Product</a></li><li><a href="/pricing">Pricing</a></li><li><a href="/about">About</a></li><li><a href="/privacy">Privacy</a></li></ul></nav>`;
const FOOTER = `<footer class="footer">
<div>Funnelfox Pte. Ltd. · 71 Ayer Rajah Crescent, Singapore 139951</div>
<div>Say hello: <a href="mailto:hello@funnelfox.example">hello@funnelfox.example</a></div>
<div><a href="https://sg.linkedin.com/company/funnelfox">LinkedIn</a> <a href="https://www.youtube.com/@funnelfoxhq">YouTube</a> <a href="https://x.com/funnelfoxhq">X</a></div>
</footer>`;

export const funnelfox: CorpusSite = {
  host: 'funnelfox.example',
  pages: {
    '/': page(
      'Funnelfox · Product analytics that answers "why"',
      'Funnels, retention and session replay for product teams, without writing SQL.',
      `${HEADER}
<main>
<h1>See where users drop off — and why.</h1>
<p>Funnelfox shows product teams how people really use their app: which steps they skip, where they get stuck, and what brings them back.</p>
<div class="video"><iframe src="https://fast.wistia.net/embed/iframe/x8k2m4p9qz" title="Funnelfox product tour" allowfullscreen></iframe></div>
<p>SDKs for web, iOS, Android, React Native and Flutter. Sends data on to BigQuery, Snowflake and Amplitude.</p>
<div class="testimonial">"We found a broken signup step in ten minutes that had cost us a month." <span>— Linh Tran, PM at Chợ Xanh, Ho Chi Minh City</span></div>
</main>
${FOOTER}`,
    ),
    '/product': page(
      'Product · Funnelfox',
      null,
      `${HEADER}
<main>
<h1>Product</h1>
<div class="row">
<div class="col"><i class="icon-funnel"></i><h4>Conversion funnels</h4><p>Any sequence of events, broken down by any property.</p></div>
<div class="col"><i class="icon-cohort"></i><h4>Retention cohorts</h4><p>Who comes back on day 1, 7 and 30.</p></div>
<div class="col"><i class="icon-replay"></i><h4>Session replay</h4><p>Watch the session behind any point on a chart.</p></div>
<div class="col"><i class="icon-auto"></i><h4>Autocapture</h4><p>Clicks and page views tracked without code.</p></div>
</div>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Pricing · Funnelfox',
      null,
      `${HEADER}
<main>
<h1>Pricing</h1>
<p>All prices in Singapore dollars (SGD), billed monthly, GST extra.</p>
<div class="pricing">
<div class="plan"><h3>Starter</h3><p><b>S$0</b></p><p>Up to 20,000 monthly tracked users.</p></div>
<div class="plan"><h3>Growth</h3><p><b>S$120</b>/month</p><p>Up to 100,000 users, session replay.</p></div>
<div class="plan"><h3>Scale</h3><p><b>S$480</b>/month</p><p>Up to 1 million users, data warehouse export, SSO.</p></div>
</div>
<h2>FAQ</h2>
<details><summary>What is a monthly tracked user?</summary><p>A person who sends at least one event in a calendar month.</p></details>
<details><summary>Do you sample data?</summary><p>Never, on any plan.</p></details>
<details><summary>Where is data hosted?</summary><p>In AWS Singapore, or Frankfurt if you ask.</p></details>
</main>
${FOOTER}`,
    ),
    '/about': page(
      'About · Funnelfox',
      null,
      `${HEADER}
<main>
<h1>About Funnelfox</h1>
<p>Founded in Singapore in 2022, Funnelfox is a team of 20 product people and engineers across Singapore and Ho Chi Minh City. We are backed by Antler and East Ventures.</p>
</main>
${FOOTER}`,
    ),
    '/privacy': page(
      'Privacy policy · Funnelfox',
      null,
      `${HEADER}
<main>
<h1>Privacy policy</h1>
<p>Last updated 1 April 2025. For data protection requests, contact our Data Protection Officer at privacy@funnelfox.example.</p>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Funnelfox',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Starter', price: 'S$0' },
      { name: 'Growth', price: 'S$120' },
      { name: 'Scale', price: 'S$480' },
    ],
    country: 'SG',
    city: 'Singapore',
    founded_year: '2022',
    contact_email: 'hello@funnelfox.example',
    logo_url: '/assets/img/funnelfox.webp',
    demo_video_url: 'https://fast.wistia.net/embed/iframe/x8k2m4p9qz',
    categories: ['Product Analytics'],
    alsoFineCategories: ['Analytics', 'Web Analytics'],
    features: ['Conversion funnels', 'Retention cohorts', 'Session replay', 'Autocapture'],
    founders: [],
    socials: {
      linkedin: 'https://sg.linkedin.com/company/funnelfox',
      youtube: 'https://www.youtube.com/@funnelfoxhq',
      x: 'https://x.com/funnelfoxhq',
    },
    faqs: ['What is a monthly tracked user?', 'Do you sample data?', 'Where is data hosted?'],
  },
};
