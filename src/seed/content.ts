/** Fixed word pools and texts of the demo directory. Everything here is invented. */

export const FIRST_NAMES = [
  'Ada',
  'Adrian',
  'Aisha',
  'Alejandro',
  'Amara',
  'Anders',
  'Ana',
  'Arjun',
  'Ayumi',
  'Bea',
  'Ben',
  'Bianca',
  'Camille',
  'Carlos',
  'Chen',
  'Chloe',
  'Daniel',
  'Dara',
  'Diego',
  'Elena',
  'Elif',
  'Emeka',
  'Emma',
  'Erik',
  'Fatima',
  'Felix',
  'Freya',
  'Gabriel',
  'Grace',
  'Hana',
  'Hugo',
  'Ibrahim',
  'Ines',
  'Isaac',
  'Ivy',
  'Jakob',
  'Jonas',
  'Julia',
  'Kai',
  'Karin',
  'Kenji',
  'Laila',
  'Lars',
  'Leo',
  'Lina',
  'Lucas',
  'Maya',
  'Marco',
  'Mei',
  'Mila',
  'Nadia',
  'Naveen',
  'Nia',
  'Noah',
  'Olivia',
  'Omar',
  'Oskar',
  'Priya',
  'Rafael',
  'Rahul',
  'Rosa',
  'Sami',
  'Sara',
  'Sebastian',
  'Sofia',
  'Tariq',
  'Tessa',
  'Theo',
  'Tomas',
  'Valentina',
  'Wei',
  'Yara',
  'Yusuf',
  'Zara',
  'Zoe',
  'Mateo',
  'Nora',
  'Ravi',
  'Selin',
  'Jun',
] as const;

export const LAST_NAMES = [
  'Abbott',
  'Adeyemi',
  'Alvarez',
  'Andersson',
  'Bauer',
  'Becker',
  'Bianchi',
  'Brennan',
  'Castillo',
  'Chandra',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Fontaine',
  'Garcia',
  'Gupta',
  'Hall',
  'Hansen',
  'Haddad',
  'Ito',
  'Jansen',
  'Kaur',
  'Kim',
  'Kowalski',
  'Larsen',
  'Laurent',
  'Lee',
  'Lindqvist',
  'Lopez',
  'Mahmoud',
  'Martin',
  'Meyer',
  'Moreau',
  'Murphy',
  'Nakamura',
  'Nguyen',
  'Novak',
  'Okafor',
  'Oliveira',
  'Osei',
  'Park',
  'Patel',
  'Petrov',
  'Quinn',
  'Rahman',
  'Reyes',
  'Ricci',
  'Rossi',
  'Sato',
  'Schmidt',
  'Silva',
  'Singh',
  'Sousa',
  'Tanaka',
  'Tran',
  'Varga',
  'Vogel',
  'Wagner',
  'Walsh',
  'Weber',
  'Wong',
  'Yilmaz',
  'Zhang',
  'Ziegler',
  'Berg',
  'Dalton',
  'Moretti',
  'Nilsen',
  'Rojas',
] as const;

/** [country code, city, EU member] */
export const LOCATIONS: readonly (readonly [string, string, boolean])[] = [
  ['US', 'San Francisco', false],
  ['US', 'New York', false],
  ['US', 'Austin', false],
  ['US', 'Seattle', false],
  ['US', 'Boston', false],
  ['GB', 'London', false],
  ['GB', 'Manchester', false],
  ['DE', 'Berlin', true],
  ['DE', 'Munich', true],
  ['FR', 'Paris', true],
  ['NL', 'Amsterdam', true],
  ['CA', 'Toronto', false],
  ['CA', 'Vancouver', false],
  ['IN', 'Bangalore', false],
  ['SE', 'Stockholm', true],
  ['ES', 'Barcelona', true],
  ['PT', 'Lisbon', true],
  ['EE', 'Tallinn', true],
  ['AU', 'Sydney', false],
  ['BR', 'São Paulo', false],
  ['SG', 'Singapore', false],
  ['IE', 'Dublin', true],
  ['PL', 'Warsaw', true],
  ['CH', 'Zurich', false],
  ['JP', 'Tokyo', false],
  ['DK', 'Copenhagen', true],
  ['FI', 'Helsinki', true],
  ['NG', 'Lagos', false],
  ['AR', 'Buenos Aires', false],
  ['IT', 'Milan', true],
];

/** Endings of invented product names. */
export const NAME_SUFFIXES = [
  'ly',
  'ify',
  'io',
  'hub',
  'base',
  'stack',
  'kit',
  'wise',
  'flow',
  'desk',
  'loop',
  'forge',
  'pilot',
  'scope',
  'craft',
  'bird',
  'mint',
  'box',
  'dock',
  'nest',
  'yard',
  'bee',
  'lab',
  'works',
  'fast',
  'wave',
  'line',
  'spot',
  'lane',
  'ster',
] as const;

/** Name beginnings usable in any category. */
export const GENERAL_ROOTS = [
  'Orbit',
  'Ember',
  'Kite',
  'Fable',
  'Glide',
  'Ripple',
  'Tidal',
  'Wisp',
  'Zephyr',
  'Cinder',
  'Drift',
  'Folio',
  'Grove',
  'Juno',
  'Cobalt',
  'Sprout',
  'Atlas',
  'Nimbus',
  'Maple',
  'Otter',
  'Falcon',
  'Lark',
  'Comet',
  'Quartz',
  'Birch',
  'Fern',
  'Pebble',
  'Willow',
  'Nova',
  'Basil',
  'Cedar',
  'Marlin',
  'Koala',
  'Meadow',
  'Polar',
  'Rocket',
  'Saffron',
  'Topaz',
  'Umber',
  'Velvet',
] as const;

export const ADJECTIVES = ['simplest', 'fastest', 'calmest', 'friendliest', 'most flexible', 'most affordable'] as const;

export const QUALIFIERS = [
  'in minutes',
  'without the spreadsheets',
  'with zero config',
  'from one place',
  'on autopilot',
  'without a learning curve',
  'for a fraction of the price',
  'without writing code',
] as const;

export const USPS = [
  'Set up in under five minutes',
  'No per-seat pricing',
  'SOC 2 Type II certified',
  'Keyboard-first interface',
  'Built-in AI assistant',
  'Unlimited users on every plan',
  'One-click import from the tools you already use',
  'Human support from the founders',
  'Works offline and syncs when you are back',
  'Transparent public roadmap',
  'Lifetime deal for early customers',
  'Accessible to WCAG 2.2 AA',
] as const;

export const EU_USP = 'GDPR-compliant and hosted in the EU';
export const OPEN_SOURCE_USP = 'Open source under the MIT licence';

export const FOUNDER_BACKGROUNDS = [
  'spent eight years as a software engineer at a payments company',
  'led product at a fast-growing SaaS startup',
  'ran a small digital agency for a decade',
  'was an early employee at a developer-tools company',
  'worked as a data scientist in healthcare',
  'founded and sold a Shopify app',
  'taught computer science before switching to startups',
  'managed support teams of forty people',
  'was a designer at a consumer fintech app',
  'built internal tools at a large logistics company',
  'worked in growth marketing for B2B startups',
  'did a PhD in machine learning',
] as const;

export const FOUNDER_INTERESTS = [
  'climbing',
  'sourdough baking',
  'trail running',
  'chess',
  'jazz piano',
  'open-source software',
  'cycling',
  'photography',
  'board games',
  'sailing',
  'gardening',
  'writing a newsletter about bootstrapping',
] as const;

export const UPDATE_TEMPLATES: readonly (readonly [string, string])[] = [
  ['Dark mode is here', 'You asked, we shipped: {name} now follows your system theme, with a manual switch in settings.'],
  ['New integrations', 'We added native integrations with Slack, Google Workspace and Zapier. Connect them from the integrations page.'],
  ['Faster everything', 'We rewrote the core of {name}. Pages now load about twice as fast, and large workspaces feel instant.'],
  ['Public API (beta)', 'The {name} API is open in beta. Generate a key in settings and read the reference at docs.{domain}.'],
  ['Mobile apps are live', 'Our iOS and Android apps are now in the stores, with offline support and push notifications.'],
  ['New pricing', 'We simplified pricing to two plans. Existing customers keep their current price for as long as they stay.'],
  ['Team workspaces', 'Invite your whole team: shared workspaces, roles and an audit log are available on every paid plan.'],
  ['SSO and SCIM', 'Business plans now include single sign-on with any SAML provider and SCIM user provisioning.'],
  ['Thank you for 1,000 customers', 'We crossed 1,000 paying customers this month. Thank you for every bug report and feature idea.'],
  ['Templates gallery', 'Start faster with over 50 templates made by our team and the community.'],
];

export const MILESTONE_TEMPLATES = [
  ['Company founded', 'Incorporated and started building the first prototype.'],
  ['Private beta', 'Opened the private beta to the first 50 teams from our waitlist.'],
  ['First paying customer', 'A five-person agency became our first paying customer.'],
  ['Public launch', 'Launched publicly and opened sign-ups to everyone.'],
  ['1,000 users', 'Reached 1,000 registered users.'],
  ['Pre-seed round', 'Raised a small pre-seed round from angels who use the product.'],
  ['$10k MRR', 'Crossed $10,000 in monthly recurring revenue.'],
  ['First hire', 'Our first engineer joined the team.'],
  ['Integrations marketplace', 'Shipped the integrations marketplace with 20 partners.'],
  ['SOC 2 report', 'Completed our SOC 2 Type II audit.'],
] as const;

export const REVIEW_BODIES: Record<number, readonly string[]> = {
  5: [
    'Exactly what we needed. Setup took ten minutes and the team adopted it the same day.',
    'Best tool in its category that I have tried, and support answers within the hour.',
    'Replaced two other subscriptions for us. Fast, focused and well designed.',
    'The founders listen. A feature I asked for shipped two weeks later.',
  ],
  4: [
    'Very solid product. A few rough edges in the settings, but the core works really well.',
    'Great value for money. I would love a better mobile experience.',
    'We use it every day. Docs could be more detailed for advanced use.',
  ],
  3: ['Does the job, but the pricing jumps quickly once your team grows.', 'Good idea, still missing a couple of integrations we rely on.'],
  2: ['Promising, but we hit too many bugs during our trial.', 'Import from our old tool lost some data. Support helped, slowly.'],
  1: ['Could not get it to work with our setup and the refund took weeks.'],
};

export const SPAM_REVIEW_BODIES = [
  'Amazing!!! Best product ever, 10/10, visit my profile for more deals',
  'Great great great tool',
  'Check out our competing product instead, it is cheaper',
] as const;

export interface BlogPostSeed {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  author: string;
  sections: [heading: string, ...paragraphs: string[]][];
  faqs: { question: string; answer: string }[];
  draft?: boolean;
}

export const BLOG_POSTS: readonly BlogPostSeed[] = [
  {
    slug: 'how-to-prepare-for-launch-week',
    title: 'How to prepare for your launch week',
    excerpt: 'A practical checklist for the four weeks before your product goes live on the directory.',
    tags: ['launch', 'guides'],
    author: 'Maya Lindqvist',
    sections: [
      [
        'Start four weeks out',
        'The best launches we see are not improvised. Four weeks before your launch week, pick the week, write down who you want to reach and make sure your website answers the three questions every visitor has: what is it, who is it for and what does it cost.',
        'If your homepage does not say what the product costs, say so on purpose. Our listings show when a fact is not on your website rather than guessing, and visitors notice.',
      ],
      [
        'Polish the listing',
        'Write a tagline a stranger would understand, add screenshots that show the product doing its job, and fill in the FAQs with the questions your first customers actually asked. A short demo video helps more than a long description.',
      ],
      [
        'Tell your people',
        'Votes come from people on the site, so the most effective thing you can do is tell the people who already like your product. Send one short email to your waitlist on launch day and reply to every comment.',
      ],
      [
        'After the week',
        'Your listing stays in the directory after launch week. Post updates when you ship something meaningful: followers get an email for each one, and fresh updates keep your profile useful long after the launch.',
      ],
    ],
    faqs: [
      {
        question: 'How far ahead should I schedule my launch?',
        answer: 'Free listings are queued six to eight weeks out. Paid launches can go live at once or in any future week you choose.',
      },
      {
        question: 'Can I change my launch week?',
        answer: 'Yes, as long as the week has not started. Contact the site team from your listing page.',
      },
      { question: 'Do I need a demo video?', answer: 'No, but listings with a short video get noticeably more views in our data.' },
    ],
  },
  {
    slug: 'writing-a-tagline-people-remember',
    title: 'Writing a tagline people remember',
    excerpt: 'Your tagline is the first thing people read. Here is how to make it do its job in under ten words.',
    tags: ['copywriting', 'guides'],
    author: 'Jonas Eriksen',
    sections: [
      [
        'Say what it does',
        'A good tagline describes the outcome, not the technology. "Send invoices that get paid on time" beats "AI-powered financial workflow platform" every time, because a reader can picture the result.',
      ],
      [
        'Cut the adjectives',
        'Words like revolutionary, seamless and next-generation take space without adding meaning. Read your tagline aloud and remove every word that a competitor could also use.',
        'Then check it against your website. If the tagline promises something your homepage does not mention, visitors bounce.',
      ],
      [
        'Test it',
        'Show three candidate taglines to five people who fit your audience and ask them what the product does. Pick the one they explain back most accurately.',
      ],
    ],
    faqs: [
      { question: 'How long can a tagline be?', answer: 'Up to 200 characters, but the best ones are under 60.' },
      {
        question: 'Can I change my tagline after launch?',
        answer: 'Yes. Edits to a live listing publish at once and are kept in the version history.',
      },
    ],
  },
  {
    slug: 'free-or-paid-launch',
    title: 'Free or paid launch: what actually changes',
    excerpt: 'Both paths put you in the directory. Here is exactly what a paid launch adds, and what it does not.',
    tags: ['launch', 'pricing'],
    author: 'Maya Lindqvist',
    sections: [
      [
        'The free path',
        'Every product can launch for free. Free listings join the queue for a launch week six to eight weeks out and go live once our badge is found on the homepage. The badge links back to your listing, so it also brings you visitors.',
      ],
      [
        'What a paid launch adds',
        'A paid launch goes live at once or in the week you pick, and unlocks the founder story, milestones and media sections. Paid listings can also appear in up to three categories besides their primary one.',
      ],
      [
        'What money never buys',
        'Votes and awards. The weekly ranking and the Launch of the Week awards follow community votes only, whatever plan a listing is on. The billboard is the one ranking by money, and it is always labelled as paid.',
      ],
    ],
    faqs: [
      { question: 'Does a paid launch rank higher?', answer: 'No. Rankings by votes are the same for free and paid listings.' },
      {
        question: 'Is VAT included in the prices?',
        answer:
          "Prices exclude VAT. The quote shows the VAT that applies, and why, before you pay. Buyers in our own country (the seller country in the site info) pay its VAT, businesses with a VAT number too. An EU business in another EU country with a valid VAT number pays none: the reverse charge. Other EU buyers pay their own country's VAT, and buyers outside the EU pay none.",
      },
      {
        question: 'Can I upgrade a free listing later?',
        answer: 'Yes. Buying the launch product for an existing listing unlocks the paid sections right away.',
      },
    ],
  },
  {
    slug: 'founder-stories-that-get-read',
    title: 'Founder stories that get read',
    excerpt: 'Why you started matters more than what you built. A guide to writing your founder story.',
    tags: ['founders', 'storytelling'],
    author: 'Amara Okafor',
    sections: [
      [
        'Begin with the problem',
        'Readers connect with the moment you noticed the problem. Describe it concretely: the spreadsheet with four thousand rows, the customer email that arrived at 3 a.m., the tool that kept crashing during demos.',
      ],
      [
        'Be honest about the journey',
        'The most-read stories on the site include the things that went wrong. A failed first version or a pivot makes the current product more credible, not less.',
        'Use your own words. Stories are published as you write them, and readers can tell when a text was written by a committee.',
      ],
      [
        'End with what is next',
        'Close with what you are building now and how readers can help: try the beta, send feedback, or follow the listing to get your updates.',
      ],
    ],
    faqs: [
      {
        question: 'Who can publish a founder story?',
        answer: 'Owners of a listing with the story section unlocked, which comes with the paid launch.',
      },
      {
        question: 'How long should a story be?',
        answer: 'Each section can hold up to 8,000 characters; most good stories use a few hundred words in total.',
      },
    ],
  },
  {
    slug: 'how-votes-and-awards-work',
    title: 'How votes and awards work',
    excerpt: 'Who can vote, how the weekly ranking is computed and how Launch of the Week is decided.',
    tags: ['community', 'awards'],
    author: 'Jonas Eriksen',
    sections: [
      [
        'One person, one vote',
        'Votes come only from people on the site, one per person per listing. There is no voting through the API, so automated votes are not possible.',
      ],
      [
        'The weekly ranking',
        'Each launch week runs from Monday 00:00 to Sunday 23:59 UTC. Listings launched that week are ranked by the number of votes they have received.',
      ],
      [
        'Launch of the Week',
        'When a week ends, the three most-voted launches of that week receive the Launch of the Week awards #1, #2 and #3. Awards are permanent and appear on the listing and in the awards archive.',
      ],
    ],
    faqs: [
      { question: 'Can I buy votes?', answer: 'No. Votes and awards follow community votes only.' },
      { question: 'When are awards given?', answer: 'Right after the launch week ends, on Monday in UTC.' },
    ],
  },
  {
    slug: 'choosing-the-right-category',
    title: 'Choosing the right category for your product',
    excerpt: 'Your primary category decides who finds you and who you are compared with.',
    tags: ['guides', 'categories'],
    author: 'Amara Okafor',
    sections: [
      [
        'Pick where buyers look',
        'Choose the category a buyer would browse when they have the problem you solve, not the technology you use. An AI invoicing tool belongs in Invoicing, where people look for invoicing tools.',
      ],
      [
        'Comparisons use category attributes',
        'Every category defines the attributes listings are compared on, such as pricing model, platforms or whether there is an API. Fill in your website so these facts can be found; anything missing shows as an empty cell.',
      ],
      [
        'Extra categories',
        'Paid listings can add up to three categories beyond the primary one. Use them for genuinely different audiences, not for every loosely related topic.',
      ],
    ],
    faqs: [
      {
        question: 'Can I change my primary category?',
        answer: 'Yes, from your listing settings. Your votes and awards stay with the listing.',
      },
      { question: 'Does a subcategory also appear in its parent?', answer: 'Yes. Filtering by a category includes its subcategories.' },
    ],
  },
  {
    slug: 'seo-basics-for-new-products',
    title: 'SEO basics for brand-new products',
    excerpt: 'Domain Rating, backlinks and the few things that matter in your first six months.',
    tags: ['seo', 'growth'],
    author: 'Lucas Moreau',
    sections: [
      [
        'Domain Rating in one paragraph',
        'Domain Rating is a score from 0 to 100 from a third-party SEO data provider, estimating the strength of the links pointing to your site. We refresh it daily and show its trend on your listing.',
      ],
      [
        'The first links',
        'New domains start near zero. Directory listings, launch posts, integration partner pages and guest articles are the usual first links; a single mention on a well-read blog is worth more than dozens of low-quality links.',
      ],
      [
        'Write for questions',
        'Pages that answer specific questions rank sooner than generic feature pages. Turn your support emails into short articles and link them from your FAQ.',
      ],
    ],
    faqs: [
      {
        question: 'Does a listing here improve my Domain Rating?',
        answer: 'A listing links to your site, which can help a little. We do not promise any ranking effect.',
      },
      { question: 'How often is Domain Rating updated?', answer: 'Daily, from the data provider.' },
    ],
  },
  {
    slug: 'badges-and-the-free-queue',
    title: 'Badges and the free launch queue',
    excerpt: 'How the badge check works and how to pick a badge style that fits your homepage.',
    tags: ['launch', 'badges'],
    author: 'Maya Lindqvist',
    sections: [
      [
        'Why a badge',
        'Free listings go live once our badge is found on the product homepage. The badge is a small link to your listing that shows your launch and, later, your awards.',
      ],
      [
        'Pick a style',
        'Badges come in standard, outline, pill, banner and square shapes, in light, dark or automatic mode and three sizes. Copy the HTML embed code from your listing badges page.',
      ],
      [
        'The check',
        'We look for the badge link on your homepage regularly. If it is not found, your listing waits in the queue; nothing else changes.',
      ],
    ],
    faqs: [
      { question: 'Can I remove the badge after launch?', answer: 'Yes. The badge is only required for the free listing to go live.' },
      { question: 'Does the badge slow down my site?', answer: 'No. It is a small SVG image with a link.' },
    ],
  },
  {
    slug: 'pricing-pages-that-convert',
    title: 'Pricing pages that convert',
    excerpt: 'What we learned from the pricing pages of hundreds of launches.',
    tags: ['pricing', 'growth'],
    author: 'Lucas Moreau',
    sections: [
      [
        'Show the price',
        'Listings whose websites state prices get more clicks through to the product than listings marked "pricing not found". Visitors want to know whether the product is in their budget before they sign up.',
      ],
      [
        'Two or three plans',
        'Most successful launches offer a free or trial tier and one or two paid plans. More than four plans usually means the product has not found its core buyer yet.',
      ],
      [
        'Name the unit',
        'Say what the price is per: per seat, per workspace, per 1,000 contacts. Surprise unit pricing is the most common complaint in reviews.',
      ],
    ],
    faqs: [
      {
        question: 'Which pricing model should I choose for my listing?',
        answer: 'The one your website states: free, freemium, paid, subscription or open-source.',
      },
      {
        question: 'Can I hide my prices?',
        answer: 'You can leave pricing off your website; the listing then shows that pricing was not found.',
      },
    ],
  },
  {
    slug: 'verified-revenue-explained',
    title: 'Verified revenue, explained',
    excerpt: 'How the revenue leaderboard works and why we only show verified numbers.',
    tags: ['leaderboards', 'transparency'],
    author: 'Jonas Eriksen',
    sections: [
      [
        'Only verified figures',
        'The revenue leaderboard shows monthly recurring revenue that was read directly from a payment provider, with the date it was verified. Self-reported numbers are never shown.',
      ],
      [
        'Why founders share it',
        'Building in public attracts customers, hires and investors. A verified figure is more credible than a screenshot.',
        'You can stop sharing at any time; the listing then drops off the board.',
      ],
    ],
    faqs: [
      { question: 'Which payment providers are supported?', answer: 'Stripe, Paddle and Lemon Squeezy.' },
      { question: 'How often is revenue re-verified?', answer: 'Monthly, or whenever the founder reconnects the provider.' },
    ],
  },
  {
    slug: 'building-in-public-a-practical-guide',
    title: 'Building in public: a practical guide',
    excerpt: 'Share progress without oversharing: updates, milestones and what to post when.',
    tags: ['founders', 'growth'],
    author: 'Amara Okafor',
    sections: [
      [
        'Pick a rhythm',
        'One meaningful update every two weeks beats daily noise. Listing updates are emailed to every follower, so save them for things people care about: new features, pricing changes, milestones.',
      ],
      [
        'Milestones tell the story',
        'A timeline of milestones shows momentum at a glance: the first customer, the first hire, the first $10k month. Keep each one short and dated.',
      ],
      [
        'Share the numbers you are comfortable with',
        'Revenue, users or simply what you learned. Consistency matters more than the size of the numbers.',
      ],
    ],
    faqs: [
      { question: 'Who receives listing updates?', answer: 'Everyone who follows the listing gets an email for each update.' },
      { question: 'Are milestones public?', answer: 'Milestones are shown on paid listings or when the milestones section is unlocked.' },
    ],
  },
  {
    slug: 'forty-weeks-of-launches',
    title: 'What we learned from forty weeks of launches',
    excerpt: 'Patterns from the launches on the directory: timing, categories and what the top launches have in common.',
    tags: ['data', 'launch'],
    author: 'Maya Lindqvist',
    sections: [
      [
        'Timing',
        'Launches early in the week collect votes for longer, but we saw no large difference between weekdays once a listing was well prepared.',
      ],
      [
        'Categories',
        'AI and Developer Tools had the most launches, while Finance and Customer Support had the highest share of listings that published pricing.',
      ],
      [
        'What the winners share',
        'Clear taglines, real screenshots, founders answering every comment and a specific audience. None of the Launch of the Week winners tried to be for everyone.',
      ],
    ],
    faqs: [
      { question: 'Where can I see past winners?', answer: 'The awards archive lists every Launch of the Week, newest week first.' },
      {
        question: 'Is the data available through the API?',
        answer: 'Yes. Launch weeks, leaderboards and awards are all public API operations.',
      },
    ],
  },
  {
    slug: 'our-2027-roadmap',
    title: 'Our 2027 roadmap',
    excerpt: 'What we plan to build next year.',
    tags: ['company'],
    author: 'Jonas Eriksen',
    sections: [['Draft', 'Collections, team accounts and a public changelog for every listing. Details to follow.']],
    faqs: [{ question: 'When will this be published?', answer: 'Early next year.' }],
    draft: true,
  },
  {
    slug: 'interview-series-announcement',
    title: 'Announcing our founder interview series',
    excerpt: 'Founders answer the same twelve questions.',
    tags: ['founders', 'interviews'],
    author: 'Amara Okafor',
    sections: [['Draft', 'We are inviting founders of recent launches to answer our interview questions.']],
    faqs: [{ question: 'How do I take part?', answer: 'Answer the interview questions from your account.' }],
    draft: true,
  },
];

export const INTERVIEW_QUESTIONS: readonly (readonly [string, string])[] = [
  ['What problem does your product solve, in one sentence?', 'Describe the problem, not the product.'],
  ['What were you doing before you started?', 'Your job, studies or previous company.'],
  ['When did you realise this problem was worth solving?', 'A specific moment works best.'],
  ['Who was your first paying customer, and how did you find them?', 'No names needed, just the story.'],
  ['What did the first version look like?', 'Spreadsheets, scripts and duct tape are welcome.'],
  ['What was the hardest decision you made so far?', 'A pivot, a hire, a price change.'],
  ['What is your tech stack?', 'Languages, frameworks, hosting.'],
  ['How do you find new customers today?', 'The channels that actually work for you.'],
  ['What would you do differently if you started again?', 'One or two lessons.'],
  ['Which tools could you not run the company without?', 'Up to five.'],
  ['What are you working on next?', 'The next big feature or milestone.'],
  ['What advice would you give someone launching next week?', 'Keep it practical.'],
];

/** Products and their prices in USD cents (the site admin changes prices later). */
export const PRODUCTS = [
  {
    id: 'launch',
    name: 'Launch',
    description: 'Go live at once or in a week you choose; unlocks the founder story, milestones and media, and up to 3 extra categories.',
    price_cents: 4900,
    needs_listing: true,
    position: 1,
  },
  {
    id: 'billboard',
    name: 'Billboard',
    description:
      'Contribute to the billboard, the paid ranking by money contributed. Amount of your choice, at least the billboard minimum.',
    price_cents: 1000,
    needs_listing: true,
    position: 2,
  },
  {
    id: 'featured_newsletter',
    name: 'Featured in the newsletter',
    description: 'Your listing featured in the weekly newsletter.',
    price_cents: 9900,
    needs_listing: true,
    position: 3,
  },
] as const;

/** VAT rates of a few countries outside the EU, for the demo's console (the EU rates come with migration 0015). */
export const NON_EU_VAT_RATES: readonly (readonly [string, number, boolean])[] = [
  ['GB', 2000, false],
  ['CH', 810, false],
  ['NO', 2500, false],
  ['US', 0, false],
];
