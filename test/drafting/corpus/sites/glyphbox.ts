/** An icon library from Melbourne: a street address in the footer, one-time prices, "Est. 2015", a Vimeo tour, a founder named in parentheses. */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
]);

const FOOTER = `<footer>
  <address>Glyphbox Pty Ltd, Level 2, 45 Flinders Lane, Melbourne VIC 3000, Australia</address>
  <p>Est. 2015 · <a href="mailto:hello@glyphbox.example">Email us</a> · <a href="https://dribbble.com/glyphbox">Dribbble</a> · <a href="https://www.instagram.com/glyphbox/">Instagram</a></p>
</footer>`;

const HOME = page(
  'Glyphbox — 4,000 hand-drawn icons',
  'Glyphbox is a library of 4,000 consistent, hand-drawn icons for product designers and developers.',
  `${NAV}
<main>
  <h1>4,000 icons that finally match</h1>
  <p>Glyphbox is a library of consistent, hand-drawn icons in six styles, ready for Figma, Sketch, React and plain SVG. Pay once, use forever.</p>
  <p><a href="https://vimeo.com/812345678">Watch the 2-minute tour</a></p>
  <h2>Features</h2>
  <ul>
    <li>4,000 icons in six styles</li>
    <li>Figma and Sketch libraries</li>
    <li>React and Vue components</li>
    <li>Free updates for life</li>
  </ul>
</main>
${FOOTER}`,
);

const PRICING = page(
  'Pricing — Glyphbox',
  'One price, yours forever.',
  `${NAV}
<main>
  <h1>One price, yours forever</h1>
  <div class="licenses">
    <article><h2>Personal</h2><p class="price">$39</p><p>One-time payment · 1 seat</p></article>
    <article><h2>Team</h2><p class="price">$149</p><p>One-time payment · up to 10 seats</p></article>
  </div>
  <p>No subscription. Buy once and get every future update.</p>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'About — Glyphbox',
  'A two-person studio.',
  `${NAV}
<main>
  <h1>About</h1>
  <h2>Who we are</h2>
  <p>Glyphbox is a two-person studio. Oliver Grant (founder) draws every icon; Ruby Lee writes the code that ships them.</p>
</main>
${FOOTER}`,
);

export const glyphbox: CorpusSite = {
  host: 'glyphbox.example',
  pages: { '/': HOME, '/pricing': PRICING, '/about': ABOUT },
  facts: {
    name: 'Glyphbox',
    pricing_model: 'one-time',
    pricing: [
      { name: 'Personal', price: '$39' },
      { name: 'Team', price: '$149' },
    ],
    country: 'AU',
    city: 'Melbourne',
    founded_year: '2015',
    contact_email: 'hello@glyphbox.example',
    logo_url: null,
    demo_video_url: 'https://vimeo.com/812345678',
    categories: ['Icons & Illustrations'],
    alsoFineCategories: ['Design', 'UI Design'],
    features: ['4,000 icons in six styles', 'Figma and Sketch libraries', 'React and Vue components', 'Free updates for life'],
    founders: ['Oliver Grant'],
    socials: { instagram: 'https://www.instagram.com/glyphbox/' },
    faqs: [],
  },
};
