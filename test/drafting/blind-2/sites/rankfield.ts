import { type CorpusSite, page } from '../../corpus/types.js';

/** An SEO rank tracker from Madison, WI: monthly and yearly dollar prices with a trial, founders named in an interview-style story, a testimonial from another Wisconsin city. */
const HEADER = `<header class="nav"><a href="/"><img id="site-logo" src="/images/rankfield-logo@2x.png" alt="Rankfield" width="140"></a>
<ul><li><a href="/features">Features</a></li><li><a href="/pricing">Plans &amp; pricing</a></li><li><a href="/our-story">Our story</a></li><li><a href="/blog/local-seo-2025">Blog</a></li></ul></header>`;
const FOOTER = `<footer>
<p>Rankfield LLC · 110 King St, Madison, WI 53703</p>
<p>Email <a href="mailto:help@rankfield.example">help@rankfield.example</a> or call (608) 555-0142</p>
<p><a href="https://x.com/rankfieldhq">X</a> · <a href="https://www.facebook.com/rankfieldhq">Facebook</a> · <a href="https://www.linkedin.com/company/rankfield">LinkedIn</a></p>
<p>© 2017-2026 Rankfield LLC. All rights reserved.</p>
</footer>`;

export const rankfield: CorpusSite = {
  host: 'rankfield.example',
  pages: {
    '/': page(
      'Rankfield | Rank tracking for local businesses and agencies',
      'Track where you rank on Google, city by city, and see which pages to fix first.',
      `${HEADER}
<main>
<h1>Know where you rank. In every ZIP code.</h1>
<p>Rankfield checks your keywords on Google every day from the cities your customers search in, and tells you which pages to fix first.</p>
<p><a class="cta" href="/pricing">Start your 14-day free trial</a></p>
<blockquote><p>"We went from page three to the map pack in five weeks."</p><cite>Carla Jensen, owner of Northside Plumbing, Milwaukee, WI</cite></blockquote>
<section class="faq">
<h2>Questions we get a lot</h2>
<h4>Do I need a credit card for the trial?</h4><p>No. You only enter a card if you decide to stay.</p>
<h4>How often are rankings updated?</h4><p>Every 24 hours, or on demand on the Agency plan.</p>
<h4>Can I track Bing too?</h4><p>Yes, Google and Bing, desktop and mobile.</p>
</section>
</main>
${FOOTER}`,
    ),
    '/features': page(
      'Features | Rankfield',
      null,
      `${HEADER}
<main>
<h1>Features</h1>
<ol class="features">
<li><h3>Daily rank tracking</h3><p>Desktop and mobile positions for every keyword.</p></li>
<li><h3>Local grid reports</h3><p>See your map-pack position on a grid over your service area.</p></li>
<li><h3>Competitor watch</h3><p>Get told when a competitor overtakes you.</p></li>
<li><h3>White-label PDF reports</h3><p>Your logo, your colours, sent to clients every Monday.</p></li>
</ol>
<p>Connects to Google Search Console, Google Business Profile and Looker Studio.</p>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Plans & pricing | Rankfield',
      null,
      `${HEADER}
<main>
<h1>Plans &amp; pricing</h1>
<p>Every plan starts with a 14-day free trial. Save 20% when you pay yearly.</p>
<div class="plan"><h2>Solo</h2><p><span class="price">$29</span>/mo, or $24/mo billed yearly</p><p>250 keywords, 1 location</p></div>
<div class="plan"><h2>Agency</h2><p><span class="price">$99</span>/mo, or $79/mo billed yearly</p><p>2,000 keywords, unlimited locations, white-label reports</p></div>
<div class="plan"><h2>Enterprise</h2><p>Custom pricing for more than 10,000 keywords. <a href="mailto:help@rankfield.example">Get a quote</a></p></div>
</main>
${FOOTER}`,
    ),
    '/our-story': page(
      'Our story | Rankfield',
      null,
      `${HEADER}
<main>
<h1>Our story</h1>
<p><strong>Who is behind Rankfield?</strong><br>Rankfield is run by its two founders, Greg Olsen and Priya Natarajan, and a team of six in Madison, Wisconsin.</p>
<p><strong>How did it start?</strong><br>Greg ran a small web agency and was checking rankings for 40 dentists by hand every Monday. Priya wrote a script to do it for him. In 2017 they turned the script into Rankfield.</p>
<p><strong>Are you funded?</strong><br>No. We have been profitable and customer-funded from the start.</p>
</main>
${FOOTER}`,
    ),
    '/blog/local-seo-2025': page(
      'Local SEO in 2025: what changed | Rankfield',
      null,
      `${HEADER}
<main>
<article>
<h1>Local SEO in 2025: what changed</h1>
<p class="byline">By Megan Brooks · March 3, 2025</p>
<p>Google changed how the map pack is ranked three times last year. Here is what that means for a plumber in Austin or a dentist in Boise.</p>
</article>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Rankfield',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Solo', price: '$29' },
      { name: 'Agency', price: '$99' },
      { name: 'Enterprise', price: 'contact' },
    ],
    country: 'US',
    city: 'Madison',
    founded_year: '2017',
    contact_email: 'help@rankfield.example',
    logo_url: '/images/rankfield-logo@2x.png',
    demo_video_url: null,
    categories: ['SEO'],
    alsoFineCategories: ['Marketing'],
    features: ['Daily rank tracking', 'Local grid reports', 'Competitor watch', 'White-label PDF reports'],
    founders: ['Greg Olsen', 'Priya Natarajan'],
    socials: {
      x: 'https://x.com/rankfieldhq',
      facebook: 'https://www.facebook.com/rankfieldhq',
      linkedin: 'https://www.linkedin.com/company/rankfield',
    },
    faqs: ['Do I need a credit card for the trial?', 'How often are rankings updated?', 'Can I track Bing too?'],
  },
};
