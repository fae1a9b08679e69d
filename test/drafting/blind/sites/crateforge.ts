import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** A build cache for CI, from a small German company; the features appear on the home page and on /features. */
const header = `${nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
  ['https://docs.crateforge.example', 'Docs'],
])}`;

const logo =
  '<a href="/" class="site-logo"><img class="logo" src="/images/crateforge-logo.svg" alt="Crateforge" width="140" height="32"></a>';

const footer = `<footer class="site-footer">
  <div class="footer-cols">
    <div>
      <img src="/images/crateforge-mark-mono.svg" alt="" width="24" height="24">
      <p>Crateforge GmbH · Große Elbstraße 145 · 22767 Hamburg</p>
      <p>Questions? <a href="mailto:hello@crateforge.example">hello@crateforge.example</a></p>
    </div>
    <div>
      <h4>Follow along</h4>
      <ul>
        <li><a href="https://github.com/crateforge">GitHub</a></li>
        <li><a href="https://www.linkedin.com/company/crateforge/">LinkedIn</a></li>
        <li><a href="https://hachyderm.io/@crateforge" rel="me">Mastodon</a></li>
      </ul>
    </div>
    <div>
      <h4>Legal</h4>
      <ul><li><a href="/imprint">Impressum</a></li><li><a href="/privacy">Datenschutz</a></li></ul>
    </div>
  </div>
  <p class="fine">© 2026 Crateforge GmbH. All rights reserved.</p>
</footer>`;

const featureCards = `<div class="cards">
  <article class="card"><h3>Remote build cache</h3><p>Reuse compiled artifacts across every branch and every runner, so a one-line change rebuilds one crate, not forty.</p></article>
  <article class="card"><h3>Drop-in for Cargo and Bazel</h3><p>Point an environment variable at your cache and keep your existing build files untouched.</p></article>
  <article class="card"><h3>Cache hit analytics</h3><p>See which targets miss the cache and why, per pipeline and per commit.</p></article>
  <article class="card"><h3>Self-hosted storage</h3><p>Keep artifacts in your own S3-compatible bucket inside the EU.</p></article>
</div>`;

const home = page(
  'Crateforge — faster CI builds with a shared build cache',
  'Crateforge is a remote build cache that makes CI builds for Rust and Bazel projects up to 10× faster.',
  `${header}
<main>
  <section class="hero">
    ${logo}
    <h1>Stop rebuilding what you already built.</h1>
    <p class="lead">Crateforge is a remote build cache for continuous integration. Your pipelines share compiled artifacts, so most builds finish in minutes instead of an hour.</p>
    <p><a class="button" href="/pricing">Start for free</a> <a class="button ghost" href="https://docs.crateforge.example/quickstart">Read the quickstart</a></p>
  </section>
  <section>
    <h2>Why teams switch to Crateforge</h2>
    ${featureCards}
  </section>
  <section class="integrations">
    <h2>Works with the CI you already have</h2>
    <p>Crateforge plugs into GitHub Actions, GitLab CI, Buildkite and Jenkins with a single step.</p>
    <ul class="logos"><li>GitHub Actions</li><li>GitLab CI</li><li>Buildkite</li><li>Jenkins</li><li>CircleCI</li></ul>
  </section>
  <section class="quote">
    <blockquote>“Our nightly build went from 52 minutes to 6. Nobody on the team wants to go back.”</blockquote>
    <p>— Henrik Olsen, platform lead at Fjordbyte, Oslo</p>
  </section>
</main>
${footer}`,
  '<link rel="icon" href="/favicon.ico">',
);

const features = page(
  'Features — Crateforge',
  'Everything Crateforge does for your CI builds.',
  `${header}
<main>
  <h1>Features</h1>
  <p>Crateforge is deliberately small. It does one thing — caching build outputs — and does it well.</p>
  ${featureCards}
  <section>
    <h2>Under the hood</h2>
    <p>Artifacts are content-addressed and compressed with zstd. Cache keys include the toolchain version, so a compiler upgrade never serves stale objects.</p>
  </section>
</main>
${footer}`,
);

const pricing = page(
  'Pricing — Crateforge',
  'Crateforge is free for open source. Teams pay per month.',
  `${header}
<main>
  <h1>Simple pricing</h1>
  <div class="plans">
    <section class="plan">
      <h2>Open Source</h2>
      <p class="price">Free</p>
      <p>For public repositories. Unlimited cache, community support.</p>
    </section>
    <section class="plan featured">
      <h2>Team</h2>
      <p class="price">€29 <span>per month</span></p>
      <p>Private repositories, 500 GB of cache storage, email support. Prices exclude VAT.</p>
    </section>
    <section class="plan">
      <h2>Enterprise</h2>
      <p class="price">Contact us</p>
      <p>Self-hosted storage, SSO and a support agreement.</p>
    </section>
  </div>
  <section class="faq">
    <h2>Questions</h2>
    <h3>Do you store our source code?</h3>
    <p>No. Crateforge only stores compiled artifacts and their hashes; your source never leaves the runner.</p>
    <h3>What happens if the cache is unavailable?</h3>
    <p>Builds fall back to compiling locally. A cache outage slows a build down, it never breaks it.</p>
    <h3>Can we pay by invoice?</h3>
    <p>Yes, annual Team and Enterprise plans can be paid by SEPA bank transfer.</p>
  </section>
</main>
${footer}`,
);

const about = page(
  'About — Crateforge',
  'Who builds Crateforge.',
  `${header}
<main>
  <h1>About us</h1>
  <p>Crateforge GmbH is an independent company in Hamburg, Germany, building developer tools since 2019. We are eight people, no outside investors, and we answer our own support email.</p>
  <p>The company was started by Jana Richter (CEO) and Tomás Ferreira (CTO), who spent years waiting for the same crates to compile on a large monorepo at their previous job.</p>
  <h2>Our principles</h2>
  <ul><li>Your artifacts stay in the EU.</li><li>Pricing you can read in ten seconds.</li><li>Open-source users never pay.</li></ul>
</main>
${footer}`,
);

export const crateforge: CorpusSite = {
  host: 'crateforge.example',
  pages: { '/': home, '/features': features, '/pricing': pricing, '/about': about },
  facts: {
    name: 'Crateforge',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Open Source', price: 'free' },
      { name: 'Team', price: '€29' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'DE',
    city: 'Hamburg',
    founded_year: '2019',
    contact_email: 'hello@crateforge.example',
    logo_url: '/images/crateforge-logo.svg',
    demo_video_url: null,
    categories: ['CI/CD'],
    alsoFineCategories: ['Developer Tools'],
    features: ['Remote build cache', 'Drop-in for Cargo and Bazel', 'Cache hit analytics', 'Self-hosted storage'],
    founders: ['Jana Richter', 'Tomás Ferreira'],
    socials: {
      github: 'https://github.com/crateforge',
      linkedin: 'https://www.linkedin.com/company/crateforge/',
      mastodon: 'https://hachyderm.io/@crateforge',
    },
    faqs: ['Do you store our source code?', 'What happens if the cache is unavailable?', 'Can we pay by invoice?'],
  },
};
