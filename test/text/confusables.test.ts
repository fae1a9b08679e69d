import { describe, expect, it } from 'vitest';
import { confusableKey, skeleton } from '../../src/text/confusables.js';

describe('TR39 skeletons', () => {
  it("map look-alikes to their prototype from Unicode's confusables.txt, between two NFDs", () => {
    expect(skeleton('\u0410lice')).toBe('Alice'); // Cyrillic А
    expect(skeleton('\u0391lice')).toBe('Alice'); // Greek Α
    expect(skeleton('m')).toBe('rn');
    expect(skeleton('Zo\u00eb')).toBe('Zoe\u0308'); // NFD keeps the diaeresis, apart
  });
});

describe('confusable keys (names compared by them)', () => {
  it('are the same for names that look alike, in any case', () => {
    const alice = confusableKey('Alice');
    for (const lookalike of [
      'ALICE',
      'alice',
      '\u0410lice',
      '\u0430lice',
      'Al\u0456ce',
      '\u13AAlice',
      'Alıce',
      'AIice',
      'A1ice',
      '  Alice  ',
    ])
      expect(confusableKey(lookalike), lookalike).toBe(alice);
    expect(confusableKey('\u0410lice Site Team (\u0430dmin)')).toBe(confusableKey('alice site team (admin)'));
    expect(confusableKey('Stra\u00dfe')).toBe(confusableKey('STRASSE'));
    expect(confusableKey('Member 000000')).toBe(confusableKey('MEMBER OOOOOO'));
    expect(confusableKey('\u041cember')).toBe(confusableKey('Member')); // Cyrillic М
    expect(confusableKey('\u0410\u041d\u041d\u0410')).toBe(confusableKey('AHHA')); // АННА, capitals alike
  });

  it('differ for names that only share letters with a different look', () => {
    expect(confusableKey('\u0410\u043d\u043d\u0430')).not.toBe(confusableKey('Anna')); // Анна, genuinely Cyrillic
    expect(confusableKey('Jos\u00e9')).not.toBe(confusableKey('Jose'));
    expect(confusableKey('李小龍')).toBe('李小龍');
    expect(confusableKey('Alice Smith')).not.toBe(confusableKey('Alice Smyth'));
  });
});
