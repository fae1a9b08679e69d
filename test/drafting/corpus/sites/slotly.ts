/** A scheduling tool from Lisbon: Zoom and Google Meet integrations, live chat support (not a live chat product), prices split over spans, a founding sentence naming the city first. */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
  ['/faq', 'FAQ'],
]);

const FOOTER = `<footer>
  <p>Need help? Our support team is on live chat from 9:00 to 18:00 Lisbon time, or write to <a href="mailto:help@slotly.example">help@slotly.example</a>.</p>
  <p><a href="https://x.com/slotlyapp">X</a> · <a href="https://www.youtube.com/@slotly">YouTube</a> · <a href="https://twitter.com/intent/tweet?text=Slotly">Share</a></p>
</footer>`;

const price = (currency: string, amount: string, period: string): string =>
  `<p class="price"><span class="currency">${currency}</span><span class="amount">${amount}</span><span class="period">${period}</span></p>`;

const HOME = page(
  'Slotly – Booking links that fill your calendar',
  'Slotly lets clients book time with you from a link. No back-and-forth emails.',
  `${NAV}
<main>
  <h1>Booking links that fill your calendar</h1>
  <p>Slotly is a scheduling tool for consultants, coaches and small teams: share one booking link and let clients pick a time that suits both of you.</p>
  <h2>Features</h2>
  <ul>
    <li>Personal booking pages</li>
    <li>Round-robin team scheduling</li>
    <li>Automatic reminders by email and SMS</li>
    <li>Payments at booking</li>
  </ul>
  <h3>Connects with</h3>
  <ul><li>Google Calendar</li><li>Outlook</li><li>Zoom</li><li>Google Meet</li></ul>
  <p>Every booking creates a Zoom or Google Meet link automatically.</p>
</main>
${FOOTER}`,
);

const PRICING = page(
  'Pricing – Slotly',
  'Slotly plans.',
  `${NAV}
<main>
  <h1>Plans &amp; pricing</h1>
  <div class="plans">
    <div class="plan"><h3>Basic</h3>${price('€', '0', '')}<p>Free forever · 1 calendar</p></div>
    <div class="plan"><h3>Premium</h3>${price('€', '8', '/month')}<p>Unlimited calendars and reminders</p></div>
    <div class="plan"><h3>Teams</h3>${price('€', '12', '/user/month')}<p>Round-robin and team pages</p></div>
  </div>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'About – Slotly',
  'The story of Slotly.',
  `${NAV}
<main>
  <h1>About Slotly</h1>
  <p>Slotly was founded in Lisbon in 2020 by Inês Costa, after a year of booking coaching sessions by email.</p>
  <p>We're a remote-first team headquartered in Lisbon, Portugal, with colleagues in Porto, Madrid and Amsterdam.</p>
</main>
${FOOTER}`,
);

const FAQ = page(
  'FAQ – Slotly',
  null,
  `${NAV}
<main>
  <h1>Frequently asked questions</h1>
  <h3>Does Slotly work with Outlook?</h3>
  <p>Yes. Slotly syncs with Google Calendar, Outlook and iCloud calendars.</p>
  <h3>Can clients pay when they book?</h3>
  <p>Yes, connect Stripe and clients pay while they book.</p>
  <h3>Is my calendar data private?</h3>
  <p>Slotly only reads free and busy times; it never stores event details.</p>
</main>
${FOOTER}`,
);

export const slotly: CorpusSite = {
  host: 'slotly.example',
  pages: { '/': HOME, '/pricing': PRICING, '/about': ABOUT, '/faq': FAQ },
  facts: {
    name: 'Slotly',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Basic', price: '€0' },
      { name: 'Premium', price: '€8' },
      { name: 'Teams', price: '€12' },
    ],
    country: 'PT',
    city: 'Lisbon',
    founded_year: '2020',
    contact_email: 'help@slotly.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['Calendar & Scheduling'],
    alsoFineCategories: ['Productivity'],
    features: ['Personal booking pages', 'Round-robin team scheduling', 'Automatic reminders by email and SMS', 'Payments at booking'],
    founders: ['Inês Costa'],
    socials: { x: 'https://x.com/slotlyapp', youtube: 'https://www.youtube.com/@slotly' },
    faqs: ['Does Slotly work with Outlook?', 'Can clients pay when they book?', 'Is my calendar data private?'],
  },
};
