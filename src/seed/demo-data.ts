/**
 * Builds the demo directory in memory: plain rows for every table, derived only from a seeded
 * generator and `now`, so the same `now` always gives the same data.
 */
import { categoryRecords, type CategoryRecord } from './categories.js';
import {
  ADJECTIVES,
  BLOG_POSTS,
  EU_USP,
  FIRST_NAMES,
  FOUNDER_BACKGROUNDS,
  FOUNDER_INTERESTS,
  GENERAL_ROOTS,
  INTERVIEW_QUESTIONS,
  LAST_NAMES,
  LOCATIONS,
  MILESTONE_TEMPLATES,
  NAME_SUFFIXES,
  OPEN_SOURCE_USP,
  PRODUCTS,
  QUALIFIERS,
  REVIEW_BODIES,
  SITE_SETTINGS,
  SPAM_REVIEW_BODIES,
  UPDATE_TEMPLATES,
  USPS,
  VAT_RATES,
  BILLBOARD_MINIMUM_CENTS,
} from './content.js';
import { DAY_MS, addDays, between, isoDate, isoTime, maxDate, minDate, mondayOf, startOfDay } from './dates.js';
import { Random } from './random.js';
import { slugify } from '../text/slugify.js';
import type { BlogPostStatus, ListingPlan, ListingStatus, MediaKind } from '../db/entities/index.js';

const DEMO_SEED = 20_260_101;

/** Number of past launch weeks (the current one included) that have live launches. */
const DEMO_WEEKS = 40;
const DEMO_VOTES_TARGET = 15_000;
const VOTER_POOL = 9_000;

type Status = ListingStatus;
type Faq = { question: string; answer: string };

interface ListingRow {
  id: number;
  slug: string;
  name: string;
  url: string;
  domain: string;
  tagline: string;
  short_description: string;
  description: string;
  logo_url: string | null;
  stage: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  contact_email: string | null;
  demo_video_url: string | null;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  headline: string | null;
  summary: string | null;
  seo_title: string | null;
  seo_description: string | null;
  socials: Record<string, string>;
  attributes: Record<string, unknown>;
  not_found_on_website: string[];
  status: Status;
  plan: ListingPlan;
  launch_week: string | null;
  launched_at: string | null;
  unlocked_sections: string[];
  primary_category_id: number;
  created_at: string;
  updated_at: string;
}

export interface DemoData {
  categories: CategoryRecord[];
  listings: ListingRow[];
  listingCategories: { listing_id: number; category_id: number; is_primary: boolean }[];
  founders: {
    id: number;
    slug: string;
    name: string;
    title: string | null;
    bio: string;
    country: string | null;
    avatar_url: string | null;
    socials: Record<string, string>;
    created_at: string;
  }[];
  listingFounders: { listing_id: number; founder_id: number; role: string; position: number }[];
  listingFaqs: { listing_id: number; question: string; answer: string; position: number }[];
  listingUpdates: { listing_id: number; title: string; body: string; published_at: string }[];
  milestones: { listing_id: number; date: string; title: string; description: string | null; url: string | null; created_at: string }[];
  stories: Record<string, unknown>[];
  listingMedia: { listing_id: number; kind: MediaKind; url: string; caption: string | null; position: number }[];
  alternatives: { listing_id: number; alternative_id: number; approved: boolean }[];
  votes: { listing_id: number; voter_key: string; created_at: string }[];
  listingViews: { listing_id: number; day: string; views: number }[];
  follows: { listing_id: number; follower_email: string; created_at: string }[];
  reviews: {
    listing_id: number;
    reviewer_key: string;
    reviewer_name: string;
    rating: number;
    body: string;
    genuine: boolean;
    created_at: string;
    /** Spam reviews come hidden by a moderator, so that the genuine rule leaves them out of the rating. */
    hidden_at: string | null;
    hidden_reason: string | null;
  }[];
  domainRatings: { listing_id: number; measured_on: string; rating: number }[];
  verifiedRevenues: { listing_id: number; mrr_cents: number; source: string; verified_at: string }[];
  billboardContributions: { listing_id: number; amount_cents: number; order_number: string; created_at: string }[];
  blogPosts: {
    slug: string;
    title: string;
    excerpt: string;
    body_markdown: string;
    author_name: string;
    tags: string[];
    faqs: Faq[];
    status: BlogPostStatus;
    published_at: string | null;
    updated_at: string;
  }[];
  interviewQuestions: { text: string; hint: string; position: number; active: boolean }[];
  products: {
    id: string;
    name: string;
    description: string;
    price_cents: number;
    needs_listing: boolean;
    active: boolean;
    position: number;
    updated_at: string;
  }[];
  vatRates: { country: string; rate_basis_points: number; eu: boolean }[];
  siteSettings: { key: string; value: unknown }[];
}

/** Working state of one listing while the demo is built. */
interface Draft {
  row: ListingRow;
  category: CategoryRecord;
  launchedAt: Date | null;
  createdAt: Date;
  audience: string;
  eu: boolean;
  founderIds: number[];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const listText = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
/** "connect your apps" -> "connect their apps", for sentences about the audience. */
const theirs = (s: string) => s.replace(/\byour\b/g, 'their');
const PROPER_NOUNS = new Set(['Figma', 'Chrome', 'Google', 'Slack', 'Zapier', 'Outlook']);
/** Lower-cases a feature's first letter for use inside a sentence, keeping acronyms and names (API, SVG, Figma). */
const inSentence = (s: string) => {
  const first = s.split(' ')[0];
  return /^[A-Z][A-Za-z]*[A-Z]/.test(first) || PROPER_NOUNS.has(first) ? s : s.charAt(0).toLowerCase() + s.slice(1);
};
const truncate = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/** A demo reviewer's name, a first name and an initial, fixed by their number (no random draw, so nothing else moves). */
function reviewerName(reviewer: number): string {
  return `${FIRST_NAMES[reviewer % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(reviewer / FIRST_NAMES.length) % LAST_NAMES.length].charAt(0)}.`;
}

function joinName(root: string, suffix: string): string {
  const vowels = 'aeiou';
  if (vowels.includes(root.slice(-1).toLowerCase()) && vowels.includes(suffix[0])) return root.slice(0, -1) + suffix;
  if (root.slice(-1).toLowerCase() === suffix[0]) return root + suffix.slice(1);
  return root + suffix;
}

export function buildDemo(now: Date): DemoData {
  const rng = new Random(DEMO_SEED);
  const today = startOfDay(now);
  const thisMonday = mondayOf(now);
  const categories = categoryRecords();
  const subcategories = categories.filter((c) => c.sub);
  const topWeights = new Map<string, number>([
    ['ai', 16],
    ['developer-tools', 14],
    ['productivity', 12],
    ['marketing', 11],
    ['analytics', 9],
    ['design', 8],
    ['finance', 8],
    ['sales', 8],
    ['customer-support', 7],
    ['education', 7],
  ]);
  const pickCategory = (r: Random): CategoryRecord => {
    const top = r.weighted(categories.filter((c) => !c.sub).map((c) => [c, topWeights.get(c.slug) ?? 5] as const));
    return r.pick(subcategories.filter((s) => s.parentId === top.id));
  };

  // ---- listing slots: which status, week and launch moment each listing gets ----
  type Slot = { status: Status; week: Date | null; launchedAt: Date | null };
  const slots: Slot[] = [];
  const slotRng = rng.fork('slots');
  for (let w = DEMO_WEEKS - 1; w >= 0; w--) {
    const week = addDays(thisMonday, -7 * w);
    const count = w === 0 ? 8 : slotRng.int(5, 10);
    for (let i = 0; i < count; i++) {
      let launchedAt: Date;
      if (w === 0) {
        // the current week: launched between Monday and now, the first few of them today
        const from = i < 3 ? maxDate(week, today) : week;
        launchedAt = between(from, now, slotRng.next());
      } else {
        const day = slotRng.weighted([
          [0, 3],
          [1, 2],
          [2, 1.5],
          [3, 1],
          [4, 1],
          [5, 0.5],
          [6, 0.5],
        ] as const);
        launchedAt = new Date(week.getTime() + day * DAY_MS + slotRng.int(0, 86_399) * 1000);
      }
      const hidden = w >= 3 && w <= 30 && slotRng.chance(0.013);
      slots.push({ status: hidden ? 'hidden' : 'live', week, launchedAt });
    }
  }
  for (let i = 0; i < 15; i++) slots.push({ status: 'scheduled', week: addDays(thisMonday, 7 * (1 + (i % 8))), launchedAt: null });
  for (let i = 0; i < 4; i++) slots.push({ status: 'awaiting_badge', week: addDays(thisMonday, 7 * (6 + (i % 3))), launchedAt: null });
  for (let i = 0; i < 5; i++) slots.push({ status: 'draft', week: null, launchedAt: null });

  // ---- listings ----
  const usedNames = new Set<string>();
  const nameRng = rng.fork('names');
  const makeName = (category: CategoryRecord): string => {
    const sub = category.sub!;
    for (let attempt = 0; ; attempt++) {
      const root = nameRng.chance(0.6) ? nameRng.pick(category.top.roots) : nameRng.pick(GENERAL_ROOTS);
      const pattern = nameRng.weighted([
        ['suffix', 45],
        ['suffix+word', 25],
        ['root+root', 15],
        ['root+word', 15],
      ] as const);
      let name: string;
      if (pattern === 'suffix') name = joinName(root, nameRng.pick(NAME_SUFFIXES));
      else if (pattern === 'suffix+word') name = `${joinName(root, nameRng.pick(NAME_SUFFIXES))} ${nameRng.pick(sub.nameWords)}`;
      else if (pattern === 'root+root') name = root + nameRng.pick(GENERAL_ROOTS).toLowerCase();
      else name = `${root} ${nameRng.pick(sub.nameWords)}`;
      if (attempt > 20) name = `${name} ${attempt}`;
      if (!usedNames.has(name.toLowerCase())) {
        usedNames.add(name.toLowerCase());
        return name;
      }
    }
  };

  const drafts: Draft[] = [];
  const textRng = rng.fork('texts');
  slots.forEach((slot, index) => {
    const id = index + 1;
    const r = textRng;
    const category = pickCategory(r);
    const sub = category.sub!;
    const top = category.top;
    const name = makeName(category);
    const slug = slugify(name);
    const domain = `${slug}.example`;
    const url = `https://${domain}`;
    const handle = slug.replace(/-/g, '') + r.pick(['', '', 'app', 'hq']);
    const paid =
      slot.status === 'scheduled' && slot.week! < addDays(thisMonday, 7 * 6)
        ? true
        : slot.status === 'live' || slot.status === 'hidden' || slot.status === 'scheduled'
          ? r.chance(0.3)
          : false;
    const notFound = r.chance(0.25)
      ? r
          .sample(
            ['pricing', 'founders', 'founded_year', 'location'],
            r.weighted([
              [1, 4],
              [2, 1],
            ] as const),
          )
          .sort()
      : [];
    if (notFound.includes('founders') && r.chance(0.5)) notFound.splice(notFound.indexOf('founders'), 1);
    const pricingModel = notFound.includes('pricing')
      ? null
      : r.weighted([
          ['freemium', 35],
          ['subscription', 25],
          ['paid', 12],
          ['free', 10],
          ['open-source', 15],
        ] as const);
    const price = r.pick([5, 8, 9, 12, 15, 19, 24, 29, 39, 49, 79, 99]);
    const pricingSummary =
      pricingModel === null
        ? null
        : {
            free: 'Free forever, no credit card required',
            freemium: `Free plan; Pro from $${price}/month`,
            subscription: `From $${price}/month, billed monthly or yearly`,
            paid: `One-time licence from $${price * 5}`,
            'open-source': `Free and open source; hosted cloud from $${price}/month`,
          }[pricingModel];
    const location = notFound.includes('location') ? null : r.pick(LOCATIONS);
    const launchYear = (slot.launchedAt ?? now).getUTCFullYear();
    const foundedYear = notFound.includes('founded_year')
      ? null
      : launchYear -
        r.weighted([
          [0, 3],
          [1, 4],
          [2, 3],
          [3, 2],
          [4, 1],
          [6, 1],
        ] as const);
    const stage =
      slot.status === 'draft'
        ? r.pick(['idea', 'mvp'])
        : slot.status === 'live' || slot.status === 'hidden'
          ? r.weighted([
              ['launched', 45],
              ['growth', 20],
              ['beta', 25],
              ['mvp', 10],
            ] as const)
          : r.weighted([
              ['beta', 40],
              ['mvp', 30],
              ['launched', 30],
            ] as const);
    const audience = r.pick(top.audiences);
    const features = r.sample(sub.features, r.int(3, 6));
    const openSource = pricingModel === 'open-source' || r.chance(0.08);
    const eu = location?.[2] ?? false;
    const usps: string[] = r.sample(USPS, r.int(1, 3));
    if (eu && r.chance(0.6)) usps.unshift(EU_USP);
    if (openSource) usps.unshift(OPEN_SOURCE_USP);
    const keywords = r.sample(sub.keywords, r.int(3, 5));
    const tags = [
      sub.slug,
      top.slug,
      ...(openSource ? ['open-source'] : []),
      ...r.sample(['saas', 'b2b', 'bootstrapped', 'indie', 'api-first', 'privacy', 'remote-first'], r.int(0, 2)),
    ];

    const qualifier = r.pick(QUALIFIERS);
    const tagline = truncate(
      r.weighted([
        [cap(sub.job), 2],
        [`${cap(sub.job)} ${qualifier}`, 3],
        [`The ${r.pick(ADJECTIVES)} way to ${sub.job}`, 2],
        [`The ${openSource ? 'open-source ' : ''}${sub.thing} for ${audience}`, 2],
      ] as const),
      200,
    );
    const shortDescription = truncate(
      `${name} helps ${audience} ${theirs(sub.job)}. ${features[0]} and ${inSentence(features[1])} are built in.`,
      300,
    );
    const whereFounded = [foundedYear !== null ? `in ${foundedYear}` : '', location ? `in ${location[1]}` : ''].filter(Boolean).join(' ');
    const paragraphs = [
      `${name} is ${/^[aeiou]/i.test(sub.thing) ? 'an' : 'a'} ${sub.thing} for ${audience}. It lets you ${sub.job} ${qualifier}, so you spend less time on ${top.pain} and more time on ${top.gain}.`,
      `Key features include ${listText(features.map(inSentence))}. ${usps[0]}.`,
      [
        whereFounded
          ? `${name} was started ${whereFounded} by a small team that had felt the problem first-hand.`
          : `${name} is built by a small, independent team that had felt the problem first-hand.`,
        pricingSummary ? `Pricing: ${pricingSummary.charAt(0).toLowerCase()}${pricingSummary.slice(1)}.` : '',
        stage === 'beta' || stage === 'mvp'
          ? `The product is in ${stage === 'mvp' ? 'early access' : 'public beta'} and the team is looking for feedback.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    ];
    if (r.chance(0.5))
      paragraphs.push(
        `${cap(audience)} use ${name} for ${listText(r.sample(sub.keywords, 2))} without switching between tools. ${name} works in the browser${r.chance(0.5) ? ' and has native desktop apps' : ''}.`,
      );

    const platforms = r
      .sample(
        top.slug === 'developer-tools'
          ? ['web', 'cli', 'macos', 'linux', 'windows']
          : ['web', 'macos', 'windows', 'ios', 'android', 'chrome-extension'],
        r.int(1, 4),
      )
      .sort();
    if (!platforms.includes('web') && r.chance(0.7)) platforms.unshift('web');
    const attributeValues: Record<string, unknown> = {
      pricing_model: pricingModel ?? undefined,
      open_source: openSource,
      platforms,
      api: r.chance(0.55),
      self_hosted: openSource ? r.chance(0.8) : r.chance(0.07),
      free_trial:
        pricingModel === 'subscription' || pricingModel === 'paid'
          ? r.pick(['7 days', '14 days', '14 days', '30 days'])
          : pricingModel
            ? 'no'
            : undefined,
      languages: r.sample(['TypeScript', 'Python', 'Go', 'Rust', 'Java', 'Ruby', 'PHP'], r.int(1, 4)),
      integrations: r.sample(
        ['Slack', 'GitHub', 'Zapier', 'Google Workspace', 'Microsoft Teams', 'HubSpot', 'Jira', 'Shopify'],
        r.int(1, 4),
      ),
      models: r.sample(['GPT-4o', 'Claude', 'Llama 3', 'Mistral', 'Gemini'], r.int(1, 3)),
      data_retention: r.pick(['none', '30 days', 'configurable']),
      channels:
        top.slug === 'marketing'
          ? r.sample(['email', 'sms', 'social', 'push', 'web'], r.int(1, 3))
          : r.sample(['email', 'chat', 'phone', 'whatsapp', 'social'], r.int(1, 3)),
      offline_mode: r.chance(0.4),
      file_formats: r.sample(['SVG', 'PNG', 'PDF', 'Figma', 'Lottie'], r.int(1, 3)),
      figma_plugin: r.chance(0.5),
      currencies: r.sample(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'], r.int(1, 4)),
      cookie_free: r.chance(0.6),
      gdpr_compliant: eu || r.chance(0.5),
      crm_integrations: r.sample(['HubSpot', 'Salesforce', 'Pipedrive', 'Close'], r.int(1, 3)),
      sla: r.pick(['99.9% uptime', '99.99% uptime', '24h first response', '1h first response']),
      certificates: r.chance(0.6),
      course_languages: r.sample(['English', 'Spanish', 'French', 'German', 'Portuguese', 'Japanese'], r.int(1, 3)),
    };
    const attributes: Record<string, unknown> = {};
    for (const key of category.attributes) {
      const value = attributeValues[key];
      if (value !== undefined && (key === 'pricing_model' || r.chance(0.82))) attributes[key] = value;
    }

    const socials: Record<string, string> = { website: url };
    if (r.chance(0.8)) socials.x = `https://x.com/${handle}`;
    if (r.chance(0.7)) socials.linkedin = `https://www.linkedin.com/company/${slug}`;
    if (top.slug === 'developer-tools' || openSource ? r.chance(0.9) : r.chance(0.1)) socials.github = `https://github.com/${handle}`;
    if (r.chance(0.35)) socials.producthunt = `https://www.producthunt.com/products/${slug}`;
    if (r.chance(0.2)) socials.youtube = `https://www.youtube.com/@${handle}`;
    if (r.chance(0.15)) socials.discord = `https://discord.gg/${handle.slice(0, 8)}${r.int(10, 99)}`;
    if (r.chance(0.08)) socials.reddit = `https://www.reddit.com/r/${handle}`;
    if (r.chance(0.08)) socials.mastodon = `https://mastodon.social/@${handle}`;
    if (r.chance(0.08)) socials.threads = `https://www.threads.net/@${handle}`;
    if (r.chance(['design', 'marketing', 'education'].includes(top.slug) ? 0.4 : 0.1))
      socials.instagram = `https://www.instagram.com/${handle}`;
    if (r.chance(0.06)) socials.tiktok = `https://www.tiktok.com/@${handle}`;
    if (r.chance(0.1)) socials.facebook = `https://www.facebook.com/${handle}`;
    if (r.chance(0.05)) socials.custom = `https://blog.${domain}`;

    const createdAt = slot.launchedAt
      ? new Date(slot.launchedAt.getTime() - r.int(3, 60) * DAY_MS - r.int(0, 86_399) * 1000)
      : new Date(Math.floor((now.getTime() - r.int(1, 40) * DAY_MS - r.int(0, 86_399) * 1000) / 1000) * 1000);
    const updatedAt = slot.launchedAt && r.chance(0.4) ? between(slot.launchedAt, now, r.next()) : (slot.launchedAt ?? createdAt);
    const seo = paid || r.chance(0.5);
    const row: ListingRow = {
      id,
      slug,
      name,
      url,
      domain,
      tagline,
      short_description: shortDescription,
      description: paragraphs.join('\n\n'),
      logo_url: r.chance(0.9) ? `${url}/logo.png` : null,
      stage,
      pricing_model: pricingModel,
      pricing_summary: pricingSummary,
      country: location?.[0] ?? null,
      city: location?.[1] ?? null,
      founded_year: foundedYear,
      contact_email: r.chance(0.7) ? `hello@${domain}` : null,
      demo_video_url: r.chance(0.3) ? `https://www.youtube.com/watch?v=${videoId(r)}` : null,
      features,
      usps,
      keywords,
      tags,
      headline: paid ? truncate(`${name}: ${tagline}`, 200) : null,
      summary: paid ? `${name} is ${/^[aeiou]/i.test(sub.thing) ? 'an' : 'a'} ${sub.thing} built for ${audience}. ${usps[0]}.` : null,
      seo_title: seo ? truncate(`${name} - ${tagline}`, 70) : null,
      seo_description: seo ? truncate(shortDescription, 160) : null,
      socials,
      attributes,
      not_found_on_website: notFound,
      status: slot.status,
      plan: paid ? 'paid' : 'free',
      launch_week: slot.week ? isoDate(slot.week) : null,
      launched_at: slot.launchedAt ? isoTime(slot.launchedAt) : null,
      unlocked_sections: paid ? ['story', 'milestones', 'media'] : [],
      primary_category_id: category.id,
      created_at: isoTime(createdAt),
      updated_at: isoTime(updatedAt),
    };
    drafts.push({ row, category, launchedAt: slot.launchedAt, createdAt, audience, eu, founderIds: [] });
  });
  const listings = drafts.map((d) => d.row);
  const launched = drafts.filter((d) => d.launchedAt !== null);
  const live = launched.filter((d) => d.row.status === 'live');

  // ---- categories of each listing ----
  const catRng = rng.fork('listing-categories');
  const listingCategories: DemoData['listingCategories'] = [];
  for (const d of drafts) {
    listingCategories.push({ listing_id: d.row.id, category_id: d.category.id, is_primary: true });
    if (d.row.plan === 'paid') {
      const extra = catRng.sample(
        subcategories.filter((c) => c.id !== d.category.id),
        catRng.weighted([
          [0, 2],
          [1, 4],
          [2, 3],
          [3, 2],
        ] as const),
      );
      for (const c of extra) listingCategories.push({ listing_id: d.row.id, category_id: c.id, is_primary: false });
    }
  }

  // ---- founders ----
  const founderRng = rng.fork('founders');
  const founders: DemoData['founders'] = [];
  const listingFounders: DemoData['listingFounders'] = [];
  const founderSlugs = new Set<string>();
  for (const d of drafts) {
    if (d.row.not_found_on_website.includes('founders')) continue;
    const count = founderRng.weighted([
      [1, 70],
      [2, 25],
      [3, 5],
    ] as const);
    for (let position = 0; position < count; position++) {
      let founderId: number;
      const reusable = founders.filter((f) => !d.founderIds.includes(f.id));
      if (founders.length > 20 && founderRng.chance(0.12)) {
        founderId = founderRng.pick(reusable).id;
      } else {
        const first = founderRng.pick(FIRST_NAMES);
        const last = founderRng.pick(LAST_NAMES);
        const name = `${first} ${last}`;
        let slug = slugify(name);
        for (let n = 2; founderSlugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
        founderSlugs.add(slug);
        const title =
          position === 0
            ? founderRng.pick(['CEO', 'Founder', 'CEO'])
            : position === 1
              ? 'CTO'
              : founderRng.pick(['COO', 'Head of Design', 'Head of Growth']);
        const country = d.row.country ?? founderRng.pick(LOCATIONS)[0];
        const city = d.row.city ?? LOCATIONS.find((l) => l[0] === country)?.[1];
        const handle = `${first}${last}`
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z]/g, '');
        const socials: Record<string, string> = {};
        if (founderRng.chance(0.75)) socials.x = `https://x.com/${handle}`;
        if (founderRng.chance(0.8)) socials.linkedin = `https://www.linkedin.com/in/${slug}`;
        if (d.category.top.slug === 'developer-tools' || title === 'CTO' ? founderRng.chance(0.8) : founderRng.chance(0.1))
          socials.github = `https://github.com/${handle}`;
        if (founderRng.chance(0.2)) socials.website = `https://${handle}.example`;
        if (founderRng.chance(0.08)) socials.mastodon = `https://mastodon.social/@${handle}`;
        founderId = founders.length + 1;
        founders.push({
          id: founderId,
          slug,
          name,
          title,
          bio: [
            `Before starting ${d.row.name}, ${first} ${founderRng.pick(FOUNDER_BACKGROUNDS)}.`,
            `At ${d.row.name}, ${first} ${title === 'CTO' ? 'leads engineering' : title === 'Head of Design' ? 'leads design' : title === 'Head of Growth' ? 'looks after growth and partnerships' : 'talks to customers every day and sets the product direction'}.`,
            city ? `Based in ${city}.` : '',
            `Away from the keyboard: ${founderRng.pick(FOUNDER_INTERESTS)}.`,
          ]
            .filter(Boolean)
            .join(' '),
          country,
          avatar_url: founderRng.chance(0.8) ? `https://avatars.launchdirectory.example/founders/${slug}.jpg` : null,
          socials,
          created_at: d.row.created_at,
        });
      }
      d.founderIds.push(founderId);
      const role =
        position === 0
          ? count === 1
            ? founderRng.pick(['Founder', 'Founder & CEO'])
            : 'Co-founder & CEO'
          : position === 1
            ? 'Co-founder & CTO'
            : founderRng.pick(['Co-founder & COO', 'Co-founder, Design', 'Co-founder, Growth']);
      listingFounders.push({ listing_id: d.row.id, founder_id: founderId, role, position });
    }
  }

  // ---- FAQs and updates ----
  const faqRng = rng.fork('faqs');
  const listingFaqs: DemoData['listingFaqs'] = [];
  for (const d of drafts) {
    const { row } = d;
    const sub = d.category.sub!;
    const a = row.attributes;
    const trial = typeof a.free_trial === 'string' && a.free_trial !== 'no' ? a.free_trial.replace(' days', '-day') : null;
    const candidates: Faq[] = [
      { question: `Who is ${row.name} for?`, answer: `${row.name} is built for ${d.audience} who want to ${theirs(sub.job)}.` },
      {
        question: 'How do I get started?',
        answer: `Sign up at ${row.url}. ${trial ? `There is a ${trial} free trial.` : row.pricing_model === 'subscription' || row.pricing_model === 'paid' ? 'Pick a plan and invite your team.' : 'You can start for free and invite your team later.'}`,
      },
      {
        question: 'How is my data protected?',
        answer: `Data is encrypted in transit and at rest${d.eu ? ' and hosted in the EU' : ''}. You can export or delete everything at any time.`,
      },
    ];
    if (row.pricing_model) {
      const free = row.pricing_model === 'free' || row.pricing_model === 'freemium' || row.pricing_model === 'open-source';
      candidates.push({
        question: 'Is there a free plan?',
        answer: free ? `Yes. ${row.pricing_summary}.` : `No. ${row.pricing_summary}${trial ? `, with a ${trial} free trial` : ''}.`,
      });
    }
    if (a.api !== undefined)
      candidates.push({
        question: `Does ${row.name} have an API?`,
        answer: a.api ? `Yes, a REST API with keys you create in settings.` : 'Not yet. It is on the roadmap.',
      });
    if (a.self_hosted !== undefined)
      candidates.push({
        question: `Can I self-host ${row.name}?`,
        answer: a.self_hosted ? 'Yes, with Docker or Kubernetes; see the self-hosting guide.' : 'No, it is a hosted service.',
      });
    if (Array.isArray(a.platforms))
      candidates.push({
        question: `Which platforms does ${row.name} support?`,
        answer: `${listText((a.platforms as string[]).map((p) => (p === 'cli' ? 'a command-line tool' : p === 'chrome-extension' ? 'a Chrome extension' : p === 'ios' ? 'iOS' : p === 'macos' ? 'macOS' : cap(p))))}.`,
      });
    const chosen = faqRng.sample(
      candidates,
      faqRng.weighted([
        [0, 1],
        [1, 1],
        [2, 3],
        [3, 3],
        [4, 2],
      ] as const),
    );
    chosen.forEach((f, position) => {
      listingFaqs.push({ listing_id: row.id, question: f.question, answer: f.answer, position });
    });
  }
  const updateRng = rng.fork('updates');
  const listingUpdates: DemoData['listingUpdates'] = [];
  for (const d of launched) {
    if (!updateRng.chance(0.35)) continue;
    const times = Array.from({ length: updateRng.int(1, 3) }, () => between(d.launchedAt!, now, updateRng.next())).sort(
      (x, y) => x.getTime() - y.getTime(),
    );
    const templates = updateRng.sample(UPDATE_TEMPLATES, times.length);
    for (const [i, t] of times.entries()) {
      listingUpdates.push({
        listing_id: d.row.id,
        title: templates[i][0],
        body: templates[i][1].replaceAll('{name}', d.row.name).replaceAll('{domain}', d.row.domain),
        published_at: isoTime(t),
      });
    }
  }

  // ---- paid sections: milestones, stories, media ----
  const paidRng = rng.fork('paid');
  const milestones: DemoData['milestones'] = [];
  const stories: DemoData['stories'] = [];
  const listingMedia: DemoData['listingMedia'] = [];
  for (const d of drafts) {
    if (d.row.plan !== 'paid') continue;
    const { row } = d;
    const sub = d.category.sub!;
    const top = d.category.top;
    const start = new Date(Date.UTC(row.founded_year ?? (d.launchedAt ?? now).getUTCFullYear() - 1, 0, 1));
    const end = d.launchedAt ?? now;
    const picked = paidRng.sample(MILESTONE_TEMPLATES.slice(1), paidRng.int(1, 4));
    const dates = picked.map(() => between(start, end, paidRng.next())).sort((x, y) => x.getTime() - y.getTime());
    const entries: [Date, string, string][] = [[start, MILESTONE_TEMPLATES[0][0], MILESTONE_TEMPLATES[0][1]]];
    picked.forEach((m, i) => {
      entries.push([dates[i], m[0], m[1]]);
    });
    if (d.launchedAt && row.status === 'live')
      entries.push([d.launchedAt, 'Launched on Launch Directory', `${row.name} launched in the week of ${row.launch_week}.`]);
    for (const [date, title, description] of entries) {
      milestones.push({
        listing_id: row.id,
        date: isoDate(date),
        title,
        description,
        url: paidRng.chance(0.25) ? `${row.url}/blog/${slugify(title)}` : null,
        created_at: isoTime(minDate(maxDate(date, d.createdAt), now)),
      });
    }
    const founderId = d.founderIds[0] ?? null;
    const founder = founderId !== null ? founders[founderId - 1] : null;
    if (founder && row.status !== 'draft') {
      const first = founder.name.split(' ')[0];
      stories.push({
        listing_id: row.id,
        founder_id: founderId,
        title: `Why we built ${row.name}`,
        story: `${row.name} started as a side project to ${sub.job}. Today it is used by ${d.audience} in ${paidRng.int(12, 60)} countries.`,
        why_started: `${first} had spent years dealing with ${top.pain}. Every tool on the market was either too complex or too expensive for a small team, so ${first} built the tool the team wished existed.`,
        problem: `${cap(d.audience)} lose hours every week to ${top.pain}. The existing tools were built for large enterprises and took weeks to set up.`,
        journey: `The first version was a weekend prototype shared with ten friends. Their feedback shaped ${listText(row.features.slice(0, 2).map(inSentence))}, which are still the most-used parts of ${row.name}.`,
        challenges:
          'Finding the first hundred customers took far longer than building the product. We rewrote onboarding three times before people reached the moment where it clicks.',
        achievements: `${row.name} ${row.stage === 'growth' ? 'grew to a profitable business with a small team' : 'gained its first paying customers within weeks of opening the beta'}.`,
        lessons: 'Talk to users every week, ship small improvements often and charge from day one.',
        whats_next: `Next up: ${paidRng.pick(['a public API', 'mobile apps', 'team workspaces', 'an integrations marketplace', 'AI-assisted workflows'])} and more ways to ${sub.job}.`,
        published_at:
          d.launchedAt && row.status === 'live'
            ? isoTime(minDate(new Date(d.launchedAt.getTime() + paidRng.int(0, 3 * 86_400) * 1000), now))
            : null,
      });
    }
    const images = paidRng.int(2, 4);
    for (let i = 0; i < images; i++) {
      listingMedia.push({
        listing_id: row.id,
        kind: 'image',
        url: `https://media.launchdirectory.example/listings/${row.slug}/screenshot-${i + 1}.png`,
        caption: row.features[i % row.features.length],
        position: i,
      });
    }
    if (paidRng.chance(0.35))
      listingMedia.push({
        listing_id: row.id,
        kind: 'video',
        url: `https://www.youtube.com/watch?v=${videoId(paidRng)}`,
        caption: `${row.name} product walkthrough`,
        position: images,
      });
  }

  // ---- alternatives ----
  const altRng = rng.fork('alternatives');
  const alternatives: DemoData['alternatives'] = [];
  for (const d of altRng.sample(live, 120)) {
    const sameSub = live.filter((o) => o !== d && o.category.id === d.category.id);
    const pool = sameSub.length >= 2 ? sameSub : live.filter((o) => o !== d && o.category.top === d.category.top);
    for (const o of altRng.sample(pool, altRng.int(1, 3)))
      alternatives.push({ listing_id: d.row.id, alternative_id: o.row.id, approved: altRng.chance(0.35) });
  }

  // ---- votes ----
  const voteRng = rng.fork('votes');
  const voteWeights = launched.map((d) => {
    let w = 6 + 180 * voteRng.next() ** 2.5;
    if (voteRng.chance(0.05)) w *= 3;
    if (d.row.status === 'hidden') w *= 0.3;
    const ageDays = (now.getTime() - d.launchedAt!.getTime()) / DAY_MS;
    if (ageDays < 4) w *= 0.35 + ageDays / 6; // fresh launches have had less time
    return w;
  });
  const weightSum = voteWeights.reduce((s, w) => s + w, 0);
  const votes: DemoData['votes'] = [];
  const votesByListing = new Map<number, number>();
  launched.forEach((d, i) => {
    const n = Math.min(VOTER_POOL / 2, Math.round((voteWeights[i] * DEMO_VOTES_TARGET) / weightSum));
    const voters = new Set<number>();
    while (voters.size < n) voters.add(1 + Math.floor(VOTER_POOL * voteRng.next() ** 1.4));
    const launchedAt = d.launchedAt!;
    const times: Date[] = [];
    for (let k = 0; k < n; k++) {
      let t = new Date(launchedAt.getTime() + 7 * DAY_MS * voteRng.next() ** 2);
      if (voteRng.chance(0.3) || t > now) t = between(launchedAt, now, voteRng.next());
      times.push(new Date(Math.floor(t.getTime() / 1000) * 1000));
    }
    times.sort((x, y) => x.getTime() - y.getTime());
    [...voters].forEach((v, k) => {
      votes.push({ listing_id: d.row.id, voter_key: `v:${v}`, created_at: isoTime(maxDate(times[k], launchedAt)) });
    });
    votesByListing.set(d.row.id, n);
  });

  // ---- views, follows, reviews ----
  const viewRng = rng.fork('views');
  const listingViews: DemoData['listingViews'] = [];
  const follows: DemoData['follows'] = [];
  const reviews: DemoData['reviews'] = [];
  for (const d of launched) {
    const n = votesByListing.get(d.row.id) ?? 0;
    const launchDay = startOfDay(d.launchedAt!);
    const base = 2 + n / 12 + viewRng.int(0, 6);
    for (let day = maxDate(launchDay, addDays(today, -59)); day <= today; day = addDays(day, 1)) {
      const sinceLaunch = (day.getTime() - launchDay.getTime()) / DAY_MS;
      const views = Math.round(base * (1 + 6 * Math.exp(-sinceLaunch / 2)) * (0.5 + viewRng.next()));
      if (views > 0) listingViews.push({ listing_id: d.row.id, day: isoDate(day), views });
    }
    const followCount = Math.round(n * (0.04 + 0.12 * viewRng.next())) + viewRng.int(0, 2);
    const followers = new Set<number>();
    while (followers.size < followCount) followers.add(viewRng.int(1, 4000));
    for (const f of followers)
      follows.push({
        listing_id: d.row.id,
        follower_email: `follower${f}@example.com`,
        created_at: isoTime(between(d.launchedAt!, now, viewRng.next())),
      });
    if (d.row.status === 'live' && viewRng.chance(0.45)) {
      const reviewers = new Set<number>();
      const count = viewRng.int(1, 6);
      while (reviewers.size < count) reviewers.add(viewRng.int(1, 3000));
      for (const reviewer of reviewers) {
        const genuine = !viewRng.chance(0.1);
        const rating = genuine
          ? viewRng.weighted([
              [5, 45],
              [4, 30],
              [3, 12],
              [2, 8],
              [1, 5],
            ] as const)
          : viewRng.pick([5, 5, 1]);
        // The random draws in their original order (the body, then the time), so the rest of the demo stays the same.
        const body = genuine ? viewRng.pick(REVIEW_BODIES[rating]) : viewRng.pick(SPAM_REVIEW_BODIES);
        const createdAt = between(d.launchedAt!, now, viewRng.next());
        reviews.push({
          listing_id: d.row.id,
          reviewer_key: `r:${reviewer}`,
          reviewer_name: reviewerName(reviewer),
          rating,
          body,
          genuine,
          created_at: isoTime(createdAt),
          hidden_at: genuine ? null : isoTime(createdAt),
          hidden_reason: genuine ? null : 'Spam',
        });
      }
    }
  }

  // ---- domain ratings, verified revenues, billboard ----
  const metricRng = rng.fork('metrics');
  const domainRatings: DemoData['domainRatings'] = [];
  for (const d of live) {
    if (!metricRng.chance(0.85)) continue;
    const weeks = Math.min(40, Math.floor((today.getTime() - startOfDay(d.createdAt).getTime()) / (7 * DAY_MS)) + 1);
    let rating = metricRng.int(0, 35);
    const drift = metricRng.next() * 1.5;
    const series: { listing_id: number; measured_on: string; rating: number }[] = [];
    for (let k = weeks - 1; k >= 0; k--) {
      rating = Math.max(0, Math.min(100, rating + drift + (metricRng.next() - 0.4) * 2));
      series.push({ listing_id: d.row.id, measured_on: isoDate(addDays(today, -7 * k)), rating: Math.round(rating) });
    }
    domainRatings.push(...series);
  }
  const verifiedRevenues: DemoData['verifiedRevenues'] = [];
  const earning = live.filter((d) => d.row.pricing_model !== null && d.row.pricing_model !== 'free');
  for (const d of metricRng.sample(earning, 40)) {
    const months = metricRng.int(1, 4);
    let mrr = metricRng.int(200, 20_000) * 100;
    const growth = 1 + metricRng.next() * 0.2;
    const source = metricRng.weighted([
      ['stripe', 60],
      ['paddle', 20],
      ['lemon_squeezy', 20],
    ] as const);
    for (let k = months - 1; k >= 0; k--) {
      const verifiedAt = new Date(Math.floor((now.getTime() - k * 30 * DAY_MS - metricRng.int(1, 72) * 3_600_000) / 1000) * 1000);
      verifiedRevenues.push({ listing_id: d.row.id, mrr_cents: mrr, source, verified_at: isoTime(verifiedAt) });
      mrr = Math.round((mrr * growth) / 100) * 100;
    }
  }
  const billboardContributions: DemoData['billboardContributions'] = [];
  const backers = metricRng.sample(live, 25);
  const perBacker = backers.map(() => 1);
  for (let extra = 60 - backers.length; extra > 0; extra--) perBacker[Math.floor(backers.length * metricRng.next() ** 2)] += 1;
  const contributions: { listing_id: number; amount_cents: number; created_at: Date }[] = [];
  backers.forEach((d, i) => {
    for (let k = 0; k < perBacker[i]; k++) {
      contributions.push({
        listing_id: d.row.id,
        amount_cents: BILLBOARD_MINIMUM_CENTS * metricRng.pick([1, 1, 2, 2.5, 5, 10, 25, 50]),
        created_at: between(d.launchedAt!, now, metricRng.next()),
      });
    }
  });
  contributions.sort((x, y) => x.created_at.getTime() - y.created_at.getTime());
  for (const [i, c] of contributions.entries()) {
    billboardContributions.push({
      listing_id: c.listing_id,
      amount_cents: c.amount_cents,
      order_number: `LD-${c.created_at.getUTCFullYear()}-${String(1000 + i * 7).padStart(6, '0')}`,
      created_at: isoTime(c.created_at),
    });
  }

  // ---- site content ----
  const blogRng = rng.fork('blog');
  let published = 0;
  const blogPosts: DemoData['blogPosts'] = BLOG_POSTS.map((post) => {
    const body = [post.excerpt, ...post.sections.flatMap(([heading, ...paragraphs]) => [`## ${heading}`, ...paragraphs])].join('\n\n');
    const publishedAt = post.draft
      ? null
      : new Date(
          Date.UTC(
            today.getUTCFullYear(),
            today.getUTCMonth(),
            today.getUTCDate() - (published++ * 20 + blogRng.int(1, 6)),
            9,
            blogRng.int(0, 59),
          ),
        );
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body_markdown: body,
      author_name: post.author,
      tags: post.tags,
      faqs: post.faqs,
      status: post.draft ? 'draft' : 'published',
      published_at: publishedAt ? isoTime(publishedAt) : null,
      updated_at: isoTime(publishedAt ?? addDays(today, -blogRng.int(1, 10))),
    };
  });
  const interviewQuestions = INTERVIEW_QUESTIONS.map(([text, hint], position) => ({ text, hint, position, active: true }));
  const products = PRODUCTS.map((p) => ({ ...p, active: true, updated_at: isoTime(today) }));
  const vatRates = VAT_RATES.map(([country, rate, eu]) => ({ country, rate_basis_points: rate, eu }));
  const siteSettings = Object.entries(SITE_SETTINGS).map(([key, value]) => ({ key, value }));

  return {
    categories,
    listings,
    listingCategories,
    founders,
    listingFounders,
    listingFaqs,
    listingUpdates,
    milestones,
    stories,
    listingMedia,
    alternatives,
    votes,
    listingViews,
    follows,
    reviews,
    domainRatings,
    verifiedRevenues,
    billboardContributions,
    blogPosts,
    interviewQuestions,
    products,
    vatRates,
    siteSettings,
  };
}

function videoId(r: Random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (let i = 0; i < 11; i++) id += alphabet[r.int(0, alphabet.length - 1)];
  return id;
}
