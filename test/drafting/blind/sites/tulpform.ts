import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** A landing-page builder from Utrecht; the only logo is an SVG favicon, founders among team cards, FAQs in a dl. */
const head = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';

const header = nav([
  ['/pricing', 'Pricing'],
  ['/team', 'Team'],
  ['/faq', 'FAQ'],
]);

const footer = `<footer>
  <nav class="footer-links">
    <a href="https://www.instagram.com/tulpform.app/">Instagram</a>
    <a href="https://www.linkedin.com/company/tulpform/">LinkedIn</a>
    <a href="/terms">Terms</a>
    <a href="/privacy">Privacy</a>
  </nav>
  <p>Say hoi: <a href="mailto:hoi@tulpform.example">hoi@tulpform.example</a></p>
  <p>Tulpform B.V. · KvK 81234567 · © 2026</p>
</footer>`;

const home = page(
  'Tulpform – landing pages without the developer',
  'Tulpform lets marketers build fast landing pages and sign-up forms with a drag-and-drop editor.',
  `${header}
<main>
  <section class="hero">
    <p class="eyebrow">Landing pages, sign-up forms, waitlists</p>
    <h1>Launch a page before your coffee gets cold.</h1>
    <p>Tulpform is a drag-and-drop landing page builder for small marketing teams. Pick a block, type your copy, publish on your own domain.</p>
    <a class="btn" href="https://app.tulpform.example/start">Start free</a>
  </section>
  <section class="grid">
    <div class="tile"><h3>Drag-and-drop blocks</h3><p>Heroes, pricing tables, testimonials and forms that look good on every screen.</p></div>
    <div class="tile"><h3>A/B testing</h3><p>Run two headlines side by side and let the numbers decide.</p></div>
    <div class="tile"><h3>Custom domains</h3><p>Publish on go.yourcompany.com with free SSL.</p></div>
    <div class="tile"><h3>Form submissions to your CRM</h3><p>Send every sign-up to HubSpot, Pipedrive or a webhook.</p></div>
  </section>
  <section>
    <p>Made with care from Utrecht in the Netherlands. We started in 2020 and still answer every support ticket ourselves.</p>
  </section>
</main>
${footer}`,
  head,
);

const pricing = page(
  'Pricing – Tulpform',
  'Start for free, upgrade when you need more pages.',
  `${header}
<main>
  <h1>Pricing</h1>
  <div class="cards">
    <div class="card">
      <h2>Free</h2>
      <p class="amount">€0</p>
      <ul><li>1 published page</li><li>Tulpform badge</li><li>100 submissions a month</li></ul>
    </div>
    <div class="card">
      <h2>Pro</h2>
      <p class="amount">€12/mo</p>
      <ul><li>10 pages</li><li>Custom domain</li><li>A/B testing</li></ul>
    </div>
    <div class="card">
      <h2>Business</h2>
      <p class="amount">€39/mo</p>
      <ul><li>Unlimited pages</li><li>5 team seats</li><li>Priority support</li></ul>
    </div>
  </div>
  <p>All prices excl. 21% BTW.</p>
</main>
${footer}`,
  head,
);

const team = page(
  'Team – Tulpform',
  null,
  `${header}
<main>
  <h1>The people behind Tulpform</h1>
  <div class="people">
    <div class="person"><img src="/img/sanne.jpg" alt=""><h3>Sanne de Vries</h3><p>Co-founder &amp; CEO</p></div>
    <div class="person"><img src="/img/joris.jpg" alt=""><h3>Joris Bakker</h3><p>Co-founder &amp; Design</p></div>
    <div class="person"><img src="/img/lotte.jpg" alt=""><h3>Lotte Jansen</h3><p>Customer support</p></div>
    <div class="person"><img src="/img/daan.jpg" alt=""><h3>Daan Visser</h3><p>Engineer</p></div>
  </div>
</main>
${footer}`,
  head,
);

const faq = page(
  'FAQ – Tulpform',
  null,
  `${header}
<main>
  <h1>FAQ</h1>
  <dl>
    <dt>Do I need to know HTML?</dt>
    <dd>Not at all. Everything is done in the visual editor, though you can add custom code if you want.</dd>
    <dt>Can I cancel at any time?</dt>
    <dd>Yes, plans are monthly and you can downgrade to Free whenever you like.</dd>
    <dt>Where is my data stored?</dt>
    <dd>On servers in Amsterdam and Frankfurt. We are fully GDPR-compliant.</dd>
  </dl>
</main>
${footer}`,
  head,
);

export const tulpform: CorpusSite = {
  host: 'tulpform.example',
  pages: { '/': home, '/pricing': pricing, '/team': team, '/faq': faq },
  facts: {
    name: 'Tulpform',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: '€0' },
      { name: 'Pro', price: '€12' },
      { name: 'Business', price: '€39' },
    ],
    country: 'NL',
    city: 'Utrecht',
    founded_year: '2020',
    contact_email: 'hoi@tulpform.example',
    logo_url: '/favicon.svg',
    demo_video_url: null,
    categories: ['Landing Pages'],
    alsoFineCategories: ['Marketing'],
    features: ['Drag-and-drop blocks', 'A/B testing', 'Custom domains', 'Form submissions to your CRM'],
    founders: ['Sanne de Vries', 'Joris Bakker'],
    socials: {
      instagram: 'https://www.instagram.com/tulpform.app/',
      linkedin: 'https://www.linkedin.com/company/tulpform/',
    },
    faqs: ['Do I need to know HTML?', 'Can I cancel at any time?', 'Where is my data stored?'],
  },
};
