import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Privacy-friendly web analytics from Paris; favicon-only logo, founders sign a letter, a dated blog post. */
const head = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';

const header = nav([
  ['/pricing', 'Pricing'],
  ['/blog', 'Blog'],
  ['/manifesto', 'Manifesto'],
]);

const footer = `<footer>
  <p>Mesurelle SAS · 12 rue du Faubourg Saint-Denis, 75010 Paris, France</p>
  <p>Hosted in France on renewable energy.</p>
  <p>
    <a href="https://mastodon.social/@mesurelle">Mastodon</a> ·
    <a href="https://github.com/mesurelle">GitHub</a> ·
    <a href="https://fr.linkedin.com/company/mesurelle">LinkedIn</a>
  </p>
  <p><a href="mailto:contact@mesurelle.example">contact@mesurelle.example</a></p>
</footer>`;

const home = page(
  'Mesurelle · Simple, cookie-free web analytics',
  'Mesurelle is lightweight, GDPR-compliant web analytics without cookies and without a consent banner.',
  `${header}
<main>
  <section class="hero">
    <h1>Web analytics without the cookie banner.</h1>
    <p>Mesurelle counts your visitors without cookies or personal data, so you can drop the consent pop-up and still know which pages work.</p>
    <a class="btn" href="https://app.mesurelle.example/register">Start your 30-day trial</a>
  </section>
  <section>
    <h2>Small script, clear numbers</h2>
    <div class="cols">
      <div><h3>Under 2 KB tracking script</h3><p>Forty times lighter than the usual suspects. Your page speed stays untouched.</p></div>
      <div><h3>No cookies, no consent banner</h3><p>Validated by the CNIL exemption for audience measurement.</p></div>
      <div><h3>One-page dashboard</h3><p>Visitors, sources, pages and campaigns, on a single screen.</p></div>
      <div><h3>Goals and UTM campaigns</h3><p>Track sign-ups and newsletter campaigns without extra tooling.</p></div>
    </div>
  </section>
  <section class="latest">
    <h2>From the blog</h2>
    <article>
      <h3><a href="/blog">Why we left Google Analytics in 2019</a></h3>
      <p class="date">Posted 12 March 2024</p>
    </article>
  </section>
</main>
${footer}`,
  head,
);

const pricing = page(
  'Pricing · Mesurelle',
  'Plans by monthly pageviews. 30-day free trial, no card needed.',
  `${header}
<main>
  <h1>Pricing</h1>
  <p>Every plan includes all features. You only pay for traffic. 30-day free trial, no card needed.</p>
  <div class="plans">
    <div class="plan"><h2>Hobby</h2><p class="price">€9/mo</p><p>Up to 10,000 pageviews per month</p></div>
    <div class="plan"><h2>Startup</h2><p class="price">€19/mo</p><p>Up to 100,000 pageviews per month</p></div>
    <div class="plan"><h2>Business</h2><p class="price">€49/mo</p><p>Up to 1 million pageviews per month</p></div>
  </div>
  <section class="faq">
    <h2>Frequently asked questions</h2>
    <details><summary>Do I still need a cookie banner?</summary><p>Not for Mesurelle. If you use other trackers, they may still need one.</p></details>
    <details><summary>What happens if I go over my pageview limit?</summary><p>Nothing breaks. We'll email you and suggest the next plan after two months in a row.</p></details>
    <details><summary>Can I import my old analytics data?</summary><p>Yes, from Google Analytics 4 and Matomo.</p></details>
  </section>
</main>
${footer}`,
  head,
);

const blog = page(
  'Blog · Mesurelle',
  null,
  `${header}
<main>
  <article>
    <h1>Why we left Google Analytics in 2019</h1>
    <p class="date">Posted 12 March 2024 by Claire</p>
    <p>When we ran our previous agency in Lyon, every client site had the same heavy analytics tag and the same consent banner nobody read...</p>
  </article>
</main>
${footer}`,
  head,
);

const manifesto = page(
  'Manifesto · Mesurelle',
  null,
  `${header}
<main>
  <h1>Our manifesto</h1>
  <p>We started Mesurelle in 2017 because we believed you could understand your audience without watching each person in it.</p>
  <p>We don't sell data. We don't take venture capital. We answer to our customers, and to nobody else.</p>
  <p class="signature">— Claire Dubois and Antoine Moreau, co-founders</p>
</main>
${footer}`,
  head,
);

export const mesurelle: CorpusSite = {
  host: 'mesurelle.example',
  pages: { '/': home, '/pricing': pricing, '/blog': blog, '/manifesto': manifesto },
  facts: {
    name: 'Mesurelle',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Hobby', price: '€9' },
      { name: 'Startup', price: '€19' },
      { name: 'Business', price: '€49' },
    ],
    country: 'FR',
    city: 'Paris',
    founded_year: '2017',
    contact_email: 'contact@mesurelle.example',
    logo_url: '/favicon.svg',
    demo_video_url: null,
    categories: ['Web Analytics'],
    alsoFineCategories: ['Analytics'],
    features: ['Under 2 KB tracking script', 'No cookies, no consent banner', 'One-page dashboard', 'Goals and UTM campaigns'],
    founders: ['Claire Dubois', 'Antoine Moreau'],
    socials: {
      mastodon: 'https://mastodon.social/@mesurelle',
      github: 'https://github.com/mesurelle',
      linkedin: 'https://fr.linkedin.com/company/mesurelle',
    },
    faqs: ['Do I still need a cookie banner?', 'What happens if I go over my pageview limit?', 'Can I import my old analytics data?'],
  },
};
