import { type CorpusSite, jsonLd, page } from '../../corpus/types.js';

/** An AI background remover from Seoul, South Korea: prices in won, a logo known only by its alt text, an mp4 demo, FAQs as accordion buttons with FAQPage JSON-LD; no founder named. */
const FAQS: readonly [string, string][] = [
  ['Which file types can I upload?', 'JPG, PNG, WebP and HEIC, up to 25 MB.'],
  ['Do unused credits roll over?', 'Yes, for up to three months on Plus and Studio.'],
  ['Can I use the results commercially?', 'Yes, on every plan, including Free.'],
];
const FAQ_LD = jsonLd({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: FAQS.map(([q, a]) => ({ '@type': 'Question', name: q, acceptedAnswer: { '@type': 'Answer', text: a } })),
});
const HEADER = `<header><a href="/" class="home"><img src="/img/cutloom.png" alt="Cutloom logo" height="28"></a>
<nav><a href="/tools">Tools</a> <a href="/pricing">Pricing</a> <a href="/about">About</a> <a href="/help">Help</a></nav></header>`;
const FOOTER = `<footer>
<p>Cutloom Inc. · Seoul, South Korea · <a href="mailto:support@cutloom.example">support@cutloom.example</a></p>
<p>Follow us: <a href="https://www.instagram.com/cutloom.app/">Instagram</a> <a href="https://www.tiktok.com/@cutloom">TikTok</a> <a href="https://www.youtube.com/@cutloom">YouTube</a></p>
<p>© 2026 Cutloom</p>
</footer>`;

export const cutloom: CorpusSite = {
  host: 'cutloom.example',
  pages: {
    '/': page(
      'Cutloom — remove backgrounds in one click',
      'Cutloom removes the background from any photo in seconds with AI.',
      `${HEADER}
<main>
<h1>Clean cut-outs in one click.</h1>
<p>Drop a photo and Cutloom's AI removes the background in about two seconds — hair, fur and glass included.</p>
<video src="/media/cutloom-demo.mp4" poster="/media/cutloom-demo.jpg" controls muted playsinline></video>
<div class="reviews">
<p>"I edit 300 product shots a week. Cutloom saved my weekends." — Ji-woo Park, photographer in Busan</p>
<p>"Better than the tool built into my phone." — Sofia Marín, Etsy seller</p>
</div>
<p>Export straight to Shopify, Canva or Figma.</p>
</main>
${FOOTER}`,
    ),
    '/tools': page(
      'Tools — Cutloom',
      null,
      `${HEADER}
<main>
<h1>Tools</h1>
<div class="grid">
<article><h3>Background removal</h3><p>Transparent PNG in seconds.</p></article>
<article><h3>Batch processing</h3><p>Upload up to 500 images at once.</p></article>
<article><h3>AI shadows</h3><p>Add a natural drop shadow under products.</p></article>
<article><h3>Background replacement</h3><p>Put your subject on a studio colour or a generated scene.</p></article>
</div>
</main>
${FOOTER}`,
    ),
    '/pricing': page(
      'Pricing — Cutloom',
      null,
      `${HEADER}
<main>
<h1>Plans</h1>
<div class="plans">
<section><h2>Free</h2><p><strong>₩0</strong></p><p>10 images a month, preview size.</p></section>
<section><h2>Plus</h2><p><strong>₩9,900</strong> / month</p><p>200 images a month, full resolution.</p></section>
<section><h2>Studio</h2><p><strong>₩29,000</strong> / month</p><p>1,000 images a month, batch and API.</p></section>
</div>
<p>Prices include VAT. Card payments in KRW; international cards are charged in won at your bank's rate.</p>
</main>
${FOOTER}`,
    ),
    '/about': page(
      'About — Cutloom',
      null,
      `${HEADER}
<main>
<h1>About Cutloom</h1>
<p>Cutloom is made by a small team of engineers and designers in Seoul, South Korea. We train our own segmentation models, and more than two million people have used Cutloom to clean up a photo.</p>
</main>
${FOOTER}`,
    ),
    '/help': page(
      'Help — Cutloom',
      null,
      `${HEADER}
<main>
<h1>Help</h1>
<div class="accordion">
${FAQS.map(([q, a]) => `<div class="item"><button aria-expanded="false"><h4>${q}</h4></button><div class="panel" hidden><p>${a}</p></div></div>`).join('\n')}
</div>
</main>
${FOOTER}`,
      FAQ_LD,
    ),
  },
  facts: {
    name: 'Cutloom',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: 'free' },
      { name: 'Plus', price: '₩9,900' },
      { name: 'Studio', price: '₩29,000' },
    ],
    country: 'KR',
    city: 'Seoul',
    founded_year: null,
    contact_email: 'support@cutloom.example',
    logo_url: '/img/cutloom.png',
    demo_video_url: '/media/cutloom-demo.mp4',
    categories: ['AI Image & Video'],
    alsoFineCategories: ['AI'],
    features: ['Background removal', 'Batch processing', 'AI shadows', 'Background replacement'],
    founders: [],
    socials: {
      instagram: 'https://www.instagram.com/cutloom.app/',
      tiktok: 'https://www.tiktok.com/@cutloom',
      youtube: 'https://www.youtube.com/@cutloom',
    },
    faqs: FAQS.map(([q]) => q),
  },
};
