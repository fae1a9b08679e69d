import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Newsletters for creators from Dublin; founders and a non-founder in team cards, a Bluesky link, a "featured in" strip. */
const header = `<header>
  <a href="/" aria-label="Postmoss home"><img class="logo" src="/static/postmoss-logo@2x.png" alt="Postmoss" height="28"></a>
  ${nav([
    ['/features', 'Features'],
    ['/pricing', 'Pricing'],
    ['/about', 'About'],
    ['/faq', 'FAQ'],
  ])}
</header>`;

const footer = `<footer>
  <div class="social">
    <a href="https://x.com/postmoss">X</a>
    <a href="https://www.linkedin.com/company/postmoss/">LinkedIn</a>
    <a href="https://www.instagram.com/postmoss.email">Instagram</a>
    <a href="https://bsky.app/profile/postmoss.example">Bluesky</a>
  </div>
  <p>Postmoss Ltd., 5 Hanover Quay, Dublin 2, Ireland · <a href="mailto:hello@postmoss.example">hello@postmoss.example</a></p>
  <p>© 2026 Postmoss Ltd.</p>
</footer>`;

const featureList = `<ul class="features">
  <li>Drag-and-drop newsletter editor</li>
  <li>Paid subscriptions with Stripe</li>
  <li>Welcome sequences and automations</li>
  <li>Referral program built in</li>
  <li>Deliverability monitoring</li>
</ul>`;

const home = page(
  'Postmoss — newsletters that grow',
  'Write, send and grow your newsletter. Free up to 500 subscribers.',
  `${header}
<main>
  <section class="hero">
    <h1>The newsletter platform for independent writers.</h1>
    <p>Postmoss gives creators and small publishers everything to run a newsletter: a beautiful editor, paid subscriptions, automations and a referral program that turns readers into recruiters.</p>
    <a class="btn" href="https://app.postmoss.example/signup">Start free</a>
  </section>
  <section>
    <h2>Everything in one place</h2>
    ${featureList}
  </section>
  <section class="press">
    <p>As featured in The Irish Times, Silicon Republic and Business Post.</p>
  </section>
</main>
${footer}`,
);

const features = page(
  'Features — Postmoss',
  null,
  `${header}
<main>
  <h1>Features</h1>
  ${featureList}
  <p>Plus custom domains, A/B subject lines and a full API.</p>
</main>
${footer}`,
);

const pricing = page(
  'Pricing — Postmoss',
  null,
  `${header}
<main>
  <h1>Pricing that grows with your list</h1>
  <div class="plans">
    <div class="plan"><h3>Free</h3><p>$0 — up to 500 subscribers</p></div>
    <div class="plan"><h3>Grow</h3><p>$15/mo — up to 5,000 subscribers</p></div>
    <div class="plan"><h3>Pro</h3><p>$45/mo — up to 25,000 subscribers</p></div>
  </div>
  <p>On every plan we take 0% of your paid subscriptions; only Stripe's fees apply.</p>
</main>
${footer}`,
);

const about = page(
  'About — Postmoss',
  null,
  `${header}
<main>
  <h1>About Postmoss</h1>
  <p>Postmoss was founded in 2016 and is based in Dublin, Ireland. We're a team of 18 who love the inbox.</p>
  <div class="team">
    <div class="member"><h3>Niamh Byrne</h3><p>Co-founder, CEO</p></div>
    <div class="member"><h3>Conor Walsh</h3><p>Co-founder, CTO</p></div>
    <div class="member"><h3>Aoife Kelly</h3><p>Head of Growth</p></div>
    <div class="member"><h3>Seán Murphy</h3><p>Deliverability Engineer</p></div>
  </div>
</main>
${footer}`,
);

const faq = page(
  'FAQ — Postmoss',
  null,
  `${header}
<main>
  <h1>FAQ</h1>
  <h3>Can I import my list from Mailchimp or Substack?</h3>
  <p>Yes, with one click, including your paid subscribers.</p>
  <h3>Do you take a cut of paid subscriptions?</h3>
  <p>No. You keep everything apart from Stripe's processing fees.</p>
  <h3>Can I use my own domain?</h3>
  <p>Yes, on the Grow and Pro plans.</p>
</main>
${footer}`,
);

export const postmoss: CorpusSite = {
  host: 'postmoss.example',
  pages: { '/': home, '/features': features, '/pricing': pricing, '/about': about, '/faq': faq },
  facts: {
    name: 'Postmoss',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: 'free' },
      { name: 'Grow', price: '$15' },
      { name: 'Pro', price: '$45' },
    ],
    country: 'IE',
    city: 'Dublin',
    founded_year: '2016',
    contact_email: 'hello@postmoss.example',
    logo_url: '/static/postmoss-logo@2x.png',
    demo_video_url: null,
    categories: ['Email Marketing'],
    alsoFineCategories: ['Marketing'],
    features: [
      'Drag-and-drop newsletter editor',
      'Paid subscriptions with Stripe',
      'Welcome sequences and automations',
      'Referral program built in',
      'Deliverability monitoring',
    ],
    founders: ['Niamh Byrne', 'Conor Walsh'],
    socials: {
      x: 'https://x.com/postmoss',
      linkedin: 'https://www.linkedin.com/company/postmoss/',
      instagram: 'https://www.instagram.com/postmoss.email',
      bluesky: 'https://bsky.app/profile/postmoss.example',
    },
    faqs: ['Can I import my list from Mailchimp or Substack?', 'Do you take a cut of paid subscriptions?', 'Can I use my own domain?'],
  },
};
