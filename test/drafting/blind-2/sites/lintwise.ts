import { type CorpusSite, page } from '../../corpus/types.js';

/** An open-source code review bot from Ljubljana, Slovenia: free, no tiers; team cards mixing co-founders and staff; sponsors and contributors. */
const HEAD = `<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png">
<link rel="icon" href="/favicon.ico">
<meta property="og:image" content="/social/lintwise-card.png">`;
const MENU = `<nav class="menu"><a href="/">Lintwise</a> <a href="/docs/rules">Rules</a> <a href="/team">Team</a> <a href="/questions">Questions</a> <a href="https://github.com/lintwise/lintwise">Source</a></nav>`;
const FOOTER = `<footer>
<p>Lintwise is MIT-licensed. Copyright 2019-2026 the Lintwise authors.</p>
<p><a href="https://github.com/lintwise">GitHub</a> · <a href="https://discord.gg/lintwise">Discord</a> · <a href="https://fosstodon.org/@lintwise">Mastodon</a></p>
<p>Security reports: <a href="mailto:maintainers@lintwise.example">maintainers@lintwise.example</a></p>
</footer>`;

export const lintwise: CorpusSite = {
  host: 'lintwise.example',
  pages: {
    '/': page(
      'Lintwise: review comments before a human reviews',
      'Lintwise is a free, open-source bot that leaves review comments on pull requests.',
      `${MENU}
<main>
<h1>Lintwise</h1>
<p class="lead">A free, open-source bot that reads every pull request and leaves the comments a careful reviewer would — before a human has to.</p>
<div class="video"><iframe src="https://www.youtube.com/embed/q7Lw1seR2Xk" title="Lintwise in two minutes" allowfullscreen></iframe></div>
<h2>Why teams install it</h2>
<ul>
<li><b>Inline suggestions</b> — fixes you can apply with one click in GitHub or GitLab.</li>
<li><b>Custom rule packs</b> — write rules in YAML for your house style.</li>
<li><b>Monorepo aware</b> — only the packages a change touches are checked.</li>
<li><b>Runs on your CI</b> — no code leaves your runners.</li>
</ul>
<p>Lintwise works with GitHub, GitLab, Gitea and Bitbucket, and reads the output of ESLint, Ruff, Clippy and golangci-lint.</p>
<h2>Pricing</h2>
<p>There is none. Lintwise is free and open source under the MIT licence, and always will be.</p>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/docs/rules': page(
      'Rules — Lintwise docs',
      null,
      `${MENU}
<main>
<h1>Writing rules</h1>
<p>A rule pack is a YAML file in <code>.lintwise/</code>. Each rule has a pattern, a message and an optional fix.</p>
<pre>rules:
  - id: no-console
    pattern: console.log($X)
    message: Remove debugging output.</pre>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/team': page(
      'The people behind Lintwise',
      null,
      `${MENU}
<main>
<h1>Team</h1>
<p>Lintwise started in 2019 as a side project of two engineers in Ljubljana, Slovenia, who were tired of writing the same review comments. It is now maintained by a small team paid through sponsorships.</p>
<div class="people">
<div class="person"><img src="/team/jakob.jpg" alt=""><h4>Jakob Horvat</h4><p>Co-founder, lead maintainer</p></div>
<div class="person"><img src="/team/lena.jpg" alt=""><h4>Lena Kranjc</h4><p>Co-founder, rule engine</p></div>
<div class="person"><img src="/team/tobias.jpg" alt=""><h4>Tobias Gruber</h4><p>Community and docs</p></div>
<div class="person"><img src="/team/ana.jpg" alt=""><h4>Ana Novak</h4><p>Release engineering</p></div>
</div>
<h2>Sponsors</h2>
<p>Our work is funded by GitHub Sponsors and by Sentry, Hetzner and the Sovereign Tech Fund.</p>
<h2>Contributors</h2>
<p>Thank you to the 214 people who have sent patches, especially Miguel Santos, Priya Raman and Oskar Lindgren.</p>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/questions': page(
      'Questions — Lintwise',
      null,
      `${MENU}
<main>
<h1>Questions</h1>
<details><summary>Is Lintwise really free?</summary><p>Yes. There is no paid edition and no telemetry.</p></details>
<details><summary>Does it send my code anywhere?</summary><p>No. It runs inside your CI job.</p></details>
<details><summary>Which languages are supported?</summary><p>Any language with a linter; built-in packs cover JavaScript, Python, Rust and Go.</p></details>
</main>
${FOOTER}`,
      HEAD,
    ),
  },
  facts: {
    name: 'Lintwise',
    pricing_model: 'free',
    pricing: [],
    country: 'SI',
    city: 'Ljubljana',
    founded_year: '2019',
    contact_email: 'maintainers@lintwise.example',
    logo_url: '/apple-touch-icon.png',
    demo_video_url: 'https://www.youtube.com/embed/q7Lw1seR2Xk',
    categories: ['Code Review'],
    alsoFineCategories: ['Developer Tools', 'CI/CD'],
    features: ['Inline suggestions', 'Custom rule packs', 'Monorepo aware', 'Runs on your CI'],
    founders: ['Jakob Horvat', 'Lena Kranjc'],
    socials: {
      github: 'https://github.com/lintwise',
      discord: 'https://discord.gg/lintwise',
      mastodon: 'https://fosstodon.org/@lintwise',
    },
    faqs: ['Is Lintwise really free?', 'Does it send my code anywhere?', 'Which languages are supported?'],
  },
};
