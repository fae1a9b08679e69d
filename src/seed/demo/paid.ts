/** The sections paid demo listings unlock: milestones, a founder story and media. */
import { MILESTONE_TEMPLATES } from '../content.js';
import { between, isoDate, isoTime, maxDate, minDate } from '../dates.js';
import type { Random } from '../random.js';
import { slugify } from '../../text/slugify.js';
import { cap, inSentence, listText, videoId } from './text.js';
import type { DemoData, Draft } from './types.js';
import { DEFAULT_SITE_SETTINGS } from '../../catalogue/site-settings.js';

type PaidSections = Pick<DemoData, 'milestones' | 'stories' | 'listingMedia'>;

const NEXT_UP = ['a public API', 'mobile apps', 'team workspaces', 'an integrations marketplace', 'AI-assisted workflows'];

/** Founding, a few steps between founding and launch, and the launch itself when live. */
function milestonesOf(r: Random, d: Draft, now: Date): DemoData['milestones'] {
  const { row } = d;
  const start = new Date(Date.UTC(row.founded_year ?? (d.launchedAt ?? now).getUTCFullYear() - 1, 0, 1));
  const end = d.launchedAt ?? now;
  const picked = r.sample(MILESTONE_TEMPLATES.slice(1), r.int(1, 4));
  const dates = picked.map(() => between(start, end, r.next())).sort((x, y) => x.getTime() - y.getTime());
  const entries: [Date, string, string][] = [[start, MILESTONE_TEMPLATES[0][0], MILESTONE_TEMPLATES[0][1]]];
  picked.forEach((m, i) => {
    entries.push([dates[i], m[0], m[1]]);
  });
  if (d.launchedAt && row.status === 'live')
    entries.push([
      d.launchedAt,
      `Launched on ${DEFAULT_SITE_SETTINGS.site_name}`,
      `${row.name} launched in the week of ${row.launch_week}.`,
    ]);
  return entries.map(([date, title, description]) => ({
    listing_id: row.id,
    date: isoDate(date),
    title,
    description,
    url: r.chance(0.25) ? `${row.url}/blog/${slugify(title)}` : null,
    created_at: isoTime(minDate(maxDate(date, d.createdAt), now)),
  }));
}

/** The story of a listing told by its first founder (null for drafts and listings without founders). */
function storyOf(r: Random, d: Draft, founders: DemoData['founders'], now: Date): DemoData['stories'][number] | null {
  const { row } = d;
  const founderId = d.founderIds[0] ?? null;
  const founder = founderId !== null ? founders[founderId - 1] : null;
  if (!founder || row.status === 'draft') return null;
  const sub = d.category.sub!;
  const pain = d.category.top.pain;
  const first = founder.name.split(' ')[0];
  return {
    listing_id: row.id,
    founder_id: founderId,
    title: `Why we built ${row.name}`,
    story: `${row.name} started as a side project to ${sub.job}. Today it is used by ${d.audience} in ${r.int(12, 60)} countries.`,
    why_started: `${first} had spent years dealing with ${pain}. Every tool on the market was either too complex or too expensive for a small team, so ${first} built the tool the team wished existed.`,
    problem: `${cap(d.audience)} lose hours every week to ${pain}. The existing tools were built for large enterprises and took weeks to set up.`,
    journey: `The first version was a weekend prototype shared with ten friends. Their feedback shaped ${listText(row.features.slice(0, 2).map(inSentence))}, which are still the most-used parts of ${row.name}.`,
    challenges:
      'Finding the first hundred customers took far longer than building the product. We rewrote onboarding three times before people reached the moment where it clicks.',
    achievements: `${row.name} ${row.stage === 'growth' ? 'grew to a profitable business with a small team' : 'gained its first paying customers within weeks of opening the beta'}.`,
    lessons: 'Talk to users every week, ship small improvements often and charge from day one.',
    whats_next: `Next up: ${r.pick(NEXT_UP)} and more ways to ${sub.job}.`,
    published_at:
      d.launchedAt && row.status === 'live' ? isoTime(minDate(new Date(d.launchedAt.getTime() + r.int(0, 3 * 86_400) * 1000), now)) : null,
  };
}

/**
 * Two to four screenshots, and a walkthrough video for about a third. A screenshot's url is set when it is drawn
 * (drawDemoScreenshots, before the seeding transaction): the path of the kept image.
 */
function mediaOf(r: Random, d: Draft): DemoData['listingMedia'] {
  const { row } = d;
  const media: DemoData['listingMedia'] = [];
  const images = r.int(2, 4);
  for (let i = 0; i < images; i++) {
    media.push({
      listing_id: row.id,
      kind: 'image',
      url: '',
      caption: row.features[i % row.features.length],
      position: i,
    });
  }
  if (r.chance(0.35))
    media.push({
      listing_id: row.id,
      kind: 'video',
      url: `https://www.youtube.com/watch?v=${videoId(r)}`,
      caption: `${row.name} product walkthrough`,
      position: images,
    });
  return media;
}

export function buildPaidSections(r: Random, drafts: Draft[], founders: DemoData['founders'], now: Date): PaidSections {
  const sections: PaidSections = { milestones: [], stories: [], listingMedia: [] };
  for (const d of drafts) {
    if (d.row.plan !== 'paid') continue;
    sections.milestones.push(...milestonesOf(r, d, now));
    const story = storyOf(r, d, founders, now);
    if (story) sections.stories.push(story);
    sections.listingMedia.push(...mediaOf(r, d));
  }
  return sections;
}
