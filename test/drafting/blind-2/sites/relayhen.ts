import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** A workflow automation tool that states no place, no founder, no founding year and has no logo image: open-source community edition beside paid cloud plans, a changelog with dates. */
const NAV = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/changelog', 'Changelog'],
  ['/faq', 'FAQ'],
]);
const FOOTER = `<footer>
<p>Relayhen is open source under the Apache 2.0 licence. © Relayhen contributors.</p>
<p><a href="https://github.com/relayhen">GitHub</a> · <a href="https://discord.com/invite/relayhen">Discord</a> · <a href="https://x.com/relayhen">X</a></p>
</footer>`;

export const relayhen: CorpusSite = {
  host: 'relayhen.example',
  pages: {
    '/': page(
      'Relayhen — open-source workflow automation',
      'Connect your apps and automate the busywork. Self-host for free or let us run it for you.',
      `${NAV}
<main>
<h1>Automate the busywork. Keep your data.</h1>
<p>Relayhen connects the apps your team already uses and moves data between them when something happens: a new form entry, a paid invoice, a closed ticket.</p>
<p>Connect Airtable, Notion, Slack, Stripe, HubSpot, Google Sheets and 400 more.</p>
<p>Need help? Write to us at support@relayhen.example and a human will answer within a day.</p>
</main>
${FOOTER}`,
    ),
    '/features': page(
      'Features — Relayhen',
      null,
      `${NAV}
<main>
<h1>Features</h1>
<table class="features">
<tr><th>Visual workflow builder</th><td>Drag steps onto a canvas; branch, loop and merge.</td></tr>
<tr><th>Webhook and cron triggers</th><td>Start a workflow from any HTTP call or on a schedule.</td></tr>
<tr><th>Code steps</th><td>Drop into JavaScript or Python when a connector is not enough.</td></tr>
<tr><th>Run history with replay</th><td>See every run's data and re-run a failed one after fixing it.</td></tr>
</table>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Pricing — Relayhen',
      null,
      `${NAV}
<main>
<h1>Pricing</h1>
<div class="plans">
<div class="plan"><h3>Community Edition</h3><p>Free, self-hosted. Unlimited workflows on your own server.</p></div>
<div class="plan"><h3>Cloud</h3><p>$19/month</p><p>10,000 runs a month, hosted by us.</p></div>
<div class="plan"><h3>Business</h3><p>$79/month</p><p>100,000 runs, SSO, audit log, priority support.</p></div>
</div>
</main>
${FOOTER}`,
    ),
    '/changelog': page(
      'Changelog — Relayhen',
      null,
      `${NAV}
<main>
<h1>Changelog</h1>
<h2>2.4 — 12 August 2025</h2><p>Python code steps, faster run history.</p>
<h2>2.0 — 3 February 2024</h2><p>New canvas editor.</p>
<h2>1.0 — 21 June 2022</h2><p>First stable release.</p>
</main>
${FOOTER}`,
    ),
    '/faq': page(
      'FAQ — Relayhen',
      null,
      `${NAV}
<main>
<h1>FAQ</h1>
<h3>What counts as a run?</h3><p>One execution of a workflow, however many steps it has.</p>
<h3>Is the Community Edition limited?</h3><p>No limits on workflows or runs; SSO and audit log are Business only.</p>
<h3>Can I move from self-hosted to Cloud later?</h3><p>Yes, export your workflows and import them.</p>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Relayhen',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Community Edition', price: 'free' },
      { name: 'Cloud', price: '$19' },
      { name: 'Business', price: '$79' },
    ],
    country: null,
    city: null,
    founded_year: null,
    contact_email: 'support@relayhen.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['Automation'],
    alsoFineCategories: ['Productivity'],
    features: ['Visual workflow builder', 'Webhook and cron triggers', 'Code steps', 'Run history with replay'],
    founders: [],
    socials: {
      github: 'https://github.com/relayhen',
      discord: 'https://discord.com/invite/relayhen',
      x: 'https://x.com/relayhen',
    },
    faqs: ['What counts as a run?', 'Is the Community Edition limited?', 'Can I move from self-hosted to Cloud later?'],
  },
};
