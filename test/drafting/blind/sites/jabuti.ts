import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** A WhatsApp-first CRM from São Paulo; prices in reais, founders in a sentence, a YouTube channel but no demo video. */
const header = `<header>
  <a href="/" class="logo-link"><img class="logo" src="/imagens/jabuti-logo.png" alt="Jabuti CRM"></a>
  ${nav([
    ['/planos', 'Plans'],
    ['/sobre', 'About us'],
    ['/contato', 'Contact'],
  ])}
</header>`;

const footer = `<footer>
  <p>Jabuti Tecnologia Ltda. · CNPJ 12.345.678/0001-90 · São Paulo – SP</p>
  <p>
    <a href="https://www.instagram.com/jabuticrm">Instagram</a> |
    <a href="https://www.linkedin.com/company/jabuti-crm/">LinkedIn</a> |
    <a href="https://www.youtube.com/c/JabutiCRM">YouTube</a>
  </p>
</footer>`;

const home = page(
  'Jabuti CRM — the CRM that lives in WhatsApp',
  'Jabuti is a simple sales CRM for Brazilian small businesses that sell over WhatsApp.',
  `${header}
<main>
  <section class="hero">
    <h1>Your sales pipeline, right inside WhatsApp.</h1>
    <p>Jabuti is a CRM for small businesses that close deals in chat. Every WhatsApp conversation becomes a contact and a deal on a visual pipeline, so no lead is forgotten.</p>
    <a class="btn" href="https://app.jabuti.example/cadastro">Try 7 days free</a>
  </section>
  <section>
    <h2>Features</h2>
    <div class="cards">
      <div class="card"><h3>WhatsApp Business integration</h3></div>
      <div class="card"><h3>Visual sales pipeline</h3></div>
      <div class="card"><h3>Automatic follow-up reminders</h3></div>
      <div class="card"><h3>Pix payment links</h3></div>
    </div>
  </section>
  <section class="depoimentos">
    <blockquote>“We doubled our repeat customers in three months.” — Fernanda Alves, Doce Lar Confeitaria, Curitiba</blockquote>
  </section>
</main>
${footer}`,
);

const planos = page(
  'Plans — Jabuti CRM',
  null,
  `${header}
<main>
  <h1>Plans</h1>
  <p>7-day free trial on every plan. Cancel whenever you want.</p>
  <div class="planos">
    <div class="plano"><h2>Essencial</h2><p>R$49/month</p><p>1 WhatsApp number, 2 users.</p></div>
    <div class="plano"><h2>Profissional</h2><p>R$99/month</p><p>3 WhatsApp numbers, 10 users, automations.</p></div>
    <div class="plano"><h2>Empresa</h2><p>R$249/month</p><p>Unlimited numbers and users, API access.</p></div>
  </div>
</main>
${footer}`,
);

const sobre = page(
  'About us — Jabuti CRM',
  null,
  `${header}
<main>
  <h1>About Jabuti</h1>
  <p>Jabuti was founded in 2019 by Beatriz Lima and Rafael Costa, two former sales reps who were tired of losing customers in endless chat threads.</p>
  <p>Our office is in Pinheiros, São Paulo, Brazil, and our team of 30 serves more than 4,000 businesses across the country.</p>
</main>
${footer}`,
);

const contato = page(
  'Contact — Jabuti CRM',
  null,
  `${header}
<main>
  <h1>Talk to us</h1>
  <p>Email: <a href="mailto:contato@jabuti.example">contato@jabuti.example</a></p>
  <p>WhatsApp: +55 11 90000-0000 (Monday to Friday, 9am to 6pm)</p>
</main>
${footer}`,
);

export const jabuti: CorpusSite = {
  host: 'jabuti.example',
  pages: { '/': home, '/planos': planos, '/sobre': sobre, '/contato': contato },
  facts: {
    name: 'Jabuti CRM',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Essencial', price: 'R$49' },
      { name: 'Profissional', price: 'R$99' },
      { name: 'Empresa', price: 'R$249' },
    ],
    country: 'BR',
    city: 'São Paulo',
    founded_year: '2019',
    contact_email: 'contato@jabuti.example',
    logo_url: '/imagens/jabuti-logo.png',
    demo_video_url: null,
    categories: ['CRM'],
    alsoFineCategories: ['Sales', 'Sales Engagement'],
    features: ['WhatsApp Business integration', 'Visual sales pipeline', 'Automatic follow-up reminders', 'Pix payment links'],
    founders: ['Beatriz Lima', 'Rafael Costa'],
    socials: {
      instagram: 'https://www.instagram.com/jabuticrm',
      linkedin: 'https://www.linkedin.com/company/jabuti-crm/',
      youtube: 'https://www.youtube.com/c/JabutiCRM',
    },
    faqs: [],
  },
};
