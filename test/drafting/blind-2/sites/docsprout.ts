import { type CorpusSite, page } from '../../corpus/types.js';

/** A help-centre builder from Lagos, Nigeria: naira subscriptions and a custom tier, a logo in a picture element, the founder signing a funding announcement (investors and a blog date beside), a YouTube demo. */
const HEADER = `<header><a href="/"><picture><source srcset="/img/docsprout-logo.webp" type="image/webp"><img src="/img/docsprout-logo.png" alt="Docsprout" width="150"></picture></a>
<nav><a href="/features">Features</a> <a href="/pricing">Pricing</a> <a href="/about">About</a> <a href="/blog/seed-round">News</a> <a href="/faq">FAQ</a></nav></header>`;
const FOOTER = `<footer>
<p>Docsprout Technologies Ltd · Lekki Phase 1, Lagos, Nigeria</p>
<p>Contact: <a href="mailto:hello@docsprout.example">hello@docsprout.example</a> · <a href="https://x.com/docsprout">X</a> · <a href="https://ng.linkedin.com/company/docsprout">LinkedIn</a> · <a href="https://www.instagram.com/docsprout">Instagram</a></p>
</footer>`;

export const docsprout: CorpusSite = {
  host: 'docsprout.example',
  pages: {
    '/': page(
      'Docsprout | Help centres your customers actually read',
      'Build a searchable help centre and internal wiki in an afternoon.',
      `${HEADER}
<main>
<h1>Answer questions before they become tickets.</h1>
<p>Docsprout lets you publish a beautiful, searchable help centre and internal wiki in an afternoon. Customers find answers themselves, and your support team gets its evenings back.</p>
<iframe src="https://www.youtube.com/embed/Rk5vD1nYp8c" title="Docsprout demo" allowfullscreen></iframe>
<p>Used by support teams at fintechs and logistics companies in Lagos, Nairobi, Accra and Johannesburg.</p>
</main>
${FOOTER}`,
    ),
    '/features': page(
      'Features | Docsprout',
      null,
      `${HEADER}
<main>
<h1>Features</h1>
<div class="cards">
<div class="card"><h3>AI-powered search</h3><p>Understands questions, not just keywords.</p></div>
<div class="card"><h3>Article versioning</h3><p>See who changed what, and roll back.</p></div>
<div class="card"><h3>Custom domain</h3><p>help.yourcompany.com, with free SSL.</p></div>
<div class="card"><h3>Multilingual help centres</h3><p>English, French, Yoruba, Hausa, Swahili and more.</p></div>
</div>
<p>Embed a help widget in your app, or link from Intercom, Zendesk and Freshdesk.</p>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Pricing | Docsprout',
      null,
      `${HEADER}
<main>
<h1>Plans</h1>
<p>Billed monthly in naira. Pay by card, bank transfer or USSD. Prices for customers outside Nigeria are in US dollars on request.</p>
<div class="plans">
<div class="plan"><h2>Starter</h2><p>₦15,000/month</p><p>1 help centre, 3 editors</p></div>
<div class="plan"><h2>Business</h2><p>₦45,000/month</p><p>3 help centres, 15 editors, AI search</p></div>
<div class="plan"><h2>Enterprise</h2><p>Custom pricing</p><p>SSO, SLA, dedicated success manager</p></div>
</div>
</main>
${FOOTER}`,
    ),
    '/about': page(
      'About | Docsprout',
      null,
      `${HEADER}
<main>
<h1>About us</h1>
<p>We founded Docsprout in Lagos in 2020, because support teams across Africa were answering the same questions a hundred times a day on WhatsApp and email.</p>
<p>We are a remote-first team of 16 across Nigeria, Ghana and Kenya.</p>
</main>
${FOOTER}`,
    ),
    '/blog/seed-round': page(
      'Docsprout raises $2.1M to help African businesses support customers at scale | Docsprout',
      null,
      `${HEADER}
<main>
<article>
<h1>Docsprout raises $2.1M to help African businesses support customers at scale</h1>
<p class="meta">Published 14 May 2024</p>
<p>Today we are announcing a $2.1M seed round led by Ventures Platform, with participation from Future Africa and angels including Amaka Eze of a Lagos payments company.</p>
<p>Thank you to every customer who took a chance on us.</p>
<p>— Chidi Okeke, founder &amp; CEO</p>
</article>
</main>
${FOOTER}`,
    ),
    '/faq': page(
      'FAQ | Docsprout',
      null,
      `${HEADER}
<main>
<h1>FAQ</h1>
<h3>Can I import articles from Zendesk Guide?</h3><p>Yes, with our one-click importer.</p>
<h3>Do you offer discounts for NGOs?</h3><p>Yes, 40% off any plan.</p>
<h3>Can I make some articles private?</h3><p>Yes, restrict any article to signed-in customers or to staff.</p>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Docsprout',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Starter', price: '₦15,000' },
      { name: 'Business', price: '₦45,000' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'NG',
    city: 'Lagos',
    founded_year: '2020',
    contact_email: 'hello@docsprout.example',
    logo_url: '/img/docsprout-logo.png',
    demo_video_url: 'https://www.youtube.com/embed/Rk5vD1nYp8c',
    categories: ['Knowledge Base'],
    alsoFineCategories: ['Customer Support', 'Help Desk'],
    features: ['AI-powered search', 'Article versioning', 'Custom domain', 'Multilingual help centres'],
    founders: ['Chidi Okeke'],
    socials: {
      x: 'https://x.com/docsprout',
      linkedin: 'https://ng.linkedin.com/company/docsprout',
      instagram: 'https://www.instagram.com/docsprout',
    },
    faqs: ['Can I import articles from Zendesk Guide?', 'Do you offer discounts for NGOs?', 'Can I make some articles private?'],
  },
};
