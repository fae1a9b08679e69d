import { describe, expect, it } from 'vitest';
import { dropOldest } from '../../src/caching/drop-oldest.js';

const dropping = (map: Map<string, number>, dropped: string[]) => (key: string) => {
  dropped.push(key);
  map.delete(key);
};

describe('dropOldest', () => {
  it('drops from the least recently set (a re-set entry counts as new) until there is enough room', () => {
    const map = new Map(['a', 'b', 'c', 'd', 'e'].map((key, i) => [key, i]));
    map.delete('a');
    map.set('a', 9); // read again: most recent now
    const dropped: string[] = [];
    dropOldest(map, dropping(map, dropped), () => map.size <= 2);
    expect(dropped).toEqual(['b', 'c', 'd']);
    expect([...map.keys()]).toEqual(['e', 'a']);
  });

  it('drops a 64th of a large map at once, so that the next insertions find room', () => {
    const map = new Map(Array.from({ length: 6_401 }, (_, i) => [`k${i}`, i]));
    const dropped: string[] = [];
    dropOldest(map, dropping(map, dropped), () => map.size <= 6_400);
    expect(dropped).toHaveLength(100);
    expect(dropped[99]).toBe('k99');
    expect(map.size).toBe(6_301);
  });

  it('can empty the map, and drops nothing from a small one with room', () => {
    const map = new Map([['a', 1]]);
    dropOldest(
      map,
      (key) => map.delete(key),
      () => true,
    );
    expect(map.size).toBe(1);
    dropOldest(
      map,
      (key) => map.delete(key),
      () => false,
    );
    expect(map.size).toBe(0);
  });
});
