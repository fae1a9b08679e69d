import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** An icon library sold as a one-time licence, made in Kraków; the designer is named, the logo is an inline-styled img. */
const header = `<header class="nav">
  <a href="/"><img src="/logo.svg" class="logo" alt="Glyphary"></a>
  ${nav([
    ['/icons', 'Browse icons'],
    ['/license', 'License & pricing'],
    ['/about', 'About'],
  ])}
</header>`;

const footer = `<footer>
  <p>Designed and drawn by hand in Kraków, Poland.</p>
  <p><a href="https://www.instagram.com/glyphary">Instagram</a> · <a href="https://x.com/glyphary">X</a> · <a href="https://dribbble.com/glyphary">Dribbble</a></p>
  <p>Licensing questions: <a href="mailto:licensing@glyphary.example">licensing@glyphary.example</a></p>
</footer>`;

const home = page(
  'Glyphary — 4,200 hand-drawn icons for product teams',
  'A consistent icon library in six styles, with Figma, SVG, React and icon-font formats. Pay once, use forever.',
  `${header}
<main>
  <section class="hero">
    <h1>4,200 icons that actually match.</h1>
    <p>Glyphary is an icon library for designers and front-end developers: every icon drawn on the same 24px grid, in six styles, so your interface finally looks like one product.</p>
    <a class="btn" href="/license">Get Glyphary</a>
  </section>
  <section>
    <h2>What's inside</h2>
    <ul>
      <li>4,200 icons in six styles</li>
      <li>Figma library with variants</li>
      <li>SVG, PNG and icon font</li>
      <li>React and Vue components</li>
      <li>Free updates for life</li>
    </ul>
  </section>
</main>
${footer}`,
  '<link rel="icon" href="/favicon.ico">',
);

const icons = page(
  'Browse icons — Glyphary',
  null,
  `${header}
<main>
  <h1>Browse icons</h1>
  <input type="search" placeholder="Search 4,200 icons">
  <ul class="icon-grid"><li>arrow-left</li><li>calendar</li><li>cart</li><li>chat</li><li>cloud-upload</li></ul>
</main>
${footer}`,
);

const license = page(
  'License & pricing — Glyphary',
  null,
  `${header}
<main>
  <h1>License &amp; pricing</h1>
  <p>One payment. No subscription. Use the icons in unlimited commercial projects.</p>
  <div class="licenses">
    <div class="license"><h2>Personal</h2><p class="price">$39</p><p>One designer or developer.</p></div>
    <div class="license"><h2>Team</h2><p class="price">$99</p><p>Up to 10 people in one company.</p></div>
    <div class="license"><h2>Extended</h2><p class="price">$249</p><p>For use in products you sell, such as templates and themes.</p></div>
  </div>
  <h2>License FAQ</h2>
  <dl>
    <dt>Can I use the icons in client work?</dt><dd>Yes, with any license.</dd>
    <dt>Do I need to credit Glyphary?</dt><dd>No attribution is required.</dd>
  </dl>
</main>
${footer}`,
);

const about = page(
  'About — Glyphary',
  null,
  `${header}
<main>
  <h1>About</h1>
  <p>Glyphary is the work of Zofia Nowak, an interface designer who founded the studio in 2023 after a decade of redrawing the same arrows for every client. Every icon is drawn by hand, then checked by a second designer.</p>
</main>
${footer}`,
);

export const glyphary: CorpusSite = {
  host: 'glyphary.example',
  pages: { '/': home, '/icons': icons, '/license': license, '/about': about },
  facts: {
    name: 'Glyphary',
    pricing_model: 'one-time',
    pricing: [
      { name: 'Personal', price: '$39' },
      { name: 'Team', price: '$99' },
      { name: 'Extended', price: '$249' },
    ],
    country: 'PL',
    city: 'Kraków',
    founded_year: '2023',
    contact_email: 'licensing@glyphary.example',
    logo_url: '/logo.svg',
    demo_video_url: null,
    categories: ['Icons & Illustrations'],
    alsoFineCategories: ['Design', 'UI Design'],
    features: [
      '4,200 icons in six styles',
      'Figma library with variants',
      'SVG, PNG and icon font',
      'React and Vue components',
      'Free updates for life',
    ],
    founders: ['Zofia Nowak'],
    socials: {
      instagram: 'https://www.instagram.com/glyphary',
      x: 'https://x.com/glyphary',
    },
    faqs: ['Can I use the icons in client work?', 'Do I need to credit Glyphary?'],
  },
};
