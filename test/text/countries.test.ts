import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName } from '../../src/text/countries.js';

describe('countries', () => {
  it('names current ISO 3166-1 codes and refuses reserved, grouping and lower-case ones', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('GB')).toBe('United Kingdom');
    for (const code of ['UK', 'EU', 'ZZ', 'XA', 'de', 'DEU', '']) expect(countryName(code), code).toBeUndefined();
  });

  it('lists every current country once, sorted by name', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('GB');
    expect(codes).not.toContain('UK');
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(COUNTRIES.length).toBeLessThan(260);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
