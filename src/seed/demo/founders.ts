/**
 * The demo founders: one to three per listing (none when the website does not name them), mostly
 * new people, sometimes someone who already founded another listing.
 */
import { FIRST_NAMES, FOUNDER_BACKGROUNDS, FOUNDER_INTERESTS, LAST_NAMES, LOCATIONS } from '../content.js';
import type { Random } from '../random.js';
import { slugify } from '../../text/slugify.js';
import type { DemoData, Draft } from './types.js';

type Founder = DemoData['founders'][number];

const FOUNDER_COUNT_WEIGHTS = [
  [1, 70],
  [2, 25],
  [3, 5],
] as const;

/** What a founder with this title does at the listing, for the bio. */
function duty(title: string): string {
  if (title === 'CTO') return 'leads engineering';
  if (title === 'Head of Design') return 'leads design';
  if (title === 'Head of Growth') return 'looks after growth and partnerships';
  return 'talks to customers every day and sets the product direction';
}

function titleOf(r: Random, position: number): string {
  if (position === 0) return r.pick(['CEO', 'Founder', 'CEO']);
  return position === 1 ? 'CTO' : r.pick(['COO', 'Head of Design', 'Head of Growth']);
}

function roleOf(r: Random, position: number, count: number): string {
  if (position === 0) return count === 1 ? r.pick(['Founder', 'Founder & CEO']) : 'Co-founder & CEO';
  return position === 1 ? 'Co-founder & CTO' : r.pick(['Co-founder & COO', 'Co-founder, Design', 'Co-founder, Growth']);
}

function founderSocials(r: Random, d: Draft, title: string, slug: string, handle: string): Record<string, string> {
  const socials: Record<string, string> = {};
  if (r.chance(0.75)) socials.x = `https://x.com/${handle}`;
  if (r.chance(0.8)) socials.linkedin = `https://www.linkedin.com/in/${slug}`;
  if (d.category.top.slug === 'developer-tools' || title === 'CTO' ? r.chance(0.8) : r.chance(0.1))
    socials.github = `https://github.com/${handle}`;
  if (r.chance(0.2)) socials.website = `https://${handle}.example`;
  if (r.chance(0.08)) socials.mastodon = `https://mastodon.social/@${handle}`;
  return socials;
}

/** A new founder of `d` at `position`, with the next founder id and a slug not yet in `slugs`. */
function newFounder(r: Random, d: Draft, position: number, id: number, slugs: Set<string>): Founder {
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  const name = `${first} ${last}`;
  let slug = slugify(name);
  for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
  slugs.add(slug);
  const title = titleOf(r, position);
  const country = d.row.country ?? r.pick(LOCATIONS)[0];
  const city = d.row.city ?? LOCATIONS.find((l) => l[0] === country)?.[1];
  const handle = `${first}${last}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');
  const socials = founderSocials(r, d, title, slug, handle);
  const bio = [
    `Before starting ${d.row.name}, ${first} ${r.pick(FOUNDER_BACKGROUNDS)}.`,
    `At ${d.row.name}, ${first} ${duty(title)}.`,
    city ? `Based in ${city}.` : '',
    `Away from the keyboard: ${r.pick(FOUNDER_INTERESTS)}.`,
  ]
    .filter(Boolean)
    .join(' ');
  const avatar_url = r.chance(0.8) ? `https://avatars.launchdirectory.example/founders/${slug}.jpg` : null;
  return { id, slug, name, title, bio, country, avatar_url, socials, created_at: d.row.created_at };
}

/** The founders and who founded what; fills in each draft's founderIds. */
export function buildFounders(r: Random, drafts: Draft[]): Pick<DemoData, 'founders' | 'listingFounders'> {
  const founders: DemoData['founders'] = [];
  const listingFounders: DemoData['listingFounders'] = [];
  const founderSlugs = new Set<string>();
  for (const d of drafts) {
    if (d.row.not_found_on_website.includes('founders')) continue;
    const count = r.weighted(FOUNDER_COUNT_WEIGHTS);
    for (let position = 0; position < count; position++) {
      let founderId: number;
      const reusable = founders.filter((f) => !d.founderIds.includes(f.id));
      if (founders.length > 20 && r.chance(0.12)) {
        founderId = r.pick(reusable).id;
      } else {
        founderId = founders.length + 1;
        founders.push(newFounder(r, d, position, founderId, founderSlugs));
      }
      d.founderIds.push(founderId);
      listingFounders.push({ listing_id: d.row.id, founder_id: founderId, role: roleOf(r, position, count), position });
    }
  }
  return { founders, listingFounders };
}
