import { describe, expect, it } from 'vitest';
import { changedListingIds, changedVoteCounts } from '../../src/catalogue/listing-changes.js';

describe('listing change notifications', () => {
  it('name listings by id, with their new vote counts when only counters changed', () => {
    expect(changedListingIds('3,17')).toEqual([3, 17]);
    expect(changedVoteCounts('3,17')).toBeUndefined();
    // A vote or a follow (migration 0031): ids first, which listeners that know only ids still read.
    expect(changedListingIds('3,17,=3:40,=17:0')).toEqual([3, 17]);
    expect(changedVoteCounts('3,17,=3:40,=17:0')).toEqual(
      new Map([
        [3, 40],
        [17, 0],
      ]),
    );
  });

  it('give no vote counts unless every listing named has one, nor for everything changed', () => {
    expect(changedVoteCounts('3,17,=3:40')).toBeUndefined();
    expect(changedVoteCounts('*')).toBeUndefined();
    expect(changedListingIds('*')).toBe('all');
    expect(changedVoteCounts('')).toBeUndefined();
    expect(changedVoteCounts('3,=3:-1')).toBeUndefined();
    expect(changedVoteCounts('3,=3:4x')).toBeUndefined();
  });
});
