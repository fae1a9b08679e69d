import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Live chat for online shops, from Barcelona; a free-forever plan, an integrations list, a YouTube embed, no founders. */
const header = `<div class="bar">
  <a href="/" class="brand"><img class="logo" src="/static/img/cobalto-logo.png" alt="Cobalto logo" width="120"></a>
  ${nav([
    ['/features', 'Features'],
    ['/pricing', 'Pricing'],
    ['/faq', 'Help'],
  ])}
</div>`;

const footer = `<footer>
  <div class="social">
    <a href="https://www.instagram.com/cobaltochat/" title="Instagram">Instagram</a>
    <a href="https://x.com/cobaltochat" title="X">X</a>
    <a href="https://www.youtube.com/@cobaltochat" title="YouTube">YouTube</a>
  </div>
  <p>Cobalto Software S.L. — Carrer de Pujades 77, 08005 Barcelona, Spain</p>
  <p>Sales and support: hola@cobalto.example</p>
  <p>© 2026 Cobalto</p>
</footer>`;

const home = page(
  'Cobalto – Live chat that sells',
  'Live chat and WhatsApp inbox for online shops. Answer shoppers in real time and recover abandoned carts.',
  `${header}
<main>
  <section class="hero">
    <h1>Answer shoppers while they're still shopping.</h1>
    <p>Cobalto is a live chat widget and shared inbox for e-commerce stores. Website chat, WhatsApp and Instagram messages land in one place, and your team replies in seconds.</p>
    <a class="btn" href="https://app.cobalto.example/signup">Get started — it's free</a>
  </section>
  <section class="demo">
    <h2>Take a look</h2>
    <div class="video"><iframe src="https://www.youtube-nocookie.com/embed/Cb7tQ0vR4sE" title="Cobalto in 2 minutes" allowfullscreen></iframe></div>
  </section>
  <section class="integrations">
    <h2>Connects to your store in one click</h2>
    <p>Shopify · WooCommerce · PrestaShop · Magento · Wix</p>
  </section>
  <section>
    <p>Since 2020, more than 6,000 shops in 30 countries chat with their customers through Cobalto.</p>
  </section>
</main>
${footer}`,
);

const features = page(
  'Features – Cobalto',
  null,
  `${header}
<main>
  <h1>Features</h1>
  <ul class="feature-list">
    <li><h3>Live chat widget</h3><p>Matches your store's colours, loads in under 100 ms.</p></li>
    <li><h3>WhatsApp and Instagram inbox</h3><p>All your conversations in one shared inbox.</p></li>
    <li><h3>Order lookup inside the chat</h3><p>See the shopper's cart and past orders while you talk.</p></li>
    <li><h3>Canned replies in 12 languages</h3><p>Answer "where is my order?" in one keystroke.</p></li>
  </ul>
</main>
${footer}`,
);

const pricing = page(
  'Pricing – Cobalto',
  null,
  `${header}
<main>
  <h1>Plans</h1>
  <div class="plans">
    <div class="plan"><h2>Starter</h2><strong>Free forever</strong><p>1 agent, website chat, 100 conversations a month.</p></div>
    <div class="plan"><h2>Pro</h2><strong>€19/mo per agent</strong><p>WhatsApp and Instagram, order lookup, unlimited conversations.</p></div>
    <div class="plan"><h2>Agency</h2><strong>Let's talk</strong><p>Manage many stores from one account. <a href="mailto:hola@cobalto.example">Contact us</a>.</p></div>
  </div>
</main>
${footer}`,
);

const faq = page(
  'Help – Cobalto',
  null,
  `${header}
<main>
  <h1>Help center</h1>
  <details><summary>Will the chat widget slow down my store?</summary><p>No. The widget loads after your page and weighs less than 40 KB.</p></details>
  <details><summary>Can I use Cobalto on more than one store?</summary><p>Yes, on the Pro plan each store is a separate inbox; agencies should look at the Agency plan.</p></details>
  <details><summary>Is Cobalto GDPR compliant?</summary><p>Yes. All data is hosted in the EU and we sign a data processing agreement with every customer.</p></details>
</main>
${footer}`,
);

export const cobalto: CorpusSite = {
  host: 'cobalto.example',
  pages: { '/': home, '/features': features, '/pricing': pricing, '/faq': faq },
  facts: {
    name: 'Cobalto',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Starter', price: 'free' },
      { name: 'Pro', price: '€19' },
      { name: 'Agency', price: 'contact' },
    ],
    country: 'ES',
    city: 'Barcelona',
    founded_year: '2020',
    contact_email: 'hola@cobalto.example',
    logo_url: '/static/img/cobalto-logo.png',
    demo_video_url: 'https://www.youtube-nocookie.com/embed/Cb7tQ0vR4sE',
    categories: ['Live Chat'],
    alsoFineCategories: ['Customer Support', 'Help Desk'],
    features: ['Live chat widget', 'WhatsApp and Instagram inbox', 'Order lookup inside the chat', 'Canned replies in 12 languages'],
    founders: [],
    socials: {
      instagram: 'https://www.instagram.com/cobaltochat/',
      x: 'https://x.com/cobaltochat',
      youtube: 'https://www.youtube.com/@cobaltochat',
    },
    faqs: ['Will the chat widget slow down my store?', 'Can I use Cobalto on more than one store?', 'Is Cobalto GDPR compliant?'],
  },
};
