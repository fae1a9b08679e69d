import { type CorpusSite, page } from '../../corpus/types.js';

/** An AI inbox-triage agent from Tallinn, Estonia, in private beta: no prices at all, an SVG icon as its only logo, a Loom demo, integrations and investors. */
const HEAD = `<link rel="icon" type="image/svg+xml" href="/ferrymind-mark.svg">`;
const TOP = `<header class="site"><span class="wordmark">ferrymind</span><nav><a href="/">Product</a><a href="/how-it-works">How it works</a><a href="/company">Company</a><a href="/faq">FAQ</a><a href="/waitlist">Join the waitlist</a></nav></header>`;
const BOTTOM = `<footer><p>Ferrymind OÜ · Est. 2023 · Telliskivi 60a, 10412 Tallinn, Estonia</p>
<p><a href="mailto:team@ferrymind.example">team@ferrymind.example</a> · <a href="https://www.linkedin.com/company/ferrymind">LinkedIn</a> · <a href="https://twitter.com/ferrymind_ai">Twitter</a></p></footer>`;

export const ferrymind: CorpusSite = {
  host: 'ferrymind.example',
  pages: {
    '/': page(
      'Ferrymind — an AI agent that sorts your shared inbox',
      'Ferrymind reads every email to your shared inbox, tags it, drafts a reply and routes it to the right person.',
      `${TOP}
<main>
<h1>Your shared inbox, sorted before you open it.</h1>
<p>Ferrymind is an AI agent that reads every message to support@, sales@ or info@, works out what it is about, drafts an answer from your help centre, and hands it to the right teammate.</p>
<div class="demo"><iframe src="https://www.loom.com/embed/5c1e0d9a7b2f4e3c8a6d2b1f0e9c8d7a" title="Ferrymind demo" allowfullscreen></iframe></div>
<p>Connects to Gmail, Outlook, Zendesk, Front and HubSpot.</p>
</main>
${BOTTOM}`,
      HEAD,
    ),
    '/how-it-works': page(
      'How it works — Ferrymind',
      null,
      `${TOP}
<main>
<h1>How Ferrymind works</h1>
<h2>Automatic tagging</h2><p>Every email gets a topic, an urgency and a language.</p>
<h2>Reply drafts from your help centre</h2><p>Answers quote your own articles, so they are right and in your voice.</p>
<h2>Smart routing</h2><p>Billing questions go to finance, bugs to engineering, angry customers to a senior agent.</p>
<h2>Human approval</h2><p>Nothing is sent until a person clicks send.</p>
</main>
${BOTTOM}`,
      HEAD,
    ),
    '/company': page(
      'Company — Ferrymind',
      null,
      `${TOP}
<main>
<h1>Company</h1>
<p>Ferrymind was founded by Kristjan Tamm and Maria Ilves, who met while building the support tooling at a Tallinn ride-hailing company.</p>
<p>We are a team of seven. Our pre-seed round was led by Superangel, with angels from Wise and Pipedrive.</p>
</main>
${BOTTOM}`,
      HEAD,
    ),
    '/faq': page(
      'FAQ — Ferrymind',
      null,
      `${TOP}
<main>
<h1>FAQ</h1>
<h3>How much does Ferrymind cost?</h3>
<p>We are in private beta and not charging yet. We will announce pricing before the beta ends.</p>
<h3>Which languages does it understand?</h3>
<p>English, Estonian, Finnish, German and Russian today.</p>
<h3>Is my customers' data used to train models?</h3>
<p>No. Your data is only used to answer your own emails.</p>
</main>
${BOTTOM}`,
      HEAD,
    ),
    '/waitlist': page(
      'Join the waitlist — Ferrymind',
      null,
      `${TOP}
<main>
<h1>Join the waitlist</h1>
<form><label>Work email <input type="email" name="email"></label><button>Request access</button></form>
</main>
${BOTTOM}`,
      HEAD,
    ),
  },
  facts: {
    name: 'Ferrymind',
    pricing_model: null,
    pricing: [],
    country: 'EE',
    city: 'Tallinn',
    founded_year: '2023',
    contact_email: 'team@ferrymind.example',
    logo_url: '/ferrymind-mark.svg',
    demo_video_url: 'https://www.loom.com/embed/5c1e0d9a7b2f4e3c8a6d2b1f0e9c8d7a',
    categories: ['AI Agents'],
    alsoFineCategories: ['AI', 'Help Desk', 'Automation'],
    features: ['Automatic tagging', 'Reply drafts from your help centre', 'Smart routing', 'Human approval'],
    founders: ['Kristjan Tamm', 'Maria Ilves'],
    socials: {
      linkedin: 'https://www.linkedin.com/company/ferrymind',
      x: 'https://twitter.com/ferrymind_ai',
    },
    faqs: ['How much does Ferrymind cost?', 'Which languages does it understand?', "Is my customers' data used to train models?"],
  },
};
