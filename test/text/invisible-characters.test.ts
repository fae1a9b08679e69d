import { describe, expect, it } from 'vitest';
import { hasInvisible, stripInvisible } from '../../src/text/invisible-characters.js';

describe('invisible characters', () => {
  it('strip bidirectional overrides, isolates and marks', () => {
    expect(stripInvisible('\u202eppA lanimreT')).toBe('ppA lanimreT');
    expect(stripInvisible('a\u2066b\u2069c\u200fd\u200e')).toBe('abcd');
    expect(hasInvisible('\u202eppA lanimreT')).toBe(true);
  });

  it('strip zero-width characters and the byte order mark', () => {
    expect(stripInvisible('Ter\u200bmi\u200cnal\u200d \ufeffApp\u2060')).toBe('Terminal App');
  });

  it('leave ordinary text, accents and right-to-left scripts alone', () => {
    for (const text of ['Terminal App', 'Café Ljubljana', 'שלום עולם', 'مرحبا', '東京']) {
      expect(stripInvisible(text)).toBe(text);
      expect(hasInvisible(text)).toBe(false);
    }
  });
});
