import { type CorpusSite, jsonLd, nav, page } from '../../corpus/types.js';

/** LLM observability from Zürich, Switzerland: prices in francs per seat, a company-facts dl, team cards with staff, a JSON-LD logo string, FAQs on the pricing page. */
const LD = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'SoftwareApplication',
  name: 'Tracelantern',
  applicationCategory: 'DeveloperApplication',
  publisher: { '@type': 'Organization', name: 'Tracelantern AG', logo: 'https://tracelantern.example/assets/logo-dark.png' },
});
const NAV = nav([
  ['/product', 'Product'],
  ['/pricing', 'Pricing'],
  ['/company', 'Company'],
  ['/blog', 'Blog'],
]);
const FOOTER = `<footer>
<div class="cols">
<div><h5>Tracelantern AG</h5><p>Hardturmstrasse 161<br>8005 Zürich, Switzerland</p></div>
<div><h5>Contact</h5><p><a href="mailto:hello@tracelantern.example">hello@tracelantern.example</a></p></div>
<div><h5>Follow</h5><p><a href="https://www.linkedin.com/company/tracelantern/">LinkedIn</a><br><a href="https://github.com/tracelantern">GitHub</a><br><a href="https://bsky.app/profile/tracelantern.example">Bluesky</a></p></div>
</div>
</footer>`;

export const tracelantern: CorpusSite = {
  host: 'tracelantern.example',
  pages: {
    '/': page(
      'Tracelantern — see what your LLM app is doing',
      'Tracing, evaluations and cost tracking for applications built on large language models.',
      `${NAV}
<main>
<h1>See inside every LLM call.</h1>
<p>Tracelantern records each prompt, completion, tool call and retrieval step of your AI application, so you can debug bad answers, catch regressions before release and know what each feature costs.</p>
<p>Drop-in SDKs for Python and TypeScript. Works with OpenAI, Anthropic, Mistral, LangChain and LlamaIndex.</p>
<p class="logos">Trusted by teams at Helvetia Digital, Frankly and Nordkap.</p>
</main>
${FOOTER}`,
      LD,
    ),
    '/product': page(
      'Product — Tracelantern',
      null,
      `${NAV}
<main>
<h1>Product</h1>
<div class="feature"><h3>Trace explorer</h3><p>Every step of a request as a timeline, with inputs and outputs.</p></div>
<div class="feature"><h3>Evaluation datasets</h3><p>Turn real traces into test cases and score new prompts against them.</p></div>
<div class="feature"><h3>Cost tracking</h3><p>Token spend per user, per feature and per model.</p></div>
<div class="feature"><h3>Prompt versioning</h3><p>Compare two versions of a prompt on the same inputs.</p></div>
</main>
${FOOTER}`,
      LD,
    ),
    '/pricing': page(
      'Pricing — Tracelantern',
      null,
      `${NAV}
<main>
<h1>Pricing</h1>
<div class="tiers">
<div class="tier"><h2>Developer</h2><div class="amount">CHF 0</div><p>50,000 traces a month, one seat.</p></div>
<div class="tier"><h2>Team</h2><div class="amount">CHF 49</div><p>per seat / month. 2 million traces, 90-day retention.</p></div>
<div class="tier"><h2>Enterprise</h2><div class="amount">Let's talk</div><p>Self-hosting, SSO, Swiss or EU data residency.</p></div>
</div>
<section class="faq">
<h2>Pricing questions</h2>
<h3>What counts as a trace?</h3><p>One request to your application, however many model calls it makes.</p>
<h3>Can I pay in euros?</h3><p>Yes, Team is also available at €52 per seat.</p>
<h3>Is there a startup programme?</h3><p>Startups under two years old get Team free for six months.</p>
</section>
</main>
${FOOTER}`,
      LD,
    ),
    '/company': page(
      'Company — Tracelantern',
      null,
      `${NAV}
<main>
<h1>Company</h1>
<dl class="facts">
<dt>Founded</dt><dd>2023</dd>
<dt>Headquarters</dt><dd>Zürich, Switzerland</dd>
<dt>Team</dt><dd>9 people</dd>
</dl>
<h2>Team</h2>
<ul class="team">
<li><strong>Nadia Keller</strong> Co-founder &amp; CEO</li>
<li><strong>Luca Brunner</strong> Co-founder &amp; CTO</li>
<li><strong>Sven Meier</strong> Founding engineer</li>
<li><strong>Chloé Favre</strong> Product design</li>
<li><strong>Arjun Mehta</strong> Developer relations</li>
</ul>
</main>
${FOOTER}`,
      LD,
    ),
    '/blog': page(
      'Blog — Tracelantern',
      null,
      `${NAV}
<main>
<h1>Blog</h1>
<article><h2><a href="/blog">What we learned from 1 billion traces</a></h2><time datetime="2025-09-14">14 September 2025</time></article>
<article><h2><a href="/blog">Tracelantern is now SOC 2 Type II</a></h2><time datetime="2024-11-02">2 November 2024</time></article>
</main>
${FOOTER}`,
      LD,
    ),
  },
  facts: {
    name: 'Tracelantern',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Developer', price: 'CHF 0' },
      { name: 'Team', price: 'CHF 49' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'CH',
    city: 'Zürich',
    founded_year: '2023',
    contact_email: 'hello@tracelantern.example',
    logo_url: 'https://tracelantern.example/assets/logo-dark.png',
    demo_video_url: null,
    categories: ['LLM Ops'],
    alsoFineCategories: ['AI', 'Monitoring & Logging'],
    features: ['Trace explorer', 'Evaluation datasets', 'Cost tracking', 'Prompt versioning'],
    founders: ['Nadia Keller', 'Luca Brunner'],
    socials: {
      linkedin: 'https://www.linkedin.com/company/tracelantern/',
      github: 'https://github.com/tracelantern',
      bluesky: 'https://bsky.app/profile/tracelantern.example',
    },
    faqs: ['What counts as a trace?', 'Can I pay in euros?', 'Is there a startup programme?'],
  },
};
