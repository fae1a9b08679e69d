import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Invoicing for freelancers from Lisbon; monthly and yearly prices side by side, no founders named. */
const header = `<header class="top">
  <a href="/"><img class="logo" src="/assets/mareia-logo.svg" alt="Mareia"></a>
  ${nav([
    ['/pricing', 'Preços / Pricing'],
    ['/contact', 'Contact'],
  ])}
</header>`;

const footer = `<footer>
  <div>
    <strong>Mareia</strong>
    <p>HQ: Lisbon, Portugal</p>
    <p>Rua da Prata 80, 1100-415 Lisboa</p>
  </div>
  <div>
    <a href="https://www.linkedin.com/company/mareia-invoicing">LinkedIn</a>
    <a href="https://instagram.com/mareia.app">Instagram</a>
  </div>
  <p class="legal">© 2021–2026 Mareia, Lda. · NIF 516 000 000</p>
</footer>`;

const home = page(
  'Mareia — invoicing for freelancers in Europe',
  'Send compliant invoices in euros, track who has paid and get reminders out automatically.',
  `${header}
<main>
  <section class="hero">
    <h1>Invoices that get paid.</h1>
    <p>Mareia is invoicing software for freelancers and small studios across Europe. Create a compliant invoice in under a minute, send it, and let Mareia chase the late ones.</p>
    <a class="btn" href="/pricing">See plans</a>
  </section>
  <section>
    <h2>Built for the way freelancers work</h2>
    <ol class="features">
      <li>Invoices that follow Portuguese, Spanish and EU VAT rules</li>
      <li>Automatic payment reminders</li>
      <li>Recurring invoices for retainers</li>
      <li>Multi-currency quotes</li>
      <li>SAF-T export for your accountant</li>
    </ol>
  </section>
  <section>
    <h2>Founded 2021, by freelancers</h2>
    <p>We were tired of spreadsheets and chasing clients over WhatsApp. Mareia is the tool we wanted for ourselves, and it now sends more than 40,000 invoices a month.</p>
  </section>
</main>
${footer}`,
  '<meta property="og:image" content="https://mareia.example/assets/og-card.png"><link rel="icon" href="/favicon.png" type="image/png">',
);

const pricing = page(
  'Pricing — Mareia',
  'Two plans. Pay monthly or save two months with yearly billing.',
  `${header}
<main>
  <h1>Pricing</h1>
  <p>Pay monthly, or pay yearly and get two months free. 30-day free trial on both plans.</p>
  <div class="plans">
    <article class="plan">
      <h3>Freelancer</h3>
      <p><span class="price">€9/mo</span> billed monthly, or €90/year</p>
      <p>Unlimited invoices for one person.</p>
    </article>
    <article class="plan">
      <h3>Studio</h3>
      <p><span class="price">€24/mo</span> billed monthly, or €240/year</p>
      <p>Up to five people, shared clients and a branded client portal.</p>
    </article>
  </div>
  <p class="small">Prices include VAT where applicable.</p>
</main>
${footer}`,
);

const contact = page(
  'Contact — Mareia',
  null,
  `${header}
<main>
  <h1>Get in touch</h1>
  <p>Olá! The quickest way to reach us is by email: <a href="mailto:ola@mareia.example">ola@mareia.example</a>. We reply in Portuguese, English or Spanish.</p>
  <p>Press? Please write to press@mareia.example instead.</p>
</main>
${footer}`,
);

export const mareia: CorpusSite = {
  host: 'mareia.example',
  pages: { '/': home, '/pricing': pricing, '/contact': contact },
  facts: {
    name: 'Mareia',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Freelancer', price: '€9' },
      { name: 'Studio', price: '€24' },
    ],
    country: 'PT',
    city: 'Lisbon',
    founded_year: '2021',
    contact_email: 'ola@mareia.example',
    logo_url: '/assets/mareia-logo.svg',
    demo_video_url: null,
    categories: ['Invoicing'],
    alsoFineCategories: ['Finance'],
    features: [
      'Invoices that follow Portuguese, Spanish and EU VAT rules',
      'Automatic payment reminders',
      'Recurring invoices for retainers',
      'Multi-currency quotes',
      'SAF-T export for your accountant',
    ],
    founders: [],
    socials: {
      linkedin: 'https://www.linkedin.com/company/mareia-invoicing',
      instagram: 'https://instagram.com/mareia.app',
    },
    faqs: [],
  },
};
