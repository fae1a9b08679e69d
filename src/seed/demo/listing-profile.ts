/**
 * The written profile of one demo listing: tagline, short description and description (its copy),
 * the category attributes it answers, and its social links. Each function draws from the listing
 * generator in the same order as ever.
 */
import type { CategoryRecord } from '../categories.js';
import { ADJECTIVES, QUALIFIERS } from '../content.js';
import type { Random } from '../random.js';
import type { Commerce, Positioning } from './listing-facts.js';
import { cap, inSentence, listText, theirs, truncate } from './text.js';

export interface Copy {
  tagline: string;
  shortDescription: string;
  description: string;
}

/** What a listing's links are made of. */
export interface Address {
  slug: string;
  domain: string;
  url: string;
  handle: string;
}

const PLATFORMS_DEV = ['web', 'cli', 'macos', 'linux', 'windows'];
const PLATFORMS_OTHER = ['web', 'macos', 'windows', 'ios', 'android', 'chrome-extension'];

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

function taglineOf(r: Random, sub: NonNullable<CategoryRecord['sub']>, qualifier: string, audience: string, openSource: boolean): string {
  return truncate(
    r.weighted([
      [cap(sub.job), 2],
      [`${cap(sub.job)} ${qualifier}`, 3],
      [`The ${r.pick(ADJECTIVES)} way to ${sub.job}`, 2],
      [`The ${openSource ? 'open-source ' : ''}${sub.thing} for ${audience}`, 2],
    ] as const),
    200,
  );
}

/** The third paragraph: who started it, what it costs and how far along it is. */
function backgroundOf(name: string, commerce: Commerce): string {
  const { foundedYear, location, pricingSummary, stage } = commerce;
  const whereFounded = [foundedYear !== null ? `in ${foundedYear}` : '', location ? `in ${location[1]}` : ''].filter(Boolean).join(' ');
  return [
    whereFounded
      ? `${name} was started ${whereFounded} by a small team that had felt the problem first-hand.`
      : `${name} is built by a small, independent team that had felt the problem first-hand.`,
    pricingSummary ? `Pricing: ${pricingSummary.charAt(0).toLowerCase()}${pricingSummary.slice(1)}.` : '',
    stage === 'beta' || stage === 'mvp'
      ? `The product is in ${stage === 'mvp' ? 'early access' : 'public beta'} and the team is looking for feedback.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function copyOf(r: Random, name: string, category: CategoryRecord, commerce: Commerce, p: Positioning): Copy {
  const sub = category.sub!;
  const top = category.top;
  const { audience, features, usps } = p;
  const qualifier = r.pick(QUALIFIERS);
  const tagline = taglineOf(r, sub, qualifier, audience, p.openSource);
  const shortDescription = truncate(
    `${name} helps ${audience} ${theirs(sub.job)}. ${features[0]} and ${inSentence(features[1])} are built in.`,
    300,
  );
  const paragraphs = [
    `${name} is ${article(sub.thing)} ${sub.thing} for ${audience}. It lets you ${sub.job} ${qualifier}, so you spend less time on ${top.pain} and more time on ${top.gain}.`,
    `Key features include ${listText(features.map(inSentence))}. ${usps[0]}.`,
    backgroundOf(name, commerce),
  ];
  if (r.chance(0.5))
    paragraphs.push(
      `${cap(audience)} use ${name} for ${listText(r.sample(sub.keywords, 2))} without switching between tools. ${name} works in the browser${r.chance(0.5) ? ' and has native desktop apps' : ''}.`,
    );
  return { tagline, shortDescription, description: paragraphs.join('\n\n') };
}

/** A value for every attribute any category asks about, drawn in a fixed order. */
function attributeValuesOf(r: Random, top: CategoryRecord['top'], commerce: Commerce, p: Positioning, platforms: string[]) {
  const { pricingModel } = commerce;
  return {
    pricing_model: pricingModel ?? undefined,
    open_source: p.openSource,
    platforms,
    api: r.chance(0.55),
    self_hosted: p.openSource ? r.chance(0.8) : r.chance(0.07),
    free_trial:
      pricingModel === 'subscription' || pricingModel === 'paid'
        ? r.pick(['7 days', '14 days', '14 days', '30 days'])
        : pricingModel
          ? 'no'
          : undefined,
    languages: r.sample(['TypeScript', 'Python', 'Go', 'Rust', 'Java', 'Ruby', 'PHP'], r.int(1, 4)),
    integrations: r.sample(['Slack', 'GitHub', 'Zapier', 'Google Workspace', 'Microsoft Teams', 'HubSpot', 'Jira', 'Shopify'], r.int(1, 4)),
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
    gdpr_compliant: p.eu || r.chance(0.5),
    crm_integrations: r.sample(['HubSpot', 'Salesforce', 'Pipedrive', 'Close'], r.int(1, 3)),
    sla: r.pick(['99.9% uptime', '99.99% uptime', '24h first response', '1h first response']),
    certificates: r.chance(0.6),
    course_languages: r.sample(['English', 'Spanish', 'French', 'German', 'Portuguese', 'Japanese'], r.int(1, 3)),
  } as Record<string, unknown>;
}

/** The attributes of the listing's category it answers: the pricing model always, others four times in five. */
export function attributesOf(r: Random, category: CategoryRecord, commerce: Commerce, p: Positioning): Record<string, unknown> {
  const platforms = r.sample(category.top.slug === 'developer-tools' ? PLATFORMS_DEV : PLATFORMS_OTHER, r.int(1, 4)).sort();
  if (!platforms.includes('web') && r.chance(0.7)) platforms.unshift('web');
  const values = attributeValuesOf(r, category.top, commerce, p, platforms);
  const attributes: Record<string, unknown> = {};
  for (const key of category.attributes) {
    const value = values[key];
    if (value !== undefined && (key === 'pricing_model' || r.chance(0.82))) attributes[key] = value;
  }
  return attributes;
}

export function socialsOf(r: Random, topSlug: string, openSource: boolean, a: Address): Record<string, string> {
  const { slug, domain, url, handle } = a;
  const socials: Record<string, string> = { website: url };
  if (r.chance(0.8)) socials.x = `https://x.com/${handle}`;
  if (r.chance(0.7)) socials.linkedin = `https://www.linkedin.com/company/${slug}`;
  if (topSlug === 'developer-tools' || openSource ? r.chance(0.9) : r.chance(0.1)) socials.github = `https://github.com/${handle}`;
  if (r.chance(0.35)) socials.producthunt = `https://www.producthunt.com/products/${slug}`;
  if (r.chance(0.2)) socials.youtube = `https://www.youtube.com/@${handle}`;
  if (r.chance(0.15)) socials.discord = `https://discord.gg/${handle.slice(0, 8)}${r.int(10, 99)}`;
  if (r.chance(0.08)) socials.reddit = `https://www.reddit.com/r/${handle}`;
  if (r.chance(0.08)) socials.mastodon = `https://mastodon.social/@${handle}`;
  if (r.chance(0.08)) socials.threads = `https://www.threads.net/@${handle}`;
  if (r.chance(['design', 'marketing', 'education'].includes(topSlug) ? 0.4 : 0.1))
    socials.instagram = `https://www.instagram.com/${handle}`;
  if (r.chance(0.06)) socials.tiktok = `https://www.tiktok.com/@${handle}`;
  if (r.chance(0.1)) socials.facebook = `https://www.facebook.com/${handle}`;
  if (r.chance(0.05)) socials.custom = `https://blog.${domain}`;
  return socials;
}
