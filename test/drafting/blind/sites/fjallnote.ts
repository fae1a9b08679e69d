import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** A one-time-purchase notes app by a solo maker in Gothenburg; favicon-only logo, email in plain text. */
const head = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';

const header = nav([
  ['/buy', 'Buy'],
  ['/changelog', 'Changelog'],
  ['/hello', 'Hello'],
]);

const footer = `<footer>
  <p>Fjällnote is an indie app. Found a bug? Write to erik@fjallnote.example — I read everything.</p>
  <p><a rel="me" href="https://mastodon.nu/@fjallnote">@fjallnote on Mastodon</a> · <a href="https://github.com/fjallnote">Plugins and issues on GitHub</a></p>
  <p>© 2015–2026 Lindqvist Mjukvara AB</p>
</footer>`;

const home = page(
  'Fjällnote — calm notes for Mac, Windows and Linux',
  'A fast, local-first notes app. Markdown, backlinks, no subscription.',
  `${header}
<main>
  <section class="hero">
    <h1>Fjällnote</h1>
    <p class="tagline">Calm, local-first notes. Buy once, own it forever.</p>
    <p>Fjällnote is a notes app for people who like plain files. Your notes are Markdown files in a folder you choose; Fjällnote just makes them pleasant to write, link and find.</p>
    <p><a class="btn" href="/buy">Buy Fjällnote — $49</a> or <a href="/download">try it free for 30 days</a></p>
  </section>
  <section class="features">
    <h2>Why Fjällnote?</h2>
    <ul>
      <li>Plain Markdown files on your own disk</li>
      <li>Backlinks and a graph of linked notes</li>
      <li>Instant full-text search</li>
      <li>End-to-end encrypted sync through your own cloud folder</li>
      <li>Native apps for macOS, Windows and Linux</li>
    </ul>
  </section>
</main>
${footer}`,
  head,
);

const buy = page(
  'Buy — Fjällnote',
  null,
  `${header}
<main>
  <h1>Buy Fjällnote</h1>
  <p>No subscription. Pay once and get every update in the current major version, plus a 40% discount on the next one.</p>
  <table>
    <tr><th>Personal licence</th><td>$49 one-time</td><td>Up to 3 of your own computers</td></tr>
    <tr><th>Family licence</th><td>$79 one-time</td><td>Up to 5 people in one household</td></tr>
  </table>
  <p>Prices in US dollars; Swedish and EU customers pay VAT at checkout.</p>
  <h2>Before you buy</h2>
  <h3>Is there a free trial?</h3>
  <p>Yes, the download works fully for 30 days.</p>
  <h3>Do you offer student discounts?</h3>
  <p>Students and teachers get 50% off — just email me from your school address.</p>
</main>
${footer}`,
  head,
);

const changelog = page(
  'Changelog — Fjällnote',
  null,
  `${header}
<main>
  <h1>Changelog</h1>
  <h2>4.2 — 3 October 2026</h2>
  <ul><li>Faster search on folders with more than 50,000 notes.</li><li>Linux: Wayland fixes.</li></ul>
  <h2>4.1 — 18 June 2026</h2>
  <ul><li>Graph view now shows tags.</li></ul>
</main>
${footer}`,
  head,
);

const hello = page(
  'Hello — Fjällnote',
  null,
  `${header}
<main>
  <h1>Hej!</h1>
  <p>I'm Erik Lindqvist. I started Fjällnote in 2015 in my flat in Gothenburg, Sweden, because every notes app I tried wanted to own my notes. Ten years later it's still just me, a part-time designer and a lot of coffee.</p>
  <p>Fjällnote is funded entirely by the people who buy it. Thank you.</p>
</main>
${footer}`,
  head,
);

export const fjallnote: CorpusSite = {
  host: 'fjallnote.example',
  pages: { '/': home, '/buy': buy, '/changelog': changelog, '/hello': hello },
  facts: {
    name: 'Fjällnote',
    pricing_model: 'one-time',
    pricing: [
      { name: 'Personal licence', price: '$49' },
      { name: 'Family licence', price: '$79' },
    ],
    country: 'SE',
    city: 'Gothenburg',
    founded_year: '2015',
    contact_email: 'erik@fjallnote.example',
    logo_url: '/favicon.svg',
    demo_video_url: null,
    categories: ['Note Taking'],
    alsoFineCategories: ['Productivity'],
    features: [
      'Plain Markdown files on your own disk',
      'Backlinks and a graph of linked notes',
      'Instant full-text search',
      'End-to-end encrypted sync through your own cloud folder',
      'Native apps for macOS, Windows and Linux',
    ],
    founders: ['Erik Lindqvist'],
    socials: {
      mastodon: 'https://mastodon.nu/@fjallnote',
      github: 'https://github.com/fjallnote',
    },
    faqs: ['Is there a free trial?', 'Do you offer student discounts?'],
  },
};
