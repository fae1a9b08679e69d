import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Uptime monitoring from Portland, Oregon; the logo is an img with alt text (no class), a signed founder's note, a Discord invite. */
const header = `<header class="site-header">
  <a href="/" class="brand"><img src="/static/pinglark-mark.png" alt="Pinglark logo" width="36" height="36"> Pinglark</a>
  ${nav([
    ['/pricing', 'Pricing'],
    ['/status-pages', 'Status pages'],
    ['/about', 'About'],
    ['https://app.pinglark.example', 'Sign in'],
  ])}
</header>`;

const footer = `<footer>
  <div class="cols">
    <div><h4>Product</h4><a href="/pricing">Pricing</a><a href="/status-pages">Status pages</a><a href="https://docs.pinglark.example">API docs</a></div>
    <div><h4>Community</h4>
      <a href="https://github.com/pinglark">GitHub</a>
      <a href="https://x.com/pinglark">X / Twitter</a>
      <a href="https://discord.gg/pinglark">Discord</a>
    </div>
    <div><h4>Contact</h4><a href="mailto:team@pinglark.example">team@pinglark.example</a></div>
  </div>
  <p>© 2021–2026 Pinglark LLC</p>
</footer>`;

const home = page(
  'Pinglark – Uptime monitoring and status pages',
  'Know your site is down before your customers do. HTTP, ping, cron and SSL checks every 30 seconds.',
  `${header}
<main>
  <section class="hero">
    <h1>Know it's down before your customers do.</h1>
    <p>Pinglark checks your websites, APIs and cron jobs every 30 seconds from 12 regions, and wakes up the right person by SMS, Slack or phone call.</p>
    <a class="btn" href="https://app.pinglark.example/signup">Start monitoring for free</a>
  </section>
  <section class="features">
    <h2>Monitoring that doesn't cry wolf</h2>
    <div class="feature"><h3>30-second checks from 12 regions</h3><p>An incident is only raised when three regions agree.</p></div>
    <div class="feature"><h3>Cron job heartbeats</h3><p>Get alerted when a scheduled job silently stops running.</p></div>
    <div class="feature"><h3>SSL and domain expiry alerts</h3><p>A reminder 30, 14 and 3 days before anything expires.</p></div>
    <div class="feature"><h3>Public status pages</h3><p>On your own domain, updated automatically.</p></div>
    <div class="feature"><h3>On-call schedules</h3><p>Rotate who gets woken up, with escalation if nobody answers.</p></div>
  </section>
  <section class="integrations">
    <p>Alerts go to Slack, Microsoft Teams, PagerDuty, Opsgenie, Discord and plain old email.</p>
  </section>
</main>
${footer}`,
);

const status = page(
  'Status pages – Pinglark',
  null,
  `${header}
<main>
  <h1>Public status pages</h1>
  <p>Every Pinglark account includes a status page on your own domain. Incidents from your monitors appear automatically; you can add updates by hand or from the API.</p>
  <p>Subscribers can follow updates by email, RSS or webhook.</p>
</main>
${footer}`,
);

const pricing = page(
  'Pricing – Pinglark',
  null,
  `${header}
<main>
  <h1>Pricing</h1>
  <div class="plans">
    <div class="plan"><h2>Hobby</h2><p class="price">Free</p><p>10 monitors, 3-minute checks, email alerts.</p></div>
    <div class="plan"><h2>Pro</h2><p class="price">$15/mo</p><p>50 monitors, 30-second checks, SMS and Slack.</p></div>
    <div class="plan"><h2>Team</h2><p class="price">$49/mo</p><p>200 monitors, on-call schedules, 5 seats.</p></div>
  </div>
  <p>Save 20% with annual billing.</p>
  <h2>FAQ</h2>
  <details><summary>Do SMS alerts cost extra?</summary><p>Pro and Team include 100 SMS a month; more are 5¢ each.</p></details>
  <details><summary>Can I monitor services behind a firewall?</summary><p>Yes, with our open-source private agent.</p></details>
</main>
${footer}`,
);

const about = page(
  'About – Pinglark',
  null,
  `${header}
<main>
  <h1>Why Pinglark exists</h1>
  <p>In the spring of 2021 I was on call for a payments API and got paged 41 times in one night — 40 of them false alarms. That summer I started Pinglark in Portland, Oregon to build the monitoring tool I wanted: one that only wakes you when something is really broken.</p>
  <p>Pinglark is still small and independent. Every support email is answered by someone who writes the code.</p>
  <p class="signature">— Dana Whitfield, founder</p>
</main>
${footer}`,
);

export const pinglark: CorpusSite = {
  host: 'pinglark.example',
  pages: { '/': home, '/status-pages': status, '/pricing': pricing, '/about': about },
  facts: {
    name: 'Pinglark',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Hobby', price: 'free' },
      { name: 'Pro', price: '$15' },
      { name: 'Team', price: '$49' },
    ],
    country: 'US',
    city: 'Portland',
    founded_year: '2021',
    contact_email: 'team@pinglark.example',
    logo_url: '/static/pinglark-mark.png',
    demo_video_url: null,
    categories: ['Monitoring & Logging'],
    alsoFineCategories: ['Developer Tools'],
    features: [
      '30-second checks from 12 regions',
      'Cron job heartbeats',
      'SSL and domain expiry alerts',
      'Public status pages',
      'On-call schedules',
    ],
    founders: ['Dana Whitfield'],
    socials: {
      github: 'https://github.com/pinglark',
      x: 'https://x.com/pinglark',
      discord: 'https://discord.gg/pinglark',
    },
    faqs: ['Do SMS alerts cost extra?', 'Can I monitor services behind a firewall?'],
  },
};
