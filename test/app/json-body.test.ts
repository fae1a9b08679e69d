import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, nestingDepth } from '../../src/web/json-body.js';

describe('nestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings (escaped quotes included)', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(nestingDepth('{"a":"[[[{{\\"[[[\\\\"}')).toBe(1);
    expect(nestingDepth(`${'['.repeat(MAX_NESTING_DEPTH + 1)}${']'.repeat(MAX_NESTING_DEPTH + 1)}`)).toBe(MAX_NESTING_DEPTH + 1);
  });
});
