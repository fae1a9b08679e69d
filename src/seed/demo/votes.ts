/** The demo votes: about 15,000 spread over launched listings, most of them in each launch's first week. */
import { DAY_MS, between, isoTime, maxDate } from '../dates.js';
import type { Random } from '../random.js';
import type { DemoData, Draft } from './types.js';

const DEMO_VOTES_TARGET = 15_000;
const VOTER_POOL = 9_000;

/** How popular each launched listing is, relative to the others. */
function voteWeights(r: Random, launched: Draft[], now: Date): number[] {
  return launched.map((d) => {
    let w = 6 + 180 * r.next() ** 2.5;
    if (r.chance(0.05)) w *= 3;
    if (d.row.status === 'hidden') w *= 0.3;
    const ageDays = (now.getTime() - d.launchedAt!.getTime()) / DAY_MS;
    if (ageDays < 4) w *= 0.35 + ageDays / 6; // fresh launches have had less time
    return w;
  });
}

/** `n` distinct voters of `d` with their voting times, oldest first. */
function votesOf(r: Random, d: Draft, n: number, now: Date): DemoData['votes'] {
  const voters = new Set<number>();
  while (voters.size < n) voters.add(1 + Math.floor(VOTER_POOL * r.next() ** 1.4));
  const launchedAt = d.launchedAt!;
  const times: Date[] = [];
  for (let k = 0; k < n; k++) {
    let t = new Date(launchedAt.getTime() + 7 * DAY_MS * r.next() ** 2);
    if (r.chance(0.3) || t > now) t = between(launchedAt, now, r.next());
    times.push(new Date(Math.floor(t.getTime() / 1000) * 1000));
  }
  times.sort((x, y) => x.getTime() - y.getTime());
  return [...voters].map((v, k) => ({ listing_id: d.row.id, voter_key: `v:${v}`, created_at: isoTime(maxDate(times[k], launchedAt)) }));
}

/** The votes, and how many each launched listing got. */
export function buildVotes(r: Random, launched: Draft[], now: Date): { votes: DemoData['votes']; votesByListing: Map<number, number> } {
  const weights = voteWeights(r, launched, now);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  const votes: DemoData['votes'] = [];
  const votesByListing = new Map<number, number>();
  launched.forEach((d, i) => {
    const n = Math.min(VOTER_POOL / 2, Math.round((weights[i] * DEMO_VOTES_TARGET) / weightSum));
    votes.push(...votesOf(r, d, n, now));
    votesByListing.set(d.row.id, n);
  });
  return { votes, votesByListing };
}
