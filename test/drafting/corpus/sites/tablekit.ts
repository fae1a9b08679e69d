/** An open-source database client: free and open source, no place, no year, no founders, no e-mail; traps: "Made with ♥ in Europe", contributors' cities, a sponsor's price. */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/features', 'Features'],
  ['/faq', 'FAQ'],
]);

const FOOTER = `<footer>
  <p>Made with ♥ in Europe by volunteers.</p>
  <p><a href="https://github.com/tablekit/tablekit">GitHub</a> · <a href="https://discord.gg/tablekit">Discord</a> · <a href="https://www.reddit.com/r/tablekit">Reddit</a></p>
</footer>`;

const HOME = page(
  'Tablekit – the open-source database client',
  'Tablekit is a fast, free and open-source database client for Postgres, MySQL and SQLite.',
  `${NAV}
<main>
  <h1>The open-source database client</h1>
  <p>Tablekit is a fast desktop client for browsing, querying and editing Postgres, MySQL and SQLite databases. It is completely free and open source under the MIT licence.</p>
  <p>Our 140 contributors live everywhere from Berlin to Tokyo and São Paulo.</p>
  <a class="button" href="https://github.com/tablekit/tablekit/releases">Download for macOS, Windows and Linux</a>
</main>
${FOOTER}`,
);

const FEATURES = page(
  'Features – Tablekit',
  'What Tablekit can do.',
  `${NAV}
<main>
  <h1>Features</h1>
  <ul>
    <li>Spreadsheet-style table editor</li>
    <li>SQL editor with autocomplete</li>
    <li>Schema diagrams</li>
    <li>SSH tunnels</li>
  </ul>
  <h2>Sponsors</h2>
  <p>Tablekit is kept alive by sponsors. Become one for $5 per month on GitHub Sponsors.</p>
</main>
${FOOTER}`,
);

const FAQ = page(
  'FAQ – Tablekit',
  null,
  `${NAV}
<main>
  <h1>FAQ</h1>
  <dl>
    <dt>Is Tablekit really free?</dt><dd>Yes. Tablekit is free and open source, and it always will be.</dd>
    <dt>Which databases are supported?</dt><dd>Postgres, MySQL, MariaDB and SQLite today; more are on the roadmap.</dd>
  </dl>
</main>
${FOOTER}`,
);

export const tablekit: CorpusSite = {
  host: 'tablekit.example',
  pages: { '/': HOME, '/features': FEATURES, '/faq': FAQ },
  facts: {
    name: 'Tablekit',
    pricing_model: 'free',
    pricing: [],
    country: null,
    city: null,
    founded_year: null,
    contact_email: null,
    logo_url: null,
    demo_video_url: null,
    categories: ['Databases'],
    alsoFineCategories: ['Developer Tools'],
    features: ['Spreadsheet-style table editor', 'SQL editor with autocomplete', 'Schema diagrams', 'SSH tunnels'],
    founders: [],
    socials: {
      github: 'https://github.com/tablekit/tablekit',
      discord: 'https://discord.gg/tablekit',
      reddit: 'https://www.reddit.com/r/tablekit',
    },
    faqs: ['Is Tablekit really free?', 'Which databases are supported?'],
  },
};
