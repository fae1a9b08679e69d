import { type CorpusSite, page } from '../../corpus/types.js';

/** A Mac prototyping app made by one person in Copenhagen, Denmark: monthly and yearly prices in kroner, a first-person maker page, a PNG app icon link, a YouTube watch link. */
const HEAD = `<link rel="icon" type="image/png" sizes="256x256" href="/appicon-256.png">`;
const MENU = `<div class="menu"><a href="/">Sketchferry</a> · <a href="/features">Features</a> · <a href="/buy">Buy</a> · <a href="/hej">About</a> · <a href="/support">Support</a></div>`;
const FOOT = `<footer><p>Sketchferry ApS · CVR 38123456 · <a href="mailto:mads@sketchferry.example">mads@sketchferry.example</a></p>
<p><a href="https://mastodon.social/@sketchferry">Mastodon</a> · <a href="https://bsky.app/profile/sketchferry.bsky.social">Bluesky</a></p></footer>`;

export const sketchferry: CorpusSite = {
  host: 'sketchferry.example',
  pages: {
    '/': page(
      'Sketchferry – prototypes that feel real, on your Mac',
      'Sketchferry turns your designs into clickable prototypes you can try on an iPhone in seconds.',
      `${MENU}
<main>
<h1>Prototypes that feel real.</h1>
<p>Sketchferry turns static screens into clickable, animated prototypes — and puts them on your iPhone in seconds, so you can feel the app before anyone writes code.</p>
<p><a href="https://www.youtube.com/watch?v=Hk2n9LpQeXw">▶ See it in action (2 min)</a></p>
<p>Download for macOS 13 or later. Try everything free for 14 days.</p>
<blockquote>"The fastest way from a Figma frame to something I can hand to a user." — Sebastian Holm, UX lead, Aarhus</blockquote>
<p>Featured by Apple in "Apps We Love", 2019.</p>
</main>
${FOOT}`,
      HEAD,
    ),
    '/features': page(
      'Features – Sketchferry',
      null,
      `${MENU}
<main>
<div class="cards">
<div class="card"><h3>Click-through prototypes</h3><p>Link screens with taps, swipes and timers.</p></div>
<div class="card"><h3>Live preview on iPhone</h3><p>Every change appears on your phone as you make it.</p></div>
<div class="card"><h3>Import from Figma and Sketch</h3><p>Bring in frames with their layers intact.</p></div>
<div class="card"><h3>Share links with comments</h3><p>Send a link; testers leave comments on the screen.</p></div>
</div>
</main>
${FOOT}`,
      HEAD,
    ),
    '/buy': page(
      'Buy – Sketchferry',
      null,
      `${MENU}
<main>
<h1>Buy Sketchferry</h1>
<p>Prices in Danish kroner, VAT included. Cancel anytime from the app.</p>
<ul class="prices">
<li><strong>Monthly</strong> — 49 kr per month</li>
<li><strong>Yearly</strong> — 449 kr per year (save 24%)</li>
</ul>
<p>Students and teachers get Yearly for free — write to me.</p>
</main>
${FOOT}`,
      HEAD,
    ),
    '/hej': page(
      'Hej! – Sketchferry',
      null,
      `${MENU}
<main>
<h1>Hej!</h1>
<p>I'm Mads Kjær. I founded Sketchferry ApS in 2016 and I still make Sketchferry on my own, from a small office in Copenhagen, Denmark. Before that I was an iOS developer at an agency for nine years.</p>
<p>No investors, no growth team — just one person who answers every email.</p>
</main>
${FOOT}`,
      HEAD,
    ),
    '/support': page(
      'Support – Sketchferry',
      null,
      `${MENU}
<main>
<h1>Support</h1>
<h2>Does Sketchferry run on Windows?</h2><p>No, it is a native Mac app. The iPhone viewer is free on the App Store.</p>
<h2>Can I use one licence on two Macs?</h2><p>Yes, on up to three of your own Macs.</p>
<h2>What happens to my files if I cancel?</h2><p>They stay on your Mac, and you can still open them read-only.</p>
</main>
${FOOT}`,
      HEAD,
    ),
  },
  facts: {
    name: 'Sketchferry',
    pricing_model: 'subscription',
    pricing: [
      { name: 'Monthly', price: '49 kr' },
      { name: 'Yearly', price: '449 kr' },
    ],
    country: 'DK',
    city: 'Copenhagen',
    founded_year: '2016',
    contact_email: 'mads@sketchferry.example',
    logo_url: '/appicon-256.png',
    demo_video_url: 'https://www.youtube.com/watch?v=Hk2n9LpQeXw',
    categories: ['Prototyping'],
    alsoFineCategories: ['Design', 'UI Design'],
    features: ['Click-through prototypes', 'Live preview on iPhone', 'Import from Figma and Sketch', 'Share links with comments'],
    founders: ['Mads Kjær'],
    socials: {
      mastodon: 'https://mastodon.social/@sketchferry',
      bluesky: 'https://bsky.app/profile/sketchferry.bsky.social',
    },
    faqs: ['Does Sketchferry run on Windows?', 'Can I use one licence on two Macs?', 'What happens to my files if I cancel?'],
  },
};
