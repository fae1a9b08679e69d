/** A one-page waitlist for an AI writing assistant: almost nothing is stated; traps: cities of its readers, a launch year, a price it compares against. */
import { page, type CorpusSite } from '../types.js';

const HOME = page(
  'Wordsmithy',
  'Wordsmithy is an AI writing assistant that learns your voice. Join the waitlist.',
  `<main>
  <h1>An AI writing assistant that sounds like you</h1>
  <p>Wordsmithy reads what you have already written and helps you draft emails, posts and essays in your own voice, not in the voice of a robot.</p>
  <p>Join 2,000 writers from London to Lagos on the waitlist. We open the doors in spring 2026.</p>
  <p>Other assistants charge $30 a month for generic prose; we think you deserve better.</p>
  <form action="/waitlist" method="post"><input type="email" name="email" placeholder="you@example.com"><button>Join the waitlist</button></form>
  <p><a href="https://x.com/wordsmithyai">Follow along on X</a></p>
</main>`,
);

export const wordsmithy: CorpusSite = {
  host: 'wordsmithy.example',
  pages: { '/': HOME },
  facts: {
    name: 'Wordsmithy',
    pricing_model: null,
    pricing: [],
    country: null,
    city: null,
    founded_year: null,
    contact_email: null,
    logo_url: null,
    demo_video_url: null,
    categories: ['AI Writing'],
    alsoFineCategories: ['AI'],
    features: [],
    founders: [],
    socials: { x: 'https://x.com/wordsmithyai' },
    faqs: [],
  },
};
