import { type CorpusSite, jsonLd, nav, page } from '../../corpus/types.js';

/** Cold-email sequences from Boulder, CO (Colorado, not Colombia): dollar subscriptions, a founder beside a CEO who is not one, a relative JSON-LD logo, FAQs in plain divs. */
const HEAD = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Leadmarten',
  url: 'https://leadmarten.example',
  logo: '/images/leadmarten-logo.png',
  email: 'team@leadmarten.example',
});
const NAV = nav([
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
  ['/faq', 'FAQ'],
]);
const BRAND = `<div class="brand"><svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10"/></svg> Leadmarten</div>`;
const FOOTER = `<footer>
<p>Leadmarten · Boulder, CO · Since 2021</p>
<p><a href="mailto:team@leadmarten.example">team@leadmarten.example</a></p>
<p><a href="https://www.linkedin.com/company/leadmarten/">LinkedIn</a> · <a href="https://x.com/leadmarten">X</a> · <a href="https://www.youtube.com/@leadmarten">YouTube</a></p>
</footer>`;

export const leadmarten: CorpusSite = {
  host: 'leadmarten.example',
  pages: {
    '/': page(
      'Leadmarten — cold email that lands in the inbox',
      'Warm up your domains, send personal sequences at scale, and book more meetings.',
      `${BRAND}${NAV}
<main>
<h1>Cold email that lands in the inbox.</h1>
<p>Leadmarten warms up your sending domains, sends personal multi-step sequences, and stops the moment someone replies — so your reps spend their day in conversations, not spreadsheets.</p>
<p>Syncs with Salesforce, HubSpot and Pipedrive.</p>
<blockquote>"Our reply rate tripled in the first month." — Tom Alvarez, SDR Manager at Cloudnest, Salt Lake City, UT</blockquote>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/features': page(
      'Features — Leadmarten',
      null,
      `${BRAND}${NAV}
<main>
<h1>Everything you need to run outbound</h1>
<section><h3>Email warm-up</h3><p>Builds your domain's reputation before you send a single campaign.</p></section>
<section><h3>Multi-step sequences</h3><p>Emails, LinkedIn tasks and calls on a schedule.</p></section>
<section><h3>Reply detection</h3><p>Stops the sequence when a prospect replies, even from another address.</p></section>
<section><h3>Inbox rotation</h3><p>Spread sending across mailboxes to stay under limits.</p></section>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/pricing': page(
      'Pricing — Leadmarten',
      null,
      `${BRAND}${NAV}
<main>
<h1>Pricing</h1>
<p>Start with a 7-day free trial. Billed monthly; cancel anytime.</p>
<div class="plans">
<div class="plan"><h2>Starter</h2><p class="price">$49/mo</p><ul><li>3 mailboxes</li><li>1,000 contacts</li></ul></div>
<div class="plan"><h2>Growth</h2><p class="price">$129/mo</p><ul><li>15 mailboxes</li><li>25,000 contacts</li><li>CRM sync</li></ul></div>
</div>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/about': page(
      'About — Leadmarten',
      null,
      `${BRAND}${NAV}
<main>
<h1>About</h1>
<p>Leadmarten was started by Josh Whitaker in 2021, after his startup's sales emails spent six months in spam folders without anyone noticing.</p>
<p>Rachel Kim joined as CEO in 2024, and Josh now leads product. We are 18 people, mostly in Boulder, Colorado, with a few in Denver.</p>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/faq': page(
      'FAQ — Leadmarten',
      null,
      `${BRAND}${NAV}
<main>
<h1>FAQ</h1>
<div class="faq"><div class="faq-q">Will cold email get my domain blacklisted?</div><div class="faq-a">Not if you warm up and stay under sending limits; Leadmarten enforces both.</div></div>
<div class="faq"><div class="faq-q">Can I bring my own mailboxes?</div><div class="faq-a">Yes: Google Workspace, Microsoft 365 or any SMTP server.</div></div>
<div class="faq"><div class="faq-q">Do you provide lead lists?</div><div class="faq-a">No, we focus on sending. Import contacts from a CSV or your CRM.</div></div>
</main>
${FOOTER}`,
      HEAD,
    ),
  },
  facts: {
    name: 'Leadmarten',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Starter', price: '$49' },
      { name: 'Growth', price: '$129' },
    ],
    country: 'US',
    city: 'Boulder',
    founded_year: '2021',
    contact_email: 'team@leadmarten.example',
    logo_url: '/images/leadmarten-logo.png',
    demo_video_url: null,
    categories: ['Sales Engagement'],
    alsoFineCategories: ['Sales', 'Lead Generation', 'Email Marketing'],
    features: ['Email warm-up', 'Multi-step sequences', 'Reply detection', 'Inbox rotation'],
    founders: ['Josh Whitaker'],
    socials: {
      linkedin: 'https://www.linkedin.com/company/leadmarten/',
      x: 'https://x.com/leadmarten',
      youtube: 'https://www.youtube.com/@leadmarten',
    },
    faqs: ['Will cold email get my domain blacklisted?', 'Can I bring my own mailboxes?', 'Do you provide lead lists?'],
  },
};
