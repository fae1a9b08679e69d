import { describe, expect, it } from 'vitest';
import { remembered } from '../../src/caching/remembered.js';
import { readableDate, readableDay, readableWeek } from '../../src/web/layout.js';

describe('remembered', () => {
  it('makes each answer once, and keeps at most its limit of answers', () => {
    const made: string[] = [];
    const upper = remembered(100, (key: string) => {
      made.push(key);
      return key.toUpperCase();
    });
    expect(upper('a')).toBe('A');
    expect(upper('a')).toBe('A');
    expect(made).toEqual(['a']);
    for (let i = 0; i < 1_000; i++) upper(`k${i}`);
    expect(made).toHaveLength(1_001);
    // The first keys were dropped: asked again, they are made again; the newest is still remembered.
    upper('a');
    upper('k999');
    expect(made).toHaveLength(1_002);
    expect(made.at(-1)).toBe('a');
  });

  it('gives the pages the same words for a date, asked once or many times', () => {
    for (let i = 0; i < 3; i++) {
      expect(readableDay('2026-11-23')).toBe('Nov 23');
      expect(readableWeek('2026-11-30')).toBe('Nov 30 – Dec 6');
      expect(readableWeek('2026-11-23')).toBe('Nov 23 – 29');
      expect(readableDate('2026-11-23T10:15:00.000Z')).toBe('Nov 23, 2026');
    }
  });
});
