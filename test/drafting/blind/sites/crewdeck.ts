import { type CorpusSite, nav, page } from '../../corpus/types.js';

/** Employee onboarding checklists (HR) from Raleigh, NC; no prices, no founders and no founding year, only a copyright range. */
const header = `<header>
  <a href="/"><img class="logo" src="/img/crewdeck-logo.svg" alt="Crewdeck"></a>
  ${nav([
    ['/features', 'Features'],
    ['/customers', 'Customers'],
    ['/contact', 'Contact'],
  ])}
</header>`;

const footer = `<footer>
  <p>Crewdeck Inc. · Raleigh, NC</p>
  <p><a href="https://www.linkedin.com/company/crewdeck-hr">Follow Crewdeck on LinkedIn</a></p>
  <p>© 2020–2026 Crewdeck Inc. All rights reserved. · <a href="/privacy">Privacy</a> · <a href="/security">Security</a></p>
</footer>`;

const home = page(
  'Crewdeck | Employee onboarding that runs itself',
  'Onboarding checklists, e-signatures and first-week plans for growing teams. Every new hire ready on day one.',
  `${header}
<main>
  <section class="hero">
    <h1>Every new hire, ready on day one.</h1>
    <p>Crewdeck is employee onboarding software for HR teams at growing companies. Build a checklist once, and Crewdeck assigns the tasks — laptop, paperwork, accounts, a buddy — to the right people every time someone joins.</p>
    <a class="btn" href="/contact">Book a demo</a>
  </section>
  <section>
    <h2>What HR teams use Crewdeck for</h2>
    <ul>
      <li>Onboarding checklists with automatic task assignment</li>
      <li>E-signatures for offer letters and I-9 paperwork</li>
      <li>A welcome portal for new hires before their first day</li>
      <li>Offboarding workflows that revoke access on time</li>
    </ul>
  </section>
  <section class="logos">
    <p>Connects to BambooHR, Gusto, Rippling, Google Workspace and Slack.</p>
  </section>
</main>
${footer}`,
);

const features = page(
  'Features | Crewdeck',
  null,
  `${header}
<main>
  <h1>Features</h1>
  <h2>Onboarding checklists with automatic task assignment</h2>
  <p>Tasks go to IT, the manager and the new hire's buddy, with due dates relative to the start date.</p>
  <h2>E-signatures for offer letters and I-9 paperwork</h2>
  <p>Legally binding signatures, stored with the employee's record.</p>
  <h2>A welcome portal for new hires before their first day</h2>
  <p>Team introductions, a first-week schedule and the handbook, on their phone.</p>
  <h2>Offboarding workflows that revoke access on time</h2>
  <p>Accounts closed and equipment returned, with an audit trail.</p>
</main>
${footer}`,
);

const customers = page(
  'Customers | Crewdeck',
  null,
  `${header}
<main>
  <h1>Teams that onboard with Crewdeck</h1>
  <article>
    <h2>Harbor Dental Group cut onboarding time from three weeks to four days</h2>
    <p>“Our new hygienists used to spend their first week waiting for logins. Now everything is ready before they walk in.” — Monica Reyes, HR Manager, Harbor Dental Group, Charleston, SC</p>
  </article>
  <article>
    <h2>Loopline Logistics onboarded 400 seasonal drivers in a month</h2>
    <p>Every driver signed their paperwork on their phone before the first shift.</p>
  </article>
  <p>Want results like these? <a href="/contact">Book a demo</a> and we'll put together a quote for your team size.</p>
</main>
${footer}`,
);

const contact = page(
  'Contact | Crewdeck',
  null,
  `${header}
<main>
  <h1>Contact us</h1>
  <p>For demos and quotes, email hello@crewdeck.example or use the form below.</p>
  <form action="/contact" method="post"><label>Work email <input type="email" name="email"></label><button>Send</button></form>
</main>
${footer}`,
);

export const crewdeck: CorpusSite = {
  host: 'crewdeck.example',
  pages: { '/': home, '/features': features, '/customers': customers, '/contact': contact },
  facts: {
    name: 'Crewdeck',
    pricing_model: null,
    pricing: [],
    country: 'US',
    city: 'Raleigh',
    founded_year: null,
    contact_email: 'hello@crewdeck.example',
    logo_url: '/img/crewdeck-logo.svg',
    demo_video_url: null,
    categories: ['Task Management'],
    alsoFineCategories: ['Automation', 'Productivity'],
    features: [
      'Onboarding checklists with automatic task assignment',
      'E-signatures for offer letters and I-9 paperwork',
      'A welcome portal for new hires before their first day',
      'Offboarding workflows that revoke access on time',
    ],
    founders: [],
    socials: { linkedin: 'https://www.linkedin.com/company/crewdeck-hr' },
    faqs: [],
  },
};
