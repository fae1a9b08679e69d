import { describe, expect, it } from 'vitest';
import { type IndexedListing, WordIndex } from '../../src/catalogue/word-index.js';

const listing = (id: number, lexemes: string[], votes = 0, status: IndexedListing['status'] = 'live'): IndexedListing => ({
  id,
  status,
  votes,
  lexemes,
});

function indexOf(...listings: IndexedListing[]): WordIndex {
  const index = new WordIndex();
  for (const l of listings) index.put(l);
  return index;
}

const exact = (...lexemes: string[]) => ({ exact: lexemes });

describe('WordIndex matching', () => {
  const index = indexOf(
    listing(1, ['notion', 'notes', 'team'], 5),
    listing(2, ['notebook', 'team'], 9),
    listing(3, ['note'], 1),
    listing(4, ['notes', 'team'], 7, 'scheduled'),
    listing(5, ['calendar', 'team'], 3),
  );

  it('matches lexemes exactly, by prefix, and any alternative of a word', () => {
    expect(index.match([exact('notes')], 'live', 10)).toEqual({ total: 1, mostVoted: [1] });
    expect(index.match([{ prefix: 'note', exact: [] }], 'live', 10)).toEqual({ total: 3, mostVoted: [2, 1, 3] });
    expect(index.match([{ prefix: 'notin', exact: ['notion', 'calendar'] }], 'live', 10)).toEqual({ total: 2, mostVoted: [1, 5] });
  });

  it('requires every word, and only counts listings of the status asked for', () => {
    expect(index.match([{ prefix: 'note', exact: [] }, exact('team')], 'live', 10)).toEqual({ total: 2, mostVoted: [2, 1] });
    expect(index.match([exact('notes'), exact('team')], 'scheduled', 10)).toEqual({ total: 1, mostVoted: [4] });
    expect(index.match([exact('notes'), exact('nothing')], 'live', 10)).toEqual({ total: 0, mostVoted: [] });
    expect(index.match([], 'live', 10)).toEqual({ total: 0, mostVoted: [] });
  });

  it('counts a listing once when several of its lexemes match one word', () => {
    expect(index.match([{ prefix: 'not', exact: ['notes', 'notion'] }], 'live', 10).total).toBe(3);
  });

  it('a prefix is not matched inside a lexeme or by a shorter one', () => {
    expect(index.match([{ prefix: 'otes', exact: [] }], 'live', 10).total).toBe(0);
    expect(index.match([{ prefix: 'notebooks', exact: [] }], 'live', 10).total).toBe(0);
  });
});

describe('WordIndex ordering', () => {
  it('answers the most voted first, ties by lower id, cut at the reach, with the full total', () => {
    const votes = [4, 9, 4, 0, 9, 4, 1, 4, 7, 4];
    const index = indexOf(...votes.map((v, i) => listing(i + 1, ['word'], v)));
    const all = votes.map((v, i) => ({ id: i + 1, v })).sort((a, b) => b.v - a.v || a.id - b.id);
    for (let reach = 0; reach <= votes.length + 1; reach++) {
      const found = index.match([exact('word')], 'live', reach);
      expect(found.total).toBe(votes.length);
      expect(found.mostVoted).toEqual(all.slice(0, reach).map((x) => x.id));
    }
  });

  it('agrees with sorting every match, on many listings with many ties', () => {
    const index = new WordIndex();
    const live: { id: number; votes: number }[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let id = 1; id <= 3_000; id++) {
      const votes = Math.floor(random() * 20);
      const words = random() < 0.6 ? ['common', 'other'] : ['other'];
      const status = random() < 0.9 ? 'live' : 'scheduled';
      index.put(listing(id, words, votes, status));
      if (words.includes('common') && status === 'live') live.push({ id, votes });
    }
    live.sort((a, b) => b.votes - a.votes || a.id - b.id);
    for (const reach of [1, 50, 200, 999, live.length]) {
      const found = index.match([exact('common')], 'live', reach);
      expect(found.total).toBe(live.length);
      expect(found.mostVoted).toEqual(live.slice(0, reach).map((l) => l.id));
    }
  });
});

describe('WordIndex changes', () => {
  it('takes new votes and status without moving a listing whose words are the same', () => {
    const index = indexOf(listing(1, ['alpha'], 1), listing(2, ['alpha'], 2));
    index.put(listing(1, ['alpha'], 5));
    expect(index.match([exact('alpha')], 'live', 10).mostVoted).toEqual([1, 2]);
    index.put(listing(2, ['alpha'], 2, 'scheduled'));
    expect(index.match([exact('alpha')], 'live', 10)).toEqual({ total: 1, mostVoted: [1] });
    expect(index.deadShare).toBe(0);
  });

  it('forgets the words a listing no longer has, and learns its new ones', () => {
    const index = indexOf(listing(1, ['alpha', 'beta'], 1), listing(2, ['alpha'], 2));
    index.put(listing(1, ['beta', 'gamma'], 1));
    expect(index.match([exact('alpha')], 'live', 10)).toEqual({ total: 1, mostVoted: [2] });
    expect(index.match([exact('gamma')], 'live', 10)).toEqual({ total: 1, mostVoted: [1] });
    expect(index.match([{ prefix: 'gam', exact: [] }], 'live', 10).total).toBe(1);
    expect(index.size).toBe(2);
    expect(index.deadShare).toBeCloseTo(2 / 5);
  });

  it('takes a listing out, and back in', () => {
    const index = indexOf(listing(1, ['alpha'], 1), listing(2, ['alpha'], 2));
    index.remove(2);
    index.remove(99); // never indexed: nothing happens
    expect(index.match([exact('alpha')], 'live', 10)).toEqual({ total: 1, mostVoted: [1] });
    expect(index.size).toBe(1);
    index.put(listing(2, ['alpha'], 2));
    expect(index.match([exact('alpha')], 'live', 10)).toEqual({ total: 2, mostVoted: [2, 1] });
  });

  it('grows past its first slots and a lexeme past its first postings', () => {
    const index = new WordIndex();
    for (let id = 1; id <= 5_000; id++) index.put(listing(id, ['shared', `own${id}`], id % 13));
    expect(index.match([exact('shared')], 'live', 3).total).toBe(5_000);
    expect(index.match([exact('own4321')], 'live', 3)).toEqual({ total: 1, mostVoted: [4321] });
    expect(index.match([{ prefix: 'own432', exact: [] }], 'live', 100).total).toBe(11); // own432 and own4320..4329
  });
});
