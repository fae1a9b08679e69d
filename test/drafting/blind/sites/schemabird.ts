import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** An open-source database migration tool: free, no company, no place, no founders, no email; contributors are not founders. */
const header = `<header>
  <a href="/"><img class="logo" src="/img/schemabird.svg" alt="schemabird"></a>
  ${nav([
    ['/docs', 'Docs'],
    ['/faq', 'FAQ'],
    ['https://github.com/schemabird/schemabird', 'GitHub'],
  ])}
</header>`;

const footer = `<footer>
  <p>schemabird is free software released under the MIT license.</p>
  <p><a href="https://github.com/schemabird">GitHub</a> · <a href="https://discord.gg/schemabird-db">Discord</a></p>
  <p>© 2022–2026 the schemabird contributors</p>
</footer>`;

const home = page(
  'schemabird — safe schema migrations for Postgres and MySQL',
  'schemabird plans, checks and applies database schema migrations without locking your tables.',
  `${header}
<main>
  <section class="hero">
    <h1>Schema changes without the 3 a.m. outage.</h1>
    <p>schemabird is an open-source command-line tool for database migrations. It diffs your desired schema against production, warns about changes that would lock a busy table, and applies them online.</p>
    <pre><code>brew install schemabird</code></pre>
    <p><a href="https://www.youtube.com/watch?v=sB3rdM1gr8t">Watch the 5-minute intro</a></p>
  </section>
  <section>
    <h2>Features</h2>
    <ul>
      <li>Declarative schema files</li>
      <li>Lock-free online migrations</li>
      <li>Lint rules for dangerous changes</li>
      <li>Postgres and MySQL support</li>
      <li>Runs in CI as a pull-request check</li>
    </ul>
  </section>
  <section class="thanks">
    <h2>Contributors</h2>
    <p>schemabird is maintained by a community of volunteers. Special thanks to Priya Raman, Lukas Becker and Olu Adeyemi for the MySQL driver.</p>
  </section>
</main>
${footer}`,
);

const docs = page(
  'Docs — schemabird',
  null,
  `${header}
<main>
  <h1>Getting started</h1>
  <ol>
    <li>Install schemabird with Homebrew, apt or <code>go install</code>.</li>
    <li>Run <code>schemabird init</code> to dump your current schema into <code>schema.sql</code>.</li>
    <li>Edit <code>schema.sql</code>, then run <code>schemabird plan</code> to see the migration.</li>
    <li>Run <code>schemabird apply</code>.</li>
  </ol>
</main>
${footer}`,
);

const faq = page(
  'FAQ — schemabird',
  null,
  `${header}
<main>
  <h1>FAQ</h1>
  <details><summary>Is schemabird really free?</summary><p>Yes. It's MIT-licensed, and there is no paid edition.</p></details>
  <details><summary>Does it work with SQLite?</summary><p>Not yet — SQLite support is on the roadmap.</p></details>
  <details><summary>How is it different from writing migrations by hand?</summary><p>You describe the schema you want; schemabird works out the steps and checks them for you.</p></details>
</main>
${footer}`,
);

export const schemabird: CorpusSite = {
  host: 'schemabird.example',
  pages: { '/': home, '/docs': docs, '/faq': faq },
  facts: {
    name: 'schemabird',
    pricing_model: 'free',
    pricing: [],
    country: null,
    city: null,
    founded_year: null,
    contact_email: null,
    logo_url: '/img/schemabird.svg',
    demo_video_url: 'https://www.youtube.com/watch?v=sB3rdM1gr8t',
    categories: ['Databases'],
    alsoFineCategories: ['Developer Tools', 'CI/CD'],
    features: [
      'Declarative schema files',
      'Lock-free online migrations',
      'Lint rules for dangerous changes',
      'Postgres and MySQL support',
      'Runs in CI as a pull-request check',
    ],
    founders: [],
    socials: {
      github: 'https://github.com/schemabird',
      discord: 'https://discord.gg/schemabird-db',
    },
    faqs: ['Is schemabird really free?', 'Does it work with SQLite?', 'How is it different from writing migrations by hand?'],
  },
};
