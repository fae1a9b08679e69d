import { describe, expect, it } from 'vitest';
import { canonicalEmail, normalizeEmail } from '../../src/text/email.js';

describe('canonicalEmail', () => {
  it('gives every address of a Gmail mailbox one form: no dots, no +tag, gmail.com for googlemail.com, any case', () => {
    for (const alias of [
      'ring@gmail.com',
      'ring+1@gmail.com',
      'ring+16@gmail.com',
      'r.i.n.g@gmail.com',
      'ring@googlemail.com',
      ' RING+x@GMAIL.COM ',
    ])
      expect(canonicalEmail(alias), alias).toBe('ring@gmail.com');
  });

  it("drops the tags of the other providers validator knows (Outlook.com's +, Yahoo's -), and merges Yandex's domains", () => {
    expect(canonicalEmail('Ann+news@outlook.com')).toBe('ann@outlook.com');
    expect(canonicalEmail('ann.lee+x@hotmail.co.uk')).toBe('ann.lee@hotmail.co.uk');
    expect(canonicalEmail('ann+x@icloud.com')).toBe('ann@icloud.com');
    expect(canonicalEmail('ann-shop@yahoo.com')).toBe('ann@yahoo.com');
    expect(canonicalEmail('ann@ya.ru')).toBe('ann@yandex.ru');
  });

  it('keeps dots and +tags at any other provider, only trimmed and lower-cased as stored', () => {
    expect(canonicalEmail('A.B@Example.com')).toBe('a.b@example.com');
    expect(canonicalEmail('ab+news@example.com')).toBe('ab+news@example.com');
    expect(canonicalEmail(' Ab@Example.com ')).toBe(normalizeEmail(' Ab@Example.com '));
  });

  it('leaves an address the rules would empty, or no address at all, as it is', () => {
    expect(canonicalEmail('+x@gmail.com')).toBe('+x@gmail.com');
    expect(canonicalEmail('...@gmail.com')).toBe('...@gmail.com');
    expect(canonicalEmail('not an address')).toBe('not an address');
    expect(canonicalEmail('')).toBe('');
  });
});
