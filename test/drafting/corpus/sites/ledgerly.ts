/** Invoicing for freelancers from Austin: "HQ: Austin, TX, USA", a pricing table with plans as columns, a team with two founders and a support lead. */
import { nav, page, type CorpusSite } from '../types.js';

const NAV = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
  ['/contact', 'Contact'],
]);

const FOOTER = `<footer>
  <div class="cols">
    <div><h4>Ledgerly</h4><p>HQ: Austin, TX, USA</p></div>
    <div><h4>Follow</h4>
      <a href="https://twitter.com/ledgerlyapp">Twitter</a>
      <a href="https://www.facebook.com/ledgerlyapp">Facebook</a>
      <a href="https://www.instagram.com/ledgerly.app/">Instagram</a>
    </div>
  </div>
  <p>© 2025 Ledgerly Inc.</p>
</footer>`;

const HOME = page(
  'Ledgerly | Invoicing for freelancers',
  'Send branded invoices, track your time and get paid faster. Ledgerly is invoicing software for freelancers and small studios.',
  `${NAV}
<main>
  <h1>Get paid faster</h1>
  <p>Ledgerly is the invoicing tool for freelancers and small studios: send branded invoices in a minute, track billable hours and chase late payments automatically.</p>
  <h2>Connect the tools you already use</h2>
  <p>Connect Stripe and PayPal to accept card payments, and get a Slack message the moment a client pays.</p>
  <h2>Loved by 8,000 freelancers</h2>
  <blockquote>“Ledgerly paid for itself in the first week.” — Dana, illustrator in Portland</blockquote>
</main>
${FOOTER}`,
);

const FEATURES = page(
  'Features | Ledgerly',
  'Everything Ledgerly does.',
  `${NAV}
<main>
  <h1>Features</h1>
  <div class="grid">
    <div class="card"><h3>Branded invoices</h3><p>Your logo, your colours, your terms.</p></div>
    <div class="card"><h3>Recurring invoices</h3><p>Bill retainers on a schedule.</p></div>
    <div class="card"><h3>Time tracking</h3><p>Start a timer, turn hours into an invoice.</p></div>
    <div class="card"><h3>Automatic payment reminders</h3><p>Polite nudges until the invoice is paid.</p></div>
  </div>
</main>
${FOOTER}`,
);

const PRICING = page(
  'Pricing | Ledgerly',
  'Plans for every stage of your freelance business.',
  `${NAV}
<main>
  <h1>Simple pricing</h1>
  <p>Every plan starts with a 14-day free trial. No credit card required.</p>
  <table class="pricing">
    <thead><tr><th></th><th>Solo</th><th>Studio</th><th>Agency</th></tr></thead>
    <tbody>
      <tr><td>Price</td><td>$9/month</td><td>$24/month</td><td>$59/month</td></tr>
      <tr><td>Clients</td><td>5</td><td>Unlimited</td><td>Unlimited</td></tr>
      <tr><td>Team members</td><td>1</td><td>3</td><td>10</td></tr>
    </tbody>
  </table>
</main>
${FOOTER}`,
);

const ABOUT = page(
  'About | Ledgerly',
  'Who we are.',
  `${NAV}
<main>
  <h1>About Ledgerly</h1>
  <p>Ledgerly started in 2016 as a side project of two freelance designers who spent too many evenings chasing unpaid invoices.</p>
  <h2>The team</h2>
  <div class="people">
    <div class="person"><h3>Maya Chen</h3><p>Co-founder &amp; CEO</p></div>
    <div class="person"><h3>Jordan Price</h3><p>Co-founder, Head of Product</p></div>
    <div class="person"><h3>Sam Ortiz</h3><p>Support Lead</p></div>
  </div>
</main>
${FOOTER}`,
);

const CONTACT = page(
  'Contact | Ledgerly',
  null,
  `${NAV}
<main>
  <h1>Contact us</h1>
  <p>Email support@ledgerly.example and a human answers within a day.</p>
</main>
${FOOTER}`,
);

export const ledgerly: CorpusSite = {
  host: 'ledgerly.example',
  pages: { '/': HOME, '/features': FEATURES, '/pricing': PRICING, '/about': ABOUT, '/contact': CONTACT },
  facts: {
    name: 'Ledgerly',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Solo', price: '$9' },
      { name: 'Studio', price: '$24' },
      { name: 'Agency', price: '$59' },
    ],
    country: 'US',
    city: 'Austin',
    founded_year: '2016',
    contact_email: 'support@ledgerly.example',
    logo_url: null,
    demo_video_url: null,
    categories: ['Invoicing'],
    alsoFineCategories: ['Finance'],
    features: ['Branded invoices', 'Recurring invoices', 'Time tracking', 'Automatic payment reminders'],
    founders: ['Maya Chen', 'Jordan Price'],
    socials: {
      x: 'https://twitter.com/ledgerlyapp',
      facebook: 'https://www.facebook.com/ledgerlyapp',
      instagram: 'https://www.instagram.com/ledgerly.app/',
    },
    faqs: [],
  },
};
