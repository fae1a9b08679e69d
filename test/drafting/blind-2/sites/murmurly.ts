import { type CorpusSite, page } from '../../corpus/types.js';

/** A social media scheduler from Edinburgh, Scotland: pounds, British phrasing, an SVG icon for a logo, a letter signed by two co-founders, a youtu.be demo link, and networks it posts to beside its own profiles. */
const HEAD = `<link rel="icon" type="image/svg+xml" href="/murmurly.svg"><link rel="alternate icon" href="/favicon.ico">`;
const NAV = `<nav class="primary"><a href="/">Murmurly</a><a href="/features">Features</a><a href="/pricing">Pricing</a><a href="/about">About us</a><a href="/faq">FAQs</a></nav>`;
const FOOTER = `<footer>
<p>Made with care in Edinburgh. Murmurly Ltd is registered in Scotland, company no. SC654321.</p>
<p>Drop us a line at <a href="mailto:hiya@murmurly.example">hiya@murmurly.example</a></p>
<p>Find us on <a href="https://www.instagram.com/murmurlyhq">Instagram</a>, <a href="https://www.threads.net/@murmurlyhq">Threads</a>, <a href="https://www.linkedin.com/company/murmurly">LinkedIn</a> and <a href="https://www.reddit.com/r/murmurly">Reddit</a>.</p>
</footer>`;

export const murmurly: CorpusSite = {
  host: 'murmurly.example',
  pages: {
    '/': page(
      'Murmurly – plan a month of posts in an afternoon',
      'Schedule posts to Instagram, TikTok, LinkedIn, Threads, Bluesky and Pinterest from one calendar.',
      `${NAV}
<main>
<h1>Plan a month of posts in an afternoon.</h1>
<p>Murmurly is a calm little scheduler for small brands. Write once, tailor for each network, and let it post while you get on with your day.</p>
<p>Posts to Instagram, TikTok, LinkedIn, Threads, Bluesky and Pinterest.</p>
<p><a href="https://youtu.be/Mx3rL8bq0aA">Watch a 90-second demo</a></p>
<figure><blockquote>"It's the first scheduler our café team actually enjoys using."</blockquote><figcaption>Rosie Grant, Leith Coffee Co., Edinburgh</figcaption></figure>
<figure><blockquote>"Brilliant for a one-woman shop."</blockquote><figcaption>Hannah Boyd, ceramicist, Cardiff</figcaption></figure>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/features': page(
      'Features – Murmurly',
      null,
      `${NAV}
<main>
<h1>Features</h1>
<ul>
<li><strong>Visual content calendar</strong>: drag posts between days and see your grid before it's live.</li>
<li><strong>Best-time suggestions</strong>: we look at when your followers are about and suggest a slot.</li>
<li><strong>Hashtag sets</strong>: save the tags you always use and drop them in.</li>
<li><strong>Approval workflow</strong>: clients or managers sign off before anything goes out.</li>
</ul>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/pricing': page(
      'Pricing – Murmurly',
      null,
      `${NAV}
<main>
<h1>Honest pricing</h1>
<p>All prices in GBP and include VAT.</p>
<div class="cards">
<div class="card"><h3>Free</h3><p class="price">£0</p><p>3 social accounts, 30 scheduled posts a month</p></div>
<div class="card"><h3>Creator</h3><p class="price">£8 a month</p><p>10 accounts, unlimited posts, best-time suggestions</p></div>
<div class="card"><h3>Team</h3><p class="price">£24 a month</p><p>25 accounts, 5 users, approval workflow</p></div>
</div>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/about': page(
      'About us – Murmurly',
      null,
      `${NAV}
<main>
<h1>Hello from Edinburgh</h1>
<p>We started Murmurly in 2020, in a flat in Marchmont, because every scheduler we tried felt like it was built for a 40-person marketing department. We wanted one for the bakery down the road.</p>
<p>Our brand and illustrations are by our friends at Studio Hald in Glasgow.</p>
<p>Thanks for stopping by,</p>
<p class="sig">Iona MacLeod &amp; Callum Fraser<br><em>co-founders</em></p>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/faq': page(
      'FAQs – Murmurly',
      null,
      `${NAV}
<main>
<h1>FAQs</h1>
<details><summary>Can I cancel whenever I like?</summary><p>Yes, in two clicks, no emails to anyone required.</p></details>
<details><summary>Does Murmurly post Reels and carousels?</summary><p>Yes, both, plus TikTok videos and LinkedIn documents.</p></details>
<details><summary>Do you offer charity discounts?</summary><p>Registered charities get 50% off Creator and Team.</p></details>
</main>
${FOOTER}`,
      HEAD,
    ),
  },
  facts: {
    name: 'Murmurly',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: '£0' },
      { name: 'Creator', price: '£8' },
      { name: 'Team', price: '£24' },
    ],
    country: 'GB',
    city: 'Edinburgh',
    founded_year: '2020',
    contact_email: 'hiya@murmurly.example',
    logo_url: '/murmurly.svg',
    demo_video_url: 'https://youtu.be/Mx3rL8bq0aA',
    categories: ['Social Media'],
    alsoFineCategories: ['Marketing'],
    features: ['Visual content calendar', 'Best-time suggestions', 'Hashtag sets', 'Approval workflow'],
    founders: ['Iona MacLeod', 'Callum Fraser'],
    socials: {
      instagram: 'https://www.instagram.com/murmurlyhq',
      threads: 'https://www.threads.net/@murmurlyhq',
      linkedin: 'https://www.linkedin.com/company/murmurly',
      reddit: 'https://www.reddit.com/r/murmurly',
    },
    faqs: ['Can I cancel whenever I like?', 'Does Murmurly post Reels and carousels?', 'Do you offer charity discounts?'],
  },
};
