import { type CorpusSite, jsonLd, page } from '../../corpus/types.js';

/** A booking-page scheduler from Chicago, IL: per-user dollar prices, an apple-touch-icon, a youtube-nocookie demo, team cards with an advisor, FAQs in microdata. */
const HEAD = `<link rel="apple-touch-icon" href="/icons/meetmoor-180.png">
${jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Meetmoor',
  url: 'https://meetmoor.example',
  foundingDate: '2021-03',
  sameAs: ['https://www.linkedin.com/company/meetmoor', 'https://x.com/meetmoor'],
})}`;
const NAV = `<header><nav aria-label="Main"><a href="/" class="brand">Meetmoor</a><a href="/pricing">Pricing</a><a href="/team">Team</a><a href="/support">Support</a></nav></header>`;
const FOOTER = `<footer>
<p>Meetmoor, Inc. · 1 N LaSalle St, Suite 900, Chicago, IL 60602</p>
<p><a href="mailto:hello@meetmoor.example">hello@meetmoor.example</a></p>
<p><a href="https://www.linkedin.com/company/meetmoor">LinkedIn</a> <a href="https://x.com/meetmoor">X (Twitter)</a> <a href="https://www.youtube.com/c/meetmoor">YouTube</a></p>
</footer>`;

export const meetmoor: CorpusSite = {
  host: 'meetmoor.example',
  pages: {
    '/': page(
      'Meetmoor — the booking page your clients will actually use',
      'Share one link. Clients pick a time that works for both of you. No back-and-forth.',
      `${NAV}
<main>
<h1>Stop the "does Tuesday work?" emails.</h1>
<p>Meetmoor gives you a booking page that knows when you are free. Clients pick a time, get a calendar invite and a video link, and you get on with your day.</p>
<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/Vb8pQ2mT1sE" title="See Meetmoor in action" allowfullscreen></iframe>
<h2>Booking pages with your branding</h2><p>Your logo, your colours, your own domain.</p>
<h2>Round-robin scheduling</h2><p>Spread meetings fairly across a team.</p>
<h2>Automatic reminders</h2><p>Email and SMS reminders cut no-shows in half.</p>
<h2>Paid bookings</h2><p>Take payment when the slot is booked.</p>
<p>Works with Google Calendar, Outlook, Zoom, Microsoft Teams and Stripe.</p>
<blockquote>"My no-show rate went from 20% to 4%." — Dr. Alicia Romero, therapist, Evanston, IL</blockquote>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/pricing': page(
      'Pricing — Meetmoor',
      null,
      `${NAV}
<main>
<h1>Pricing</h1>
<table>
<tr><th></th><th>Free</th><th>Pro</th><th>Teams</th></tr>
<tr><td>Price</td><td>$0 forever</td><td>$10 per user / month</td><td>$16 per user / month</td></tr>
<tr><td>Booking pages</td><td>1</td><td>Unlimited</td><td>Unlimited</td></tr>
<tr><td>Round-robin</td><td>–</td><td>–</td><td>✓</td></tr>
<tr><td>Paid bookings</td><td>–</td><td>✓</td><td>✓</td></tr>
</table>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/team': page(
      'Team — Meetmoor',
      null,
      `${NAV}
<main>
<h1>The team</h1>
<p>Founded in Chicago in March 2021. Fully remote, with a desk at 1871.</p>
<div class="cards">
<figure><img src="/team/marcus.jpg" alt="Marcus Bell"><figcaption>Marcus Bell<br>CEO &amp; co-founder</figcaption></figure>
<figure><img src="/team/yuki.jpg" alt="Yuki Tanaka"><figcaption>Yuki Tanaka<br>CTO &amp; co-founder</figcaption></figure>
<figure><img src="/team/jordan.jpg" alt="Jordan Reyes"><figcaption>Jordan Reyes<br>Head of Customer Success</figcaption></figure>
<figure><img src="/team/nell.jpg" alt="Nell Okonkwo"><figcaption>Nell Okonkwo<br>Software engineer</figcaption></figure>
</div>
<h2>Advisors</h2>
<p>Sarah Lindholm, formerly VP Product at a large scheduling company.</p>
</main>
${FOOTER}`,
      HEAD,
    ),
    '/support': page(
      'Support — Meetmoor',
      null,
      `${NAV}
<main>
<h1>Support</h1>
<div itemscope itemtype="https://schema.org/Question"><h3 itemprop="name">Can clients book without creating an account?</h3><div itemprop="acceptedAnswer" itemscope itemtype="https://schema.org/Answer"><p itemprop="text">Yes, they only enter a name and email.</p></div></div>
<div itemscope itemtype="https://schema.org/Question"><h3 itemprop="name">Which time zones do you support?</h3><div itemprop="acceptedAnswer" itemscope itemtype="https://schema.org/Answer"><p itemprop="text">All of them; times are shown in the client's zone.</p></div></div>
<div itemscope itemtype="https://schema.org/Question"><h3 itemprop="name">Is there a discount for annual billing?</h3><div itemprop="acceptedAnswer" itemscope itemtype="https://schema.org/Answer"><p itemprop="text">Two months free when you pay yearly.</p></div></div>
</main>
${FOOTER}`,
      HEAD,
    ),
  },
  facts: {
    name: 'Meetmoor',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: '$0' },
      { name: 'Pro', price: '$10' },
      { name: 'Teams', price: '$16' },
    ],
    country: 'US',
    city: 'Chicago',
    founded_year: '2021',
    contact_email: 'hello@meetmoor.example',
    logo_url: '/icons/meetmoor-180.png',
    demo_video_url: 'https://www.youtube-nocookie.com/embed/Vb8pQ2mT1sE',
    categories: ['Calendar & Scheduling'],
    alsoFineCategories: ['Productivity'],
    features: ['Booking pages with your branding', 'Round-robin scheduling', 'Automatic reminders', 'Paid bookings'],
    founders: ['Marcus Bell', 'Yuki Tanaka'],
    socials: {
      linkedin: 'https://www.linkedin.com/company/meetmoor',
      x: 'https://x.com/meetmoor',
      youtube: 'https://www.youtube.com/c/meetmoor',
    },
    faqs: ['Can clients book without creating an account?', 'Which time zones do you support?', 'Is there a discount for annual billing?'],
  },
};
