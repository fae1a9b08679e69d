import { describe, expect, it } from 'vitest';
import { unstorableText } from '../../src/registry/storable-text.js';

describe('unstorableText', () => {
  it('names every string and key holding a NUL or half of a surrogate pair, at any depth', () => {
    const errors = unstorableText({ a: 'fine 😀', b: ['x', 'y\u0000'], c: { 'k\uD800': 1, d: '\uDC00z' } });
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: '/b/1', message: expect.stringContaining('NUL') },
        { path: '/c/k\uFFFD', message: expect.stringContaining('Property names') },
        { path: '/c/d', message: expect.stringContaining('surrogates') },
      ]),
    );
    expect(unstorableText({ q: 'emoji 😀 and é', n: 1, z: null })).toEqual([]);
  });
});
