import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Staff rostering for Australian cafés and clinics; the logo is an apple-touch-icon, the demo a Vimeo link. */
const head = '<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png">';

const header = nav([
  ['/how-it-works', 'How it works'],
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
]);

const footer = `<footer>
  <p>Rosterroo Pty Ltd · ABN 12 345 678 901</p>
  <p>Call 1300 767 837 or email <a href="mailto:gday@rosterroo.example">gday@rosterroo.example</a></p>
  <ul class="social">
    <li><a href="https://www.facebook.com/rosterroo">Facebook</a></li>
    <li><a href="https://au.linkedin.com/company/rosterroo">LinkedIn</a></li>
  </ul>
  <p>© Rosterroo 2026</p>
</footer>`;

const home = page(
  'Rosterroo | Staff rostering for hospitality and healthcare',
  'Build rosters in minutes, let staff swap shifts from their phones and export timesheets to payroll.',
  `${header}
<main>
  <section class="hero">
    <h1>Rosters done before the morning rush.</h1>
    <p>Rosterroo is shift scheduling software for cafés, restaurants and allied-health clinics. Drag shifts onto a weekly calendar, publish, and your team gets a push notification.</p>
    <p><a href="https://vimeo.com/812345678">▶ Watch the 2-minute tour</a></p>
  </section>
  <section>
    <h2>Everything on one roster</h2>
    <div class="features">
      <div><h3>Drag-and-drop roster builder</h3><p>Copy last week, tweak, publish.</p></div>
      <div><h3>Shift swaps and leave requests</h3><p>Staff handle swaps in the app; you approve with one tap.</p></div>
      <div><h3>Award interpretation</h3><p>Penalty rates and overtime under Australian modern awards, calculated for you.</p></div>
      <div><h3>Timesheet export to Xero and MYOB</h3><p>Approved hours flow straight into payroll.</p></div>
    </div>
  </section>
</main>
${footer}`,
  head,
);

const how = page(
  'How it works | Rosterroo',
  null,
  `${header}
<main>
  <h1>How Rosterroo works</h1>
  <ol>
    <li>Add your team and their availability.</li>
    <li>Build the week's roster on the calendar, or let Rosterroo suggest one from last week.</li>
    <li>Publish. Everyone gets their shifts on their phone.</li>
    <li>At the end of the pay period, export approved timesheets to payroll.</li>
  </ol>
</main>
${footer}`,
  head,
);

const pricing = page(
  'Pricing | Rosterroo',
  'One plan, priced per staff member. Free 21-day trial.',
  `${header}
<main>
  <h1>Straightforward pricing</h1>
  <div class="plan">
    <h2>Standard</h2>
    <p class="price">A$4 per staff member per month</p>
    <p>All features, unlimited locations, free 21-day trial. Prices in Australian dollars, GST inclusive.</p>
  </div>
  <div class="plan">
    <h2>Enterprise</h2>
    <p class="price">Talk to sales</p>
    <p>For groups with more than 250 staff, custom award setups and single sign-on.</p>
  </div>
  <h2>Common questions</h2>
  <h3>Is there a minimum number of staff?</h3>
  <p>Yes, the minimum monthly charge is five staff members.</p>
  <h3>Does Rosterroo work for clinics outside Australia?</h3>
  <p>It does, but award interpretation only covers Australian awards for now.</p>
</main>
${footer}`,
  head,
);

const about = page(
  'About | Rosterroo',
  null,
  `${header}
<main>
  <h1>About Rosterroo</h1>
  <p>We're a team of 14 based in Melbourne, Australia. Rosterroo has been helping small businesses with their rosters since 2016.</p>
  <p>Rosterroo was built by Liam O'Connor and Mei Chen after Liam spent a summer managing rosters for his family's café in Geelong with a whiteboard and a group chat.</p>
</main>
${footer}`,
  head,
);

export const rosterroo: CorpusSite = {
  host: 'rosterroo.example',
  pages: { '/': home, '/how-it-works': how, '/pricing': pricing, '/about': about },
  facts: {
    name: 'Rosterroo',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Standard', price: 'A$4' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'AU',
    city: 'Melbourne',
    founded_year: '2016',
    contact_email: 'gday@rosterroo.example',
    logo_url: '/apple-touch-icon.png',
    demo_video_url: 'https://vimeo.com/812345678',
    categories: ['Calendar & Scheduling'],
    alsoFineCategories: ['Productivity'],
    features: [
      'Drag-and-drop roster builder',
      'Shift swaps and leave requests',
      'Award interpretation',
      'Timesheet export to Xero and MYOB',
    ],
    founders: ["Liam O'Connor", 'Mei Chen'],
    socials: {
      facebook: 'https://www.facebook.com/rosterroo',
      linkedin: 'https://au.linkedin.com/company/rosterroo',
    },
    faqs: ['Is there a minimum number of staff?', 'Does Rosterroo work for clinics outside Australia?'],
  },
};
