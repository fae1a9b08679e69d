import { type CorpusSite, jsonLd, nav, page } from '../../corpus/types.js';

/** A bilingual AI writing assistant from Montréal; logo in JSON-LD, prices in Canadian dollars, a founder's letter. */
const header = nav([
  ['/fonctionnalites', 'Features'],
  ['/tarifs', 'Pricing'],
  ['/a-propos', 'About'],
]);

const org = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Plumeau',
  logo: { '@type': 'ImageObject', url: 'https://plumeau.example/media/plumeau-logo-512.png' },
  sameAs: ['https://www.linkedin.com/company/plumeau-ai', 'https://twitter.com/plumeau_ai'],
});

const footer = `<footer>
  <p>Made in Montréal, Canada 🇨🇦 · Fait à Montréal</p>
  <p><a href="https://www.linkedin.com/company/plumeau-ai">LinkedIn</a> · <a href="https://twitter.com/plumeau_ai">Twitter</a></p>
  <p>Contact: <a href="mailto:bonjour@plumeau.example">bonjour@plumeau.example</a></p>
  <p>© 2026 Plumeau Technologies inc.</p>
</footer>`;

const home = page(
  'Plumeau — the AI writing assistant that speaks French and English',
  'Plumeau drafts, rewrites and translates your emails and documents in Canadian French and English, in your own voice.',
  `${header}
<main>
  <section class="hero">
    <h1>Write once. Sound right in both languages.</h1>
    <p>Plumeau is an AI writing assistant for bilingual teams. It drafts emails, rewrites clunky paragraphs and adapts your text for Québec French — not Paris French — without losing your tone.</p>
    <a class="btn" href="https://app.plumeau.example">Try Plumeau free</a>
  </section>
  <section>
    <h2>What Plumeau does</h2>
    <ul>
      <li>Rewrite in your own voice</li>
      <li>Québec French localisation</li>
      <li>Tone checks before you hit send</li>
      <li>Browser extension for Gmail and Outlook</li>
    </ul>
  </section>
</main>
${footer}`,
  org,
);

const features = page(
  'Features — Plumeau',
  null,
  `${header}
<main>
  <h1>Features</h1>
  <section><h2>Rewrite in your own voice</h2><p>Plumeau learns from a few of your past emails and keeps your phrasing.</p></section>
  <section><h2>Québec French localisation</h2><p>“Courriel”, not “e-mail”. Plumeau knows the OQLF terminology and local expressions.</p></section>
  <section><h2>Tone checks before you hit send</h2><p>Too curt? Too formal? Plumeau flags it and offers a softer version.</p></section>
  <section><h2>Browser extension for Gmail and Outlook</h2><p>Works right where you write, no copy and paste.</p></section>
</main>
${footer}`,
  org,
);

const pricing = page(
  'Pricing — Plumeau',
  null,
  `${header}
<main>
  <h1>Pricing</h1>
  <div class="tiers">
    <div class="tier"><h2>Free</h2><p>CA$0</p><p>20 rewrites a month.</p></div>
    <div class="tier"><h2>Plus</h2><p>CA$15 / month</p><p>Unlimited rewrites, tone checks and the browser extension.</p></div>
    <div class="tier"><h2>Équipe</h2><p>CA$12 / user / month</p><p>Shared style guide and glossary, minimum 3 users.</p></div>
  </div>
  <h2>FAQ</h2>
  <h3>Is my text used to train your models?</h3>
  <p>Never. Your text is processed and then discarded. Our servers are in Canada.</p>
  <h3>Does Plumeau work offline?</h3>
  <p>No, Plumeau needs an internet connection.</p>
</main>
${footer}`,
  org,
);

const about = page(
  'About — Plumeau',
  null,
  `${header}
<main>
  <h1>About Plumeau</h1>
  <p>Our founder, Julien Tremblay, spent ten years as a translator for the Québec government before he started Plumeau. Founded 2022, the company now counts nine people in the Mile End.</p>
  <p>We believe good writing in French shouldn't be an afterthought in software made elsewhere.</p>
</main>
${footer}`,
  org,
);

export const plumeau: CorpusSite = {
  host: 'plumeau.example',
  pages: { '/': home, '/fonctionnalites': features, '/tarifs': pricing, '/a-propos': about },
  facts: {
    name: 'Plumeau',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: 'free' },
      { name: 'Plus', price: 'CA$15' },
      { name: 'Équipe', price: 'CA$12' },
    ],
    country: 'CA',
    city: 'Montréal',
    founded_year: '2022',
    contact_email: 'bonjour@plumeau.example',
    logo_url: 'https://plumeau.example/media/plumeau-logo-512.png',
    demo_video_url: null,
    categories: ['AI Writing'],
    alsoFineCategories: ['AI'],
    features: [
      'Rewrite in your own voice',
      'Québec French localisation',
      'Tone checks before you hit send',
      'Browser extension for Gmail and Outlook',
    ],
    founders: ['Julien Tremblay'],
    socials: {
      linkedin: 'https://www.linkedin.com/company/plumeau-ai',
      x: 'https://twitter.com/plumeau_ai',
    },
    faqs: ['Is my text used to train your models?', 'Does Plumeau work offline?'],
  },
};
