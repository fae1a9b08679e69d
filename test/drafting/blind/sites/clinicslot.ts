import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Online booking for health clinics from Boise, Idaho; the only logo is a PNG icon link, a demo on Vimeo embedded. */
const head = '<link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png"><link rel="manifest" href="/site.webmanifest">';

const header = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'About us'],
  ['/faq', 'FAQ'],
]);

const footer = `<footer>
  <p>Clinicslot · 800 W Main St, Boise, Idaho 83702</p>
  <p>Questions? <a href="mailto:care@clinicslot.example">care@clinicslot.example</a> · (208) 555-0142</p>
  <p><a href="https://www.facebook.com/clinicslot">Facebook</a> · <a href="https://www.linkedin.com/company/clinicslot">LinkedIn</a> · <a href="https://www.instagram.com/clinicslot">Instagram</a></p>
  <p>HIPAA-compliant. © 2026 Clinicslot, LLC.</p>
</footer>`;

const home = page(
  'Clinicslot: online booking for physical therapy and wellness clinics',
  'Let patients book, reschedule and pay online. Automated reminders cut no-shows in half.',
  `${header}
<main>
  <section class="hero">
    <h1>Fewer no-shows. Fuller schedules.</h1>
    <p>Clinicslot is an online appointment booking system for physical therapy, chiropractic and massage clinics. Patients book from your website or Google, and automated text reminders cut no-shows by up to 50%.</p>
    <a class="btn" href="/pricing">Start your free 30-day trial</a>
  </section>
  <section class="video">
    <h2>A quick walkthrough</h2>
    <iframe src="https://player.vimeo.com/video/774512309" width="640" height="360" allow="fullscreen" title="Clinicslot walkthrough"></iframe>
  </section>
</main>
${footer}`,
  head,
);

const features = page(
  'Features | Clinicslot',
  null,
  `${header}
<main>
  <h1>Features</h1>
  <div class="grid">
    <article><h3>24/7 online booking</h3><p>A booking page and a widget for your own website.</p></article>
    <article><h3>SMS and email reminders</h3><p>Sent 48 and 2 hours before each visit.</p></article>
    <article><h3>Intake forms</h3><p>Patients fill in their history before they arrive.</p></article>
    <article><h3>Insurance and card payments</h3><p>Take a deposit at booking or charge after the visit.</p></article>
    <article><h3>Multi-practitioner calendars</h3><p>Every therapist's schedule side by side.</p></article>
  </div>
</main>
${footer}`,
  head,
);

const pricing = page(
  'Pricing | Clinicslot',
  null,
  `${header}
<main>
  <h1>Pricing</h1>
  <p>One plan with every feature. Pay per practitioner. Free for 30 days, no credit card.</p>
  <div class="plan">
    <h2>Clinic</h2>
    <p><strong>$29</strong> per practitioner / month</p>
    <p>Front-desk staff are always free.</p>
  </div>
</main>
${footer}`,
  head,
);

const about = page(
  'About us | Clinicslot',
  null,
  `${header}
<main>
  <h1>About us</h1>
  <p>Clinicslot was co-founded in 2017 by physiotherapist Aisha Rahman and software engineer Tom Becker. Aisha was losing a full day of revenue every week to no-shows at her Boise practice; Tom built the first version on weekends.</p>
  <p>Today more than 2,500 clinics across the US and Canada book their patients with Clinicslot.</p>
</main>
${footer}`,
  head,
);

const faq = page(
  'FAQ | Clinicslot',
  null,
  `${header}
<main>
  <h1>Frequently asked questions</h1>
  <h3>Is Clinicslot HIPAA compliant?</h3>
  <p>Yes. We sign a Business Associate Agreement with every clinic.</p>
  <h3>Can patients book through Google?</h3>
  <p>Yes, Clinicslot is a Reserve with Google partner.</p>
  <h3>Can I move my appointments over from another system?</h3>
  <p>We import from Jane, Mindbody and most other systems at no cost.</p>
  <h3>Do you integrate with my EHR?</h3>
  <p>We sync with WebPT and Prompt; others via CSV export.</p>
</main>
${footer}`,
  head,
);

export const clinicslot: CorpusSite = {
  host: 'clinicslot.example',
  pages: { '/': home, '/features': features, '/pricing': pricing, '/about': about, '/faq': faq },
  facts: {
    name: 'Clinicslot',
    pricing_model: 'subscription',
    pricing: [{ name: 'Clinic', price: '$29' }],
    country: 'US',
    city: 'Boise',
    founded_year: '2017',
    contact_email: 'care@clinicslot.example',
    logo_url: '/icons/icon-192.png',
    demo_video_url: 'https://player.vimeo.com/video/774512309',
    categories: ['Calendar & Scheduling'],
    alsoFineCategories: ['Productivity'],
    features: [
      '24/7 online booking',
      'SMS and email reminders',
      'Intake forms',
      'Insurance and card payments',
      'Multi-practitioner calendars',
    ],
    founders: ['Aisha Rahman', 'Tom Becker'],
    socials: {
      facebook: 'https://www.facebook.com/clinicslot',
      linkedin: 'https://www.linkedin.com/company/clinicslot',
      instagram: 'https://www.instagram.com/clinicslot',
    },
    faqs: [
      'Is Clinicslot HIPAA compliant?',
      'Can patients book through Google?',
      'Can I move my appointments over from another system?',
      'Do you integrate with my EHR?',
    ],
  },
};
