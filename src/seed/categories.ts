import type { Statements } from '../db/database.js';

/** Attribute keys every category compares listings on. */
const COMMON_ATTRIBUTES = ['pricing_model', 'open_source', 'platforms', 'api', 'self_hosted', 'free_trial'] as const;

interface SubcategorySeed {
  slug: string;
  name: string;
  description: string;
  /** What a product of this kind lets you do: a verb phrase ("run builds and tests on every push"). */
  job: string;
  /** What the product is: a noun phrase ("CI/CD platform"). */
  thing: string;
  features: readonly string[];
  keywords: readonly string[];
  /** How people name the need in plain words ("expense tracking"): search finds the category's listings by them. */
  synonyms: readonly string[];
  /** Words a product name of this kind may end with ("CI", "Deploy"). */
  nameWords: readonly string[];
}

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  audiences: readonly string[];
  /** The chore the products remove and what people get back. */
  pain: string;
  gain: string;
  /** Beginnings of invented product names. */
  roots: readonly string[];
  /** Attribute keys beyond COMMON_ATTRIBUTES. */
  extraAttributes: readonly string[];
  subcategories: readonly SubcategorySeed[];
}

export const CATEGORY_TREE: readonly CategorySeed[] = [
  {
    slug: 'developer-tools',
    name: 'Developer Tools',
    description: 'Tools that help software teams write, test, ship and run code with less toil.',
    audiences: ['engineering teams', 'indie hackers', 'platform engineers', 'open-source maintainers', 'startups'],
    pain: 'flaky builds and manual setup',
    gain: 'shipping features',
    roots: ['Ship', 'Stack', 'Byte', 'Commit', 'Patch', 'Forge', 'Deploy', 'Branch', 'Kernel', 'Lambda', 'Shell', 'Query'],
    extraAttributes: ['languages', 'integrations'],
    subcategories: [
      {
        slug: 'ci-cd',
        name: 'CI/CD',
        description: 'Continuous integration and delivery services that build, test and deploy every change.',
        job: 'run builds, tests and deploys on every push',
        thing: 'CI/CD platform',
        features: [
          'Parallel test runs',
          'Preview environments for every pull request',
          'Build caching',
          'One-click rollbacks',
          'YAML or visual pipeline editor',
          'Self-hosted runners',
          'Deploy approvals',
        ],
        keywords: ['continuous integration', 'continuous delivery', 'pipelines', 'deployments', 'build automation'],
        synonyms: ['ci pipeline', 'build pipeline', 'continuous deployment', 'test automation', 'github actions alternative'],
        nameWords: ['CI', 'Deploy', 'Pipelines'],
      },
      {
        slug: 'api-tools',
        name: 'API Tools',
        description: 'Design, mock, test and document HTTP and GraphQL APIs.',
        job: 'design, mock and test APIs before writing a line of backend code',
        thing: 'API toolkit',
        features: [
          'OpenAPI editor with live preview',
          'Mock servers',
          'Contract testing',
          'Auto-generated SDKs',
          'Request history and collections',
          'GraphQL support',
        ],
        keywords: ['api design', 'openapi', 'api testing', 'mock server', 'api documentation'],
        synonyms: ['api client', 'api mocking', 'rest api', 'graphql', 'postman alternative'],
        nameWords: ['API', 'Mock', 'Docs'],
      },
      {
        slug: 'monitoring',
        name: 'Monitoring & Logging',
        description: 'Error tracking, uptime checks, logs and traces for production systems.',
        job: 'catch errors and slow endpoints before your users notice',
        thing: 'monitoring service',
        features: [
          'Uptime checks from 20 regions',
          'Error grouping with stack traces',
          'Log search',
          'Distributed tracing',
          'On-call alerts by SMS and Slack',
          'Public status pages',
        ],
        keywords: ['uptime monitoring', 'error tracking', 'logging', 'observability', 'status page'],
        synonyms: ['uptime', 'error monitoring', 'log management', 'alerting', 'website monitoring', 'apm'],
        nameWords: ['Monitor', 'Logs', 'Status'],
      },
      {
        slug: 'databases',
        name: 'Databases',
        description: 'Hosted databases, database clients and tools for schema changes and backups.',
        job: 'run and scale Postgres without hiring a DBA',
        thing: 'managed database',
        features: [
          'Point-in-time recovery',
          'Database branching',
          'Connection pooling',
          'Read replicas',
          'Schema migration previews',
          'Query insights',
        ],
        keywords: ['postgres', 'database hosting', 'sql', 'backups', 'schema migrations'],
        synonyms: ['database', 'hosted postgres', 'serverless database', 'mysql', 'data storage'],
        nameWords: ['DB', 'SQL', 'Data'],
      },
      {
        slug: 'code-review',
        name: 'Code Review',
        description: 'Tools that make pull requests smaller, faster to review and safer to merge.',
        job: 'review pull requests faster and merge with confidence',
        thing: 'code review assistant',
        features: [
          'Stacked pull requests',
          'Automatic reviewer assignment',
          'Inline static analysis',
          'Review reminders',
          'Merge queue',
          'Diff summaries',
        ],
        keywords: ['code review', 'pull requests', 'static analysis', 'merge queue', 'git'],
        synonyms: ['pull request review', 'pr review', 'code quality', 'linting'],
        nameWords: ['Review', 'Diff', 'Merge'],
      },
    ],
  },
  {
    slug: 'ai',
    name: 'AI',
    description: 'Products built on machine learning and large language models, from writing assistants to autonomous agents.',
    audiences: ['content teams', 'product teams', 'solo founders', 'agencies', 'support teams'],
    pain: 'repetitive writing and copy-paste work',
    gain: 'the work that needs a human',
    roots: ['Neuro', 'Synth', 'Cortex', 'Mind', 'Sage', 'Echo', 'Vector', 'Muse', 'Oracle', 'Spark', 'Tensor', 'Lumen'],
    extraAttributes: ['models', 'data_retention'],
    subcategories: [
      {
        slug: 'ai-writing',
        name: 'AI Writing',
        description: 'Assistants that draft, rewrite and polish text in your own voice.',
        job: 'draft blog posts, emails and product copy in your brand voice',
        thing: 'AI writing assistant',
        features: ['Brand voice profiles', 'Long-form editor', 'Plagiarism check', 'SEO briefs', 'Team style guides', 'Browser extension'],
        keywords: ['ai writing', 'copywriting', 'content generation', 'brand voice', 'rewriting'],
        synonyms: ['ai writer', 'blog writing', 'write blog posts', 'ai copywriter', 'content writing', 'product descriptions'],
        nameWords: ['AI', 'Write', 'Copy'],
      },
      {
        slug: 'ai-agents',
        name: 'AI Agents',
        description: 'Agents that plan and carry out multi-step tasks across your tools.',
        job: 'hand off multi-step busywork to agents that use your tools',
        thing: 'AI agent platform',
        features: [
          'No-code agent builder',
          'Human approval steps',
          'Tool and API connectors',
          'Run history with full traces',
          'Scheduled agents',
          'Shared team memory',
        ],
        keywords: ['ai agents', 'automation', 'llm', 'workflows', 'assistants'],
        synonyms: ['autonomous agents', 'ai assistant', 'agent builder', 'ai automation'],
        nameWords: ['Agents', 'AI', 'Pilot'],
      },
      {
        slug: 'ai-image-video',
        name: 'AI Image & Video',
        description: 'Generate and edit images, product shots and short videos with AI.',
        job: 'create product photos and short videos from a single prompt',
        thing: 'AI image and video studio',
        features: ['Background removal', 'Product photo scenes', 'Text-to-video clips', 'Brand kits', 'Upscaling to 4K', 'Batch editing'],
        keywords: ['ai images', 'image generation', 'video generation', 'product photos', 'upscaling'],
        synonyms: ['ai image generator', 'image generator', 'ai video generator', 'text to image', 'ai photos', 'ai art'],
        nameWords: ['Studio', 'AI', 'Frames'],
      },
      {
        slug: 'chatbots',
        name: 'Chatbots',
        description: 'Chatbots trained on your own documents and help center.',
        job: 'answer customer questions with a chatbot trained on your docs',
        thing: 'AI chatbot builder',
        features: [
          'Train on URLs, PDFs and help centers',
          'Hand-off to a human agent',
          'Answer citations',
          'Multilingual replies',
          'Website widget',
          'Conversation analytics',
        ],
        keywords: ['chatbot', 'customer support ai', 'knowledge base', 'gpt chatbot', 'website chat'],
        synonyms: ['ai chatbot', 'support bot', 'chatbot builder', 'chat with your docs', 'ai customer service'],
        nameWords: ['Chat', 'Bot', 'Answers'],
      },
      {
        slug: 'llm-ops',
        name: 'LLM Ops',
        description: 'Evaluation, prompt management and observability for LLM applications.',
        job: 'test, trace and improve the prompts behind your LLM features',
        thing: 'LLM operations platform',
        features: [
          'Prompt versioning',
          'Evaluation datasets',
          'Cost and latency tracking',
          'Trace viewer',
          'A/B tests for prompts',
          'Guardrails',
        ],
        keywords: ['llm observability', 'prompt management', 'evals', 'tracing', 'ai engineering'],
        synonyms: ['prompt testing', 'prompt engineering', 'llm evaluation', 'llm monitoring', 'ai observability'],
        nameWords: ['Evals', 'Trace', 'Prompt'],
      },
    ],
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description: 'Tools to reach, grow and keep an audience: email, SEO, social and landing pages.',
    audiences: ['marketers', 'creators', 'e-commerce brands', 'small businesses', 'agencies'],
    pain: 'juggling campaigns across spreadsheets',
    gain: 'growing your audience',
    roots: ['Buzz', 'Reach', 'Spark', 'Bloom', 'Amp', 'Signal', 'Rally', 'Herald', 'Magnet', 'Crest', 'Lift', 'Beacon'],
    extraAttributes: ['channels', 'integrations'],
    subcategories: [
      {
        slug: 'email-marketing',
        name: 'Email Marketing',
        description: 'Newsletters, automations and transactional email for growing lists.',
        job: 'send newsletters and automated email sequences that people open',
        thing: 'email marketing platform',
        features: [
          'Drag-and-drop editor',
          'Automated sequences',
          'Audience segments',
          'A/B subject lines',
          'Deliverability monitoring',
          'Paid newsletter subscriptions',
        ],
        keywords: ['email marketing', 'newsletter', 'email automation', 'drip campaigns', 'deliverability'],
        synonyms: ['newsletter tool', 'email newsletters', 'mailing list', 'email campaigns', 'mailchimp alternative'],
        nameWords: ['Mail', 'Letters', 'Inbox'],
      },
      {
        slug: 'seo',
        name: 'SEO',
        description: 'Keyword research, rank tracking and site audits for organic growth.',
        job: 'find the keywords you can win and track your rankings',
        thing: 'SEO toolkit',
        features: [
          'Keyword difficulty scores',
          'Daily rank tracking',
          'Site audits',
          'Backlink monitoring',
          'Content briefs',
          'Competitor gap analysis',
        ],
        keywords: ['seo', 'keyword research', 'rank tracking', 'backlinks', 'site audit'],
        synonyms: ['search engine optimization', 'rank tracker', 'seo audit', 'google ranking'],
        nameWords: ['SEO', 'Rank', 'Search'],
      },
      {
        slug: 'social-media',
        name: 'Social Media',
        description: 'Plan, schedule and measure posts across social networks.',
        job: 'plan and schedule a month of social posts in one sitting',
        thing: 'social media scheduler',
        features: [
          'Visual content calendar',
          'Best-time-to-post suggestions',
          'Unified inbox',
          'Link-in-bio pages',
          'Approval workflows',
          'Post analytics',
        ],
        keywords: ['social media scheduling', 'content calendar', 'social analytics', 'instagram', 'linkedin'],
        synonyms: ['schedule posts', 'social media management', 'post scheduler', 'buffer alternative'],
        nameWords: ['Social', 'Posts', 'Queue'],
      },
      {
        slug: 'landing-pages',
        name: 'Landing Pages',
        description: 'Builders for fast, conversion-focused landing pages and waitlists.',
        job: 'launch a landing page or waitlist in an afternoon',
        thing: 'landing page builder',
        features: [
          'Conversion-tested templates',
          'Waitlists with referral rewards',
          'Custom domains',
          'Built-in A/B testing',
          'Form and payment blocks',
          'Page speed scores',
        ],
        keywords: ['landing page', 'waitlist', 'page builder', 'conversion', 'no-code website'],
        synonyms: ['website builder', 'launch page', 'coming soon page', 'lead capture page'],
        nameWords: ['Pages', 'Launch', 'Site'],
      },
    ],
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Notes, tasks, calendars and automations for people and teams who want to get more done.',
    audiences: ['remote teams', 'freelancers', 'students', 'busy founders', 'knowledge workers'],
    pain: 'context switching',
    gain: 'deep work',
    roots: ['Note', 'Focus', 'Task', 'Tempo', 'Daily', 'Clear', 'Zen', 'Nimbus', 'Orbit', 'Tandem', 'Quill', 'Cadence'],
    extraAttributes: ['offline_mode', 'integrations'],
    subcategories: [
      {
        slug: 'note-taking',
        name: 'Note Taking',
        description: 'Apps for capturing notes, linking ideas and building a second brain.',
        job: 'capture notes and link ideas into a searchable knowledge base',
        thing: 'note-taking app',
        features: [
          'Backlinks and graph view',
          'Markdown with live preview',
          'End-to-end encryption',
          'Web clipper',
          'Daily notes',
          'Full-text search across attachments',
        ],
        keywords: ['notes', 'second brain', 'markdown', 'knowledge management', 'journaling'],
        synonyms: ['notes app', 'note app', 'personal wiki', 'notion alternative', 'pkm'],
        nameWords: ['Notes', 'Pad', 'Journal'],
      },
      {
        slug: 'task-management',
        name: 'Task Management',
        description: 'To-do lists, boards and project trackers for individuals and small teams.',
        job: 'plan projects and keep every task moving without status meetings',
        thing: 'task manager',
        features: [
          'Kanban and list views',
          'Recurring tasks',
          'Keyboard shortcuts for everything',
          'Time blocking',
          'Project templates',
          'Workload view',
        ],
        keywords: ['to-do list', 'task management', 'project management', 'kanban', 'gtd'],
        synonyms: ['todo app', 'kanban board', 'project tracker', 'task tracker', 'trello alternative'],
        nameWords: ['Tasks', 'Boards', 'Plan'],
      },
      {
        slug: 'calendar-scheduling',
        name: 'Calendar & Scheduling',
        description: 'Booking links, shared calendars and meeting schedulers.',
        job: 'book meetings without the back-and-forth emails',
        thing: 'scheduling tool',
        features: [
          'Booking pages',
          'Round-robin scheduling',
          'Buffer times and limits',
          'Time zone detection',
          'Calendar sync with Google and Outlook',
          'Paid bookings',
        ],
        keywords: ['scheduling', 'booking link', 'calendar', 'meetings', 'appointments'],
        synonyms: ['book meetings', 'meeting scheduler', 'appointment booking', 'scheduling links', 'calendly alternative'],
        nameWords: ['Cal', 'Book', 'Meet'],
      },
      {
        slug: 'automation',
        name: 'Automation',
        description: 'Connect apps and automate repetitive workflows without code.',
        job: 'connect your apps and automate repetitive workflows without code',
        thing: 'workflow automation tool',
        features: [
          'Visual workflow builder',
          '500+ app connectors',
          'Webhooks and HTTP steps',
          'Branching and loops',
          'Error replay',
          'Team workspaces',
        ],
        keywords: ['workflow automation', 'no-code', 'integrations', 'zapier alternative', 'webhooks'],
        synonyms: ['automate workflows', 'workflow builder', 'no-code automation', 'integration platform', 'repetitive tasks'],
        nameWords: ['Flow', 'Automate', 'Hooks'],
      },
    ],
  },
  {
    slug: 'design',
    name: 'Design',
    description: 'Interface design, prototyping and visual assets for product teams and creators.',
    audiences: ['product designers', 'design teams', 'front-end developers', 'creators', 'agencies'],
    pain: 'hunting for assets and redrawing the same screens',
    gain: 'the craft of design',
    roots: ['Pixel', 'Canvas', 'Hue', 'Palette', 'Sketch', 'Prism', 'Mosaic', 'Figment', 'Glyph', 'Aura', 'Chroma', 'Vellum'],
    extraAttributes: ['file_formats', 'figma_plugin'],
    subcategories: [
      {
        slug: 'ui-design',
        name: 'UI Design',
        description: 'Interface design tools, UI kits and design systems.',
        job: 'design polished interfaces from a shared design system',
        thing: 'UI design tool',
        features: [
          'Auto-layout components',
          'Design tokens',
          'Real-time collaboration',
          'Developer handoff with CSS',
          'Version history',
          'Accessibility checks',
        ],
        keywords: ['ui design', 'design system', 'ui kit', 'components', 'handoff'],
        synonyms: ['interface design', 'ux design', 'design tool', 'app design', 'figma alternative'],
        nameWords: ['UI', 'Kit', 'Design'],
      },
      {
        slug: 'icons-illustrations',
        name: 'Icons & Illustrations',
        description: 'Icon sets, illustration libraries and asset generators.',
        job: 'find on-brand icons and illustrations in seconds',
        thing: 'icon and illustration library',
        features: [
          'Thousands of consistent icons',
          'Recolor to brand palette',
          'SVG and PNG export',
          'Figma plugin',
          'Commercial licence',
          'Illustration builder',
        ],
        keywords: ['icons', 'illustrations', 'svg', 'design assets', 'graphics'],
        synonyms: ['icon library', 'icon set', 'svg icons', 'illustration library', 'vector graphics'],
        nameWords: ['Icons', 'Shapes', 'Art'],
      },
      {
        slug: 'prototyping',
        name: 'Prototyping',
        description: 'Interactive prototypes and user testing before anything is built.',
        job: 'turn mockups into clickable prototypes and test them with real users',
        thing: 'prototyping tool',
        features: [
          'Interactive transitions',
          'Unmoderated user tests',
          'Heatmaps on prototypes',
          'Shareable preview links',
          'Comments on screens',
          'Mobile device preview',
        ],
        keywords: ['prototyping', 'user testing', 'wireframes', 'ux research', 'mockups'],
        synonyms: ['prototype', 'usability testing', 'clickable prototypes', 'wireframing', 'user research'],
        nameWords: ['Proto', 'Frames', 'Mock'],
      },
    ],
  },
  {
    slug: 'finance',
    name: 'Finance',
    description: 'Invoicing, bookkeeping, payments and spend management for small businesses and freelancers.',
    audiences: ['freelancers', 'small businesses', 'finance teams', 'agencies', 'founders'],
    pain: 'chasing invoices and reconciling receipts',
    gain: 'running the business',
    roots: ['Ledger', 'Coin', 'Tally', 'Penny', 'Vault', 'Mint', 'Fiscal', 'Abacus', 'Sterling', 'Bullion', 'Equity', 'Till'],
    extraAttributes: ['currencies', 'integrations'],
    subcategories: [
      {
        slug: 'invoicing',
        name: 'Invoicing',
        description: 'Create, send and get paid for invoices and quotes.',
        job: 'send invoices that get paid on time',
        thing: 'invoicing tool',
        features: [
          'Branded invoice templates',
          'Automatic payment reminders',
          'Recurring invoices',
          'Online card and bank payments',
          'Quotes that convert to invoices',
          'Multi-currency',
        ],
        keywords: ['invoicing', 'invoice generator', 'billing', 'quotes', 'get paid'],
        synonyms: ['send invoices', 'invoice clients', 'billing clients', 'freelancer invoicing', 'payment reminders'],
        nameWords: ['Invoice', 'Bill', 'Pay'],
      },
      {
        slug: 'bookkeeping',
        name: 'Bookkeeping',
        description: 'Accounting and bookkeeping software with bank feeds and tax reports.',
        job: 'keep your books tidy and tax-ready all year',
        thing: 'bookkeeping app',
        features: [
          'Bank feeds',
          'Receipt capture',
          'Automatic categorisation',
          'VAT and sales tax reports',
          'Accountant access',
          'Profit and loss dashboards',
        ],
        keywords: ['bookkeeping', 'accounting', 'taxes', 'bank reconciliation', 'receipts'],
        synonyms: ['accounting software', 'tax preparation', 'freelancer accounting', 'ledger', 'quickbooks alternative'],
        nameWords: ['Books', 'Ledger', 'Tax'],
      },
      {
        slug: 'payments',
        name: 'Payments',
        description: 'Checkout, subscriptions and payment infrastructure for online businesses.',
        job: 'accept payments and run subscriptions worldwide',
        thing: 'payments platform',
        features: [
          'Hosted checkout',
          'Subscription billing',
          'Merchant of record with tax handling',
          'Dunning and failed-payment recovery',
          'Payouts in 30 currencies',
          'Fraud screening',
        ],
        keywords: ['payments', 'checkout', 'subscriptions', 'merchant of record', 'billing'],
        synonyms: ['accept payments', 'online payments', 'payment processing', 'recurring billing', 'payment gateway'],
        nameWords: ['Pay', 'Checkout', 'Billing'],
      },
      {
        slug: 'expense-management',
        name: 'Expense Management',
        description: 'Company cards, expense reports and spend controls.',
        job: 'control team spending without expense-report pain',
        thing: 'spend management tool',
        features: [
          'Virtual and physical cards',
          'Receipt matching',
          'Spend limits per team',
          'Approval flows',
          'Accounting sync',
          'Per diem and mileage',
        ],
        keywords: ['expense management', 'corporate cards', 'spend management', 'receipts', 'expense reports'],
        synonyms: ['expense tracking', 'expense tracker', 'receipt scanning', 'reimbursements', 'business expenses'],
        nameWords: ['Spend', 'Expenses', 'Cards'],
      },
    ],
  },
  {
    slug: 'analytics',
    name: 'Analytics',
    description: 'Web, product and business analytics that turn data into decisions.',
    audiences: ['product managers', 'growth teams', 'founders', 'data analysts', 'marketers'],
    pain: 'guessing what works',
    gain: 'decisions backed by data',
    roots: ['Metric', 'Insight', 'Chart', 'Lens', 'Scope', 'Trend', 'Gauge', 'Sonar', 'Radar', 'Compass', 'Cohort', 'Pulse'],
    extraAttributes: ['cookie_free', 'gdpr_compliant'],
    subcategories: [
      {
        slug: 'web-analytics',
        name: 'Web Analytics',
        description: 'Privacy-friendly traffic analytics for websites and blogs.',
        job: 'see where your visitors come from without cookie banners',
        thing: 'web analytics tool',
        features: [
          'Cookie-free tracking',
          'Real-time dashboard',
          'Goal and funnel tracking',
          'UTM campaign reports',
          'Public dashboards',
          'Lightweight script under 2 KB',
        ],
        keywords: ['web analytics', 'privacy analytics', 'google analytics alternative', 'traffic', 'gdpr'],
        synonyms: ['website analytics', 'website visitors', 'visitor tracking', 'site traffic', 'pageviews', 'cookieless analytics'],
        nameWords: ['Analytics', 'Stats', 'Traffic'],
      },
      {
        slug: 'product-analytics',
        name: 'Product Analytics',
        description: 'Event analytics, funnels and retention for software products.',
        job: 'understand which features keep users coming back',
        thing: 'product analytics platform',
        features: [
          'Funnels and retention charts',
          'Session replay',
          'Feature flags',
          'Autocapture of events',
          'User paths',
          'Warehouse sync',
        ],
        keywords: ['product analytics', 'retention', 'funnels', 'session replay', 'events'],
        synonyms: ['user analytics', 'feature usage', 'cohorts', 'user behavior', 'churn'],
        nameWords: ['Events', 'Insights', 'Funnel'],
      },
      {
        slug: 'dashboards-bi',
        name: 'Dashboards & BI',
        description: 'Dashboards and business intelligence on top of your databases and spreadsheets.',
        job: 'build live dashboards from your database in minutes',
        thing: 'BI and dashboard tool',
        features: [
          'SQL and no-code query builders',
          'Scheduled reports by email',
          'Embedded dashboards',
          'Spreadsheet and database connectors',
          'Row-level permissions',
          'Alerts on metrics',
        ],
        keywords: ['business intelligence', 'dashboards', 'reporting', 'sql', 'kpi'],
        synonyms: ['data visualization', 'charts', 'bi tool', 'metrics dashboard', 'database reporting'],
        nameWords: ['Dash', 'Reports', 'BI'],
      },
    ],
  },
  {
    slug: 'sales',
    name: 'Sales',
    description: 'CRMs, prospecting and outreach tools for founders and sales teams.',
    audiences: ['sales teams', 'founders doing sales', 'agencies', 'B2B startups', 'account executives'],
    pain: 'updating the CRM by hand',
    gain: 'closing deals',
    roots: ['Deal', 'Pipe', 'Lead', 'Closer', 'Quota', 'Prospect', 'Hunter', 'Pitch', 'Anchor', 'Harbor', 'Summit', 'Relay'],
    extraAttributes: ['crm_integrations', 'integrations'],
    subcategories: [
      {
        slug: 'crm',
        name: 'CRM',
        description: 'Customer relationship management for small and growing teams.',
        job: 'keep every deal and conversation in one simple pipeline',
        thing: 'CRM',
        features: [
          'Visual deal pipeline',
          'Email and calendar sync',
          'Automatic contact enrichment',
          'Sales forecasting',
          'Custom fields and views',
          'Mobile app',
        ],
        keywords: ['crm', 'sales pipeline', 'contact management', 'deals', 'small business crm'],
        synonyms: ['customer relationship management', 'sales crm', 'contacts', 'pipeline management', 'hubspot alternative'],
        nameWords: ['CRM', 'Deals', 'Contacts'],
      },
      {
        slug: 'lead-generation',
        name: 'Lead Generation',
        description: 'Find prospects, verify emails and build targeted lead lists.',
        job: 'build targeted lead lists with verified contact details',
        thing: 'lead generation tool',
        features: [
          'B2B contact database',
          'Email verification',
          'Intent signals',
          'Chrome extension for LinkedIn',
          'CSV and CRM export',
          'Lookalike companies',
        ],
        keywords: ['lead generation', 'prospecting', 'b2b data', 'email finder', 'sales leads'],
        synonyms: ['find leads', 'find email addresses', 'prospect lists', 'contact data', 'b2b leads'],
        nameWords: ['Leads', 'Prospect', 'Finder'],
      },
      {
        slug: 'sales-engagement',
        name: 'Sales Engagement',
        description: 'Cold email, sequences and follow-ups that reach the inbox.',
        job: 'run personalised outreach sequences that land in the inbox',
        thing: 'sales engagement platform',
        features: [
          'Multi-step sequences',
          'Inbox warm-up',
          'Personalisation variables',
          'Reply detection',
          'LinkedIn tasks',
          'Meeting booking links',
        ],
        keywords: ['cold email', 'outreach', 'sales sequences', 'follow-ups', 'email warmup'],
        synonyms: ['email outreach', 'cold outreach', 'sales automation', 'outbound sales', 'email sequences'],
        nameWords: ['Outreach', 'Reply', 'Sequence'],
      },
    ],
  },
  {
    slug: 'customer-support',
    name: 'Customer Support',
    description: 'Help desks, live chat and knowledge bases for teams that care about customers.',
    audiences: ['support teams', 'SaaS companies', 'e-commerce shops', 'customer success teams', 'small businesses'],
    pain: 'messy shared inboxes',
    gain: 'happy customers',
    roots: ['Help', 'Care', 'Reply', 'Assist', 'Ticket', 'Kindly', 'Haven', 'Answer', 'Support', 'Harmony', 'Welcome', 'Trust'],
    extraAttributes: ['channels', 'sla'],
    subcategories: [
      {
        slug: 'help-desk',
        name: 'Help Desk',
        description: 'Shared inboxes and ticketing systems for support teams.',
        job: 'answer every support request from one shared inbox',
        thing: 'help desk',
        features: [
          'Shared inbox for email and chat',
          'Canned replies',
          'SLA timers',
          'Collision detection',
          'Customer satisfaction surveys',
          'Ticket routing rules',
        ],
        keywords: ['help desk', 'ticketing', 'shared inbox', 'customer service', 'zendesk alternative'],
        synonyms: ['helpdesk', 'support tickets', 'customer support software', 'ticketing system', 'support inbox'],
        nameWords: ['Desk', 'Tickets', 'Inbox'],
      },
      {
        slug: 'live-chat',
        name: 'Live Chat',
        description: 'Website chat widgets and messaging for sales and support.',
        job: 'talk to website visitors in real time',
        thing: 'live chat widget',
        features: [
          'Customisable chat widget',
          'Mobile apps for agents',
          'Proactive messages',
          'Visitor information sidebar',
          'Chat transcripts by email',
          'WhatsApp and Messenger channels',
        ],
        keywords: ['live chat', 'chat widget', 'website chat', 'messaging', 'customer messaging'],
        synonyms: ['chat with visitors', 'website live chat', 'real-time chat', 'chat support', 'intercom alternative'],
        nameWords: ['Chat', 'Talk', 'Messenger'],
      },
      {
        slug: 'knowledge-base',
        name: 'Knowledge Base',
        description: 'Help centers and documentation that answer questions before they become tickets.',
        job: 'publish a help center that answers questions before they become tickets',
        thing: 'knowledge base software',
        features: [
          'Beautiful help center themes',
          'Search analytics',
          'Article feedback',
          'Multilingual articles',
          'Internal and public docs',
          'In-app help widget',
        ],
        keywords: ['knowledge base', 'help center', 'documentation', 'faq', 'self-service'],
        synonyms: ['help center', 'help docs', 'faq page', 'customer documentation', 'support articles'],
        nameWords: ['Docs', 'Help', 'Wiki'],
      },
    ],
  },
  {
    slug: 'education',
    name: 'Education',
    description: 'Online courses, language learning and coding education for learners and teachers.',
    audiences: ['learners', 'teachers', 'course creators', 'students', 'bootcamps'],
    pain: 'scattered materials and lost motivation',
    gain: 'actually learning',
    roots: ['Learn', 'Quiz', 'Tutor', 'Scholar', 'Mentor', 'Study', 'Lesson', 'Campus', 'Fluent', 'Chalk', 'Atlas', 'Owl'],
    extraAttributes: ['certificates', 'course_languages'],
    subcategories: [
      {
        slug: 'online-courses',
        name: 'Online Courses',
        description: 'Platforms to build, sell and take online courses and cohorts.',
        job: 'build and sell online courses and cohorts',
        thing: 'course platform',
        features: [
          'Drag-and-drop course builder',
          'Cohorts and drip content',
          'Quizzes and certificates',
          'Community spaces',
          'Checkout with coupons',
          'Progress tracking',
        ],
        keywords: ['online courses', 'course platform', 'e-learning', 'cohort-based courses', 'lms'],
        synonyms: ['sell courses', 'course creator', 'teach online', 'online school'],
        nameWords: ['Academy', 'Courses', 'Class'],
      },
      {
        slug: 'language-learning',
        name: 'Language Learning',
        description: 'Apps and tutors for learning a new language.',
        job: 'learn a language with short daily lessons and real conversations',
        thing: 'language learning app',
        features: [
          'Spaced repetition',
          'Speaking practice with AI feedback',
          'Native-speaker audio',
          'Daily streaks',
          'Offline lessons',
          'Grammar explanations',
        ],
        keywords: ['language learning', 'spaced repetition', 'vocabulary', 'speaking practice', 'flashcards'],
        synonyms: ['learn languages', 'learn spanish', 'learn french', 'learn german', 'language tutor'],
        nameWords: ['Lingo', 'Speak', 'Words'],
      },
      {
        slug: 'coding-education',
        name: 'Coding Education',
        description: 'Interactive lessons and projects for learning to code.',
        job: 'learn to code with interactive lessons and real projects',
        thing: 'coding school',
        features: [
          'In-browser code editor',
          'Project-based curriculum',
          'Automated code feedback',
          'Mentor reviews',
          'Career tracks',
          'Certificates',
        ],
        keywords: ['learn to code', 'programming courses', 'coding bootcamp', 'javascript', 'python'],
        synonyms: ['coding courses', 'learn programming', 'coding tutorials', 'web development course'],
        nameWords: ['Code', 'Dev', 'School'],
      },
    ],
  },
];

export interface CategoryRecord {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  top: CategorySeed;
  sub?: SubcategorySeed;
  attributes: string[];
}

/** Every category with the id it is inserted under (top-level first, then subcategories in tree order). */
export function categoryRecords(): CategoryRecord[] {
  const records: CategoryRecord[] = [];
  let id = 0;
  const topIds = new Map<string, number>();
  for (const top of CATEGORY_TREE) {
    id += 1;
    topIds.set(top.slug, id);
    records.push({ id, slug: top.slug, name: top.name, parentId: null, top, attributes: [...COMMON_ATTRIBUTES, ...top.extraAttributes] });
  }
  for (const top of CATEGORY_TREE) {
    for (const sub of top.subcategories) {
      id += 1;
      records.push({
        id,
        slug: sub.slug,
        name: sub.name,
        parentId: topIds.get(top.slug)!,
        top,
        sub,
        attributes: [...COMMON_ATTRIBUTES, ...top.extraAttributes],
      });
    }
  }
  return records;
}

function categoryFaqs(record: CategoryRecord): { question: string; answer: string }[] {
  const lower = record.name.toLowerCase();
  const top = record.top;
  if (!record.sub) {
    return [
      {
        question: `What kinds of products are in ${record.name}?`,
        answer: `${top.description} Browse its subcategories: ${top.subcategories.map((s) => s.name).join(', ')}.`,
      },
      {
        question: `How do I compare ${lower} products?`,
        answer: `Open any two listings in compare view. They are compared on ${record.attributes.map((a) => a.replace(/_/g, ' ')).join(', ')}; an empty cell means neither website states that fact.`,
      },
      {
        question: `How are ${lower} products ranked here?`,
        answer: 'Listings are ordered by community votes from people on the site. Paid placements never change the vote ranking.',
      },
    ];
  }
  const sub = record.sub;
  const faqs = [
    {
      question: `What does ${sub.thing.replace(/^(a|an) /, '')} software do?`,
      answer: `${sub.description} A good one lets you ${sub.job}.`,
    },
    {
      question: `Which features matter most in ${lower} tools?`,
      answer: `Look for ${sub.features
        .slice(0, 3)
        .map((f) => (/^[A-Z][A-Za-z]*[A-Z]/.test(f) ? f : f.charAt(0).toLowerCase() + f.slice(1)))
        .join(', ')}, and check whether the product offers an API and a free trial.`,
    },
  ];
  if (sub.slug.length % 2 === 0) {
    faqs.push({
      question: `Are there free or open-source ${lower} tools?`,
      answer: `Yes. Filter this category by pricing model "free" or "open-source" to see them; several also offer a self-hosted edition.`,
    });
  }
  return faqs;
}

/** Inserts the demo category tree with fixed ids (1..n) and moves the id sequence past them. */
export async function insertCategories(db: Statements): Promise<CategoryRecord[]> {
  const records = categoryRecords();
  const positions = new Map<number | null, number>();
  const rows = records.map((r) => {
    const position = positions.get(r.parentId) ?? 0;
    positions.set(r.parentId, position + 1);
    return {
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.sub ? r.sub.description : r.top.description,
      keywords: r.sub ? [...r.sub.keywords, r.sub.thing, ...r.sub.synonyms] : [],
      parent_id: r.parentId,
      position,
      faqs: categoryFaqs(r),
      attributes: r.attributes,
    };
  });
  await db.query(
    `INSERT INTO categories (id, slug, name, description, keywords, parent_id, position, faqs, attributes)
     SELECT id, slug, name, description, ARRAY(SELECT jsonb_array_elements_text(keywords)), parent_id, position, faqs, attributes
     FROM jsonb_to_recordset($1::jsonb)
       AS x(id int, slug text, name text, description text, keywords jsonb, parent_id int, position int, faqs jsonb, attributes jsonb)
     ORDER BY id`,
    [JSON.stringify(rows)],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('categories', 'id'), (SELECT max(id) FROM categories))`);
  return records;
}
