import { type CorpusSite, jsonLd, page } from '../../corpus/types.js';

/** A Figma UI kit from Buenos Aires, Argentina: one-time licences in dollars, a JSON-LD founder and founding date, a Vimeo player embed, a Dribbble link without a key, an illustrator credited. */
const LD = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Gridwell',
  url: 'https://gridwell.example',
  founder: { '@type': 'Person', name: 'Valentina Sosa' },
  foundingDate: '2020',
  address: { '@type': 'PostalAddress', addressLocality: 'Buenos Aires', addressCountry: 'AR' },
});
const HEADER = `<header><a href="/"><img src="/logo.svg" alt="Gridwell"></a>
<a href="/kit">The kit</a> <a href="/license">Buy a licence</a> <a href="/about">About</a> <a href="/faq">FAQ</a></header>`;
const FOOTER = `<footer>
<p>Hecho en Buenos Aires 🇦🇷 · <a href="mailto:hola@gridwell.example">hola@gridwell.example</a></p>
<p><a href="https://dribbble.com/gridwell">Dribbble</a> · <a href="https://www.instagram.com/gridwell.design/">Instagram</a> · <a href="https://x.com/gridwelldesign">X</a> · <a href="https://www.figma.com/@gridwell">Figma Community</a></p>
</footer>`;

export const gridwell: CorpusSite = {
  host: 'gridwell.example',
  pages: {
    '/': page(
      'Gridwell — the Figma UI kit for product teams',
      'A Figma design system with 1,200+ components, auto layout and design tokens. Pay once, use forever.',
      `${HEADER}
<main>
<h1>Design the app, not the buttons.</h1>
<p>Gridwell is a complete Figma UI kit and design system: every component a SaaS product needs, built with auto layout and variables, ready to hand to developers.</p>
<iframe src="https://player.vimeo.com/video/734512908?h=9a1b2c3d4e" width="640" height="360" allow="fullscreen" title="Gridwell walkthrough"></iframe>
<ul class="included">
<li>1,200+ components</li>
<li>Auto layout everywhere</li>
<li>Light and dark modes</li>
<li>Design tokens for developers</li>
<li>120 ready-made screens</li>
</ul>
<blockquote>"It cut our design sprint from two weeks to four days." — Noah Fischer, product designer, Berlin</blockquote>
</main>
${FOOTER}`,
      LD,
    ),
    '/kit': page(
      'What is in the kit — Gridwell',
      null,
      `${HEADER}
<main>
<h1>What is in the kit</h1>
<p>Buttons, forms, tables, charts, navigation, modals, empty states and 120 ready-made screens for dashboards, settings and onboarding.</p>
<p>Illustrations by Tomás Herrera. Icons from Phosphor (MIT).</p>
</main>
${FOOTER}`,
      LD,
    ),
    '/license': page(
      'Buy a licence — Gridwell',
      null,
      `${HEADER}
<main>
<h1>Pay once. Updates for life.</h1>
<div class="plans">
<div><h2>Solo</h2><p>$69 one-time</p><p>One designer, unlimited projects.</p></div>
<div><h2>Studio</h2><p>$249 one-time</p><p>Up to 10 designers in one company.</p></div>
</div>
<p>Prices in US dollars. Payments handled by Paddle.</p>
</main>
${FOOTER}`,
      LD,
    ),
    '/about': page(
      'About — Gridwell',
      null,
      `${HEADER}
<main>
<h1>About</h1>
<p>Gridwell is designed by Valentina Sosa, an interface designer in Buenos Aires, Argentina, who spent eight years building design systems for fintechs. It has been around since 2020 and is used by more than 12,000 designers.</p>
</main>
${FOOTER}`,
      LD,
    ),
    '/faq': page(
      'FAQ — Gridwell',
      null,
      `${HEADER}
<main>
<h1>FAQ</h1>
<dl>
<dt>Do I need a paid Figma plan?</dt><dd>No, the kit works on Figma's free plan.</dd>
<dt>Can I use Gridwell in client projects?</dt><dd>Yes, both licences allow unlimited client work.</dd>
<dt>How do updates work?</dt><dd>You get every future version by email, free.</dd>
</dl>
</main>
${FOOTER}`,
      LD,
    ),
  },
  facts: {
    name: 'Gridwell',
    pricing_model: 'one-time',
    pricing: [
      { name: 'Solo', price: '$69' },
      { name: 'Studio', price: '$249' },
    ],
    country: 'AR',
    city: 'Buenos Aires',
    founded_year: '2020',
    contact_email: 'hola@gridwell.example',
    logo_url: '/logo.svg',
    demo_video_url: 'https://player.vimeo.com/video/734512908?h=9a1b2c3d4e',
    categories: ['UI Design'],
    alsoFineCategories: ['Design', 'Prototyping'],
    features: [
      '1,200+ components',
      'Auto layout everywhere',
      'Light and dark modes',
      'Design tokens for developers',
      '120 ready-made screens',
    ],
    founders: ['Valentina Sosa'],
    socials: {
      instagram: 'https://www.instagram.com/gridwell.design/',
      x: 'https://x.com/gridwelldesign',
    },
    faqs: ['Do I need a paid Figma plan?', 'Can I use Gridwell in client projects?', 'How do updates work?'],
  },
};
