/** A newsletter tool made in Lyon: "Proudly made in Lyon, France.", a founder who introduces herself, plan cards under h2 headings, "Founded 2019". */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/pricing', 'Pricing'],
  ['/about', 'Our story'],
]);

const FOOTER = `<footer>
  <p>Proudly made in Lyon, France.</p>
  <p>Letterpost SAS · Founded 2019</p>
  <p><a href="https://www.instagram.com/letterpost">Instagram</a> · <a href="https://www.linkedin.com/company/letterpost">LinkedIn</a></p>
</footer>`;

const HOME = page(
  'Letterpost: newsletters your readers look forward to',
  'Letterpost is an email newsletter platform for independent writers and small brands. Write, send and grow your list.',
  `${NAV}
<main>
  <h1>Newsletters your readers look forward to</h1>
  <p>Letterpost is the email newsletter platform for independent writers, creators and small brands who want beautiful emails without a marketing degree.</p>
  <h2>What you get</h2>
  <ul>
    <li>A distraction-free editor</li>
    <li>Signup forms and landing pages</li>
    <li>Paid subscriptions</li>
    <li>Open and click analytics</li>
  </ul>
  <p>Questions? Write to <a href="mailto:bonjour@letterpost.example">bonjour@letterpost.example</a>.</p>
</main>
${FOOTER}`,
);

const PRICING = page(
  'Pricing — Letterpost',
  'Start free, upgrade as your list grows.',
  `${NAV}
<main>
  <h1>Start free, upgrade as you grow</h1>
  <section class="tier">
    <h2>Starter</h2>
    <p class="amount">Free</p>
    <p>Up to 500 subscribers, unlimited emails.</p>
  </section>
  <section class="tier">
    <h2>Growth</h2>
    <p class="amount">€9 per month</p>
    <p>Up to 5,000 subscribers and custom domains.</p>
  </section>
  <section class="tier">
    <h2>Pro</h2>
    <p class="amount">€29 per month</p>
    <p>Up to 25,000 subscribers, paid newsletters and priority support.</p>
  </section>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'Our story — Letterpost',
  'Why Letterpost exists.',
  `${NAV}
<main>
  <h1>Our story</h1>
  <p>Hi, I'm Camille Dubois, the founder of Letterpost. I wrote a weekly newsletter about bread for six years and never found a tool that felt like writing a letter.</p>
  <p>So in 2019 I built one. Letterpost is still small and independent, and every feature starts with a question from one of our writers.</p>
</main>
${FOOTER}`,
);

export const letterpost: CorpusSite = {
  host: 'letterpost.example',
  pages: { '/': HOME, '/pricing': PRICING, '/about': ABOUT },
  facts: {
    name: 'Letterpost',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Starter', price: 'free' },
      { name: 'Growth', price: '€9' },
      { name: 'Pro', price: '€29' },
    ],
    country: 'FR',
    city: 'Lyon',
    founded_year: '2019',
    contact_email: 'bonjour@letterpost.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['Email Marketing'],
    alsoFineCategories: ['Marketing'],
    features: ['A distraction-free editor', 'Signup forms and landing pages', 'Paid subscriptions', 'Open and click analytics'],
    founders: ['Camille Dubois'],
    socials: { instagram: 'https://www.instagram.com/letterpost', linkedin: 'https://www.linkedin.com/company/letterpost' },
    faqs: [],
  },
};
