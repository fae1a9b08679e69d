import { type CorpusSite, page } from '../../corpus/types.js';

/** A language-learning app from Bologna, Italy: a free app with a monthly and yearly Plus in euros, app-store badges beside the logo, a YouTube channel beside a trailer link, founders who are siblings. */
const HEADER = `<header class="top"><a href="/"><img class="logo" src="/images/parlino-logo.png" alt="Parlino"></a>
<nav><a href="/how-it-works">How it works</a> · <a href="/plus">Parlino Plus</a> · <a href="/chi-siamo">Chi siamo</a> · <a href="/help">Help</a></nav></header>`;
const BADGES = `<p class="stores"><a href="https://apps.apple.com/app/parlino/id1234567890"><img src="/images/app-store-badge.svg" alt="Download on the App Store"></a> <a href="https://play.google.com/store/apps/details?id=app.parlino"><img src="/images/google-play-badge.png" alt="Get it on Google Play"></a></p>`;
const FOOTER = `<footer>
<p>Parlino S.r.l. · Via dell'Indipendenza 8, 40121 Bologna, Italy · P.IVA 03456789012</p>
<p>Ciao! Write to <a href="mailto:ciao@parlino.example">ciao@parlino.example</a></p>
<p><a href="https://www.instagram.com/parlino.app/">Instagram</a> · <a href="https://www.tiktok.com/@parlino.app">TikTok</a> · <a href="https://www.facebook.com/parlinoapp">Facebook</a> · <a href="https://www.youtube.com/@parlino">YouTube</a></p>
</footer>`;

export const parlino: CorpusSite = {
  host: 'parlino.example',
  pages: {
    '/': page(
      'Parlino — learn Italian the way Italians speak it',
      'Five-minute Italian lessons built from real conversations, with speech recognition that helps you sound like a local.',
      `${HEADER}
<main>
<h1>Learn Italian the way Italians actually speak it.</h1>
<p>Parlino teaches you everyday Italian through short lessons built from real conversations — at the bar, the market, the train station.</p>
<p><a href="https://www.youtube.com/watch?v=Pa7rL1no2Xy">Watch the trailer</a></p>
${BADGES}
<div class="reviews">
<p>★★★★★ "After three months I ordered dinner in Naples without switching to English!" — Sarah K., learning Italian in Melbourne</p>
<p>★★★★★ "The pronunciation feedback is scarily good." — Tom Becker, Hamburg</p>
</div>
</main>
${FOOTER}`,
    ),
    '/how-it-works': page(
      'How it works — Parlino',
      null,
      `${HEADER}
<main>
<h1>How it works</h1>
<ul>
<li><strong>Five-minute lessons.</strong> Small enough for a coffee break.</li>
<li><strong>Speech recognition.</strong> Say it out loud and get instant feedback on your pronunciation.</li>
<li><strong>Spaced repetition.</strong> Words come back just before you would forget them.</li>
<li><strong>Offline mode.</strong> Download lessons for the plane.</li>
</ul>
${BADGES}
</main>
${FOOTER}`,
    ),
    '/plus': page(
      'Parlino Plus',
      null,
      `${HEADER}
<main>
<h1>Free to learn. Plus to go further.</h1>
<div class="compare">
<div><h2>Free</h2><p>€0, forever</p><p>One lesson a day, with ads</p></div>
<div><h2>Plus</h2><p>€7.99/month or €59.99/year</p><p>Unlimited lessons, no ads, offline mode, speech recognition</p></div>
</div>
<p>Subscriptions are billed through the App Store or Google Play. Start with a 7-day free trial of Plus.</p>
</main>
${FOOTER}`,
    ),
    '/chi-siamo': page(
      'Chi siamo — Parlino',
      null,
      `${HEADER}
<main>
<h1>Chi siamo (who we are)</h1>
<p>Parlino was born in Bologna in 2018. It was created by Giulia Rinaldi, a language teacher, and her brother Marco Rinaldi, a mobile developer, who wanted their friends abroad to learn the Italian they heard at the family table, not the Italian of textbooks.</p>
<p>Our lesson scripts are written with teachers from the University of Bologna and recorded by voice actors in Rome, Naples and Milan.</p>
</main>
${FOOTER}`,
    ),
    '/help': page(
      'Help — Parlino',
      null,
      `${HEADER}
<main>
<h1>Help</h1>
<details><summary>How do I cancel Parlino Plus?</summary><p>Cancel from your App Store or Google Play subscriptions.</p></details>
<details><summary>Does Parlino teach other languages?</summary><p>Only Italian, for now. Spanish is coming in 2026.</p></details>
<details><summary>Can I use Parlino on a computer?</summary><p>Not yet; Parlino is a phone and tablet app.</p></details>
</main>
${FOOTER}`,
    ),
  },
  facts: {
    name: 'Parlino',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: '€0' },
      { name: 'Plus', price: '€7.99' },
    ],
    country: 'IT',
    city: 'Bologna',
    founded_year: '2018',
    contact_email: 'ciao@parlino.example',
    logo_url: '/images/parlino-logo.png',
    demo_video_url: 'https://www.youtube.com/watch?v=Pa7rL1no2Xy',
    categories: ['Language Learning'],
    alsoFineCategories: ['Education', 'Online Courses'],
    features: ['Five-minute lessons', 'Speech recognition', 'Spaced repetition', 'Offline mode'],
    founders: ['Giulia Rinaldi', 'Marco Rinaldi'],
    socials: {
      instagram: 'https://www.instagram.com/parlino.app/',
      tiktok: 'https://www.tiktok.com/@parlino.app',
      facebook: 'https://www.facebook.com/parlinoapp',
      youtube: 'https://www.youtube.com/@parlino',
    },
    faqs: ['How do I cancel Parlino Plus?', 'Does Parlino teach other languages?', 'Can I use Parlino on a computer?'],
  },
};
