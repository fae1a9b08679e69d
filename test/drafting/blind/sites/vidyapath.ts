import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Coding courses from Bengaluru; rupee prices monthly and yearly, a YouTube watch link as the demo, FAQs as details. */
const head =
  '<link rel="icon" type="image/png" href="/favicon-48.png"><meta property="og:image" content="https://vidyapath.example/og/home.png">';

const header = `<header>
  <a href="/" class="brand"><img class="logo" src="/assets/brand/vidyapath-logo.svg" alt="Vidyapath"></a>
  ${nav([
    ['/courses', 'Courses'],
    ['/pricing', 'Pricing'],
    ['/about', 'About'],
  ])}
</header>`;

const footer = `<footer>
  <div class="footer-social">
    <a href="https://www.youtube.com/@vidyapath">YouTube</a>
    <a href="https://www.instagram.com/vidyapath.learn/">Instagram</a>
    <a href="https://in.linkedin.com/company/vidyapath">LinkedIn</a>
  </div>
  <p>Support: <a href="mailto:help@vidyapath.example">help@vidyapath.example</a></p>
  <p>© 2026 Vidyapath Edtech Pvt. Ltd. · Koramangala, Bengaluru</p>
</footer>`;

const home = page(
  'Vidyapath — learn to code in your own language',
  'Project-based coding courses in Hindi, Tamil, Kannada and English, with mentors who review your code.',
  `${header}
<main>
  <section class="hero">
    <h1>Learn to code in the language you think in.</h1>
    <p>Vidyapath teaches programming through short video lessons and real projects, in Hindi, Tamil, Kannada, Telugu and English. Mentors review every project you submit.</p>
    <p><a class="btn" href="/pricing">Start learning free</a> <a href="https://www.youtube.com/watch?v=Vp4Xk9mL2qA">Watch how it works</a></p>
  </section>
  <section>
    <h2>Why learners choose Vidyapath</h2>
    <ul class="benefits">
      <li>Courses in five Indian languages</li>
      <li>In-browser coding exercises</li>
      <li>Code reviews by human mentors</li>
      <li>Placement preparation and mock interviews</li>
    </ul>
  </section>
  <section class="stories">
    <h2>Learner stories</h2>
    <p>“I learned JavaScript in Tamil while working night shifts. Now I'm a front-end developer in Chennai.” — Karthika S.</p>
  </section>
</main>
${footer}`,
  head,
);

const courses = page(
  'Courses — Vidyapath',
  null,
  `${header}
<main>
  <h1>Courses</h1>
  <ul>
    <li><h3>Python for beginners</h3><p>40 lessons · 6 projects</p></li>
    <li><h3>Web development with JavaScript</h3><p>65 lessons · 8 projects</p></li>
    <li><h3>Data structures and algorithms</h3><p>50 lessons · interview practice</p></li>
    <li><h3>SQL and databases</h3><p>25 lessons · 3 projects</p></li>
  </ul>
</main>
${footer}`,
  head,
);

const pricing = page(
  'Pricing — Vidyapath',
  null,
  `${header}
<main>
  <h1>Choose your plan</h1>
  <div class="plans">
    <div class="plan">
      <h2>Free</h2>
      <p class="price">₹0</p>
      <p>The first module of every course, community forum.</p>
    </div>
    <div class="plan">
      <h2>Pro</h2>
      <p class="price">₹499/month</p>
      <p>or ₹4,990 billed yearly (save 2 months). All courses, mentor reviews, certificates.</p>
    </div>
  </div>
  <h2>FAQ</h2>
  <details><summary>Do I get a certificate?</summary><p>Yes, Pro learners get a verifiable certificate for every completed course.</p></details>
  <details><summary>Can I pay with UPI?</summary><p>Yes — UPI, cards, net banking and EMI are all accepted.</p></details>
  <details><summary>Is there a refund policy?</summary><p>Full refund within 7 days of your first payment, no questions asked.</p></details>
</main>
${footer}`,
  head,
);

const about = page(
  'About — Vidyapath',
  null,
  `${header}
<main>
  <h1>About us</h1>
  <p>Vidyapath was founded in 2020 in Bengaluru by Ananya Iyer and Karthik Rao. Ananya taught computer science in a government college in Mysuru; Karthik was an engineer at a payments start-up.</p>
  <p>More than 300,000 learners from 600 towns have started a course with us.</p>
</main>
${footer}`,
  head,
);

export const vidyapath: CorpusSite = {
  host: 'vidyapath.example',
  pages: { '/': home, '/courses': courses, '/pricing': pricing, '/about': about },
  facts: {
    name: 'Vidyapath',
    pricing_model: 'freemium',
    pricing: [
      { name: 'Free', price: 'free' },
      { name: 'Pro', price: '₹499' },
    ],
    country: 'IN',
    city: 'Bengaluru',
    founded_year: '2020',
    contact_email: 'help@vidyapath.example',
    logo_url: '/assets/brand/vidyapath-logo.svg',
    demo_video_url: 'https://www.youtube.com/watch?v=Vp4Xk9mL2qA',
    categories: ['Coding Education'],
    alsoFineCategories: ['Online Courses', 'Education'],
    features: [
      'Courses in five Indian languages',
      'In-browser coding exercises',
      'Code reviews by human mentors',
      'Placement preparation and mock interviews',
    ],
    founders: ['Ananya Iyer', 'Karthik Rao'],
    socials: {
      youtube: 'https://www.youtube.com/@vidyapath',
      instagram: 'https://www.instagram.com/vidyapath.learn/',
      linkedin: 'https://in.linkedin.com/company/vidyapath',
    },
    faqs: ['Do I get a certificate?', 'Can I pay with UPI?', 'Is there a refund policy?'],
  },
};
