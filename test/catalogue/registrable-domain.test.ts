import { describe, expect, it } from 'vitest';
import { registrableDomain } from '../../src/catalogue/registrable-domain.js';

/** Which product a website is (the public suffix list through tldts); listings and drafts are matched on it. */
describe('registrableDomain', () => {
  it('makes www. and other subdomains of one site one product', () => {
    for (const url of [
      'https://quillnote.com/',
      'https://www.quillnote.com/about',
      'http://app.eu.quillnote.com:8080/x',
      'https://WWW.Quillnote.COM./',
    ])
      expect(registrableDomain(url)).toBe('quillnote.com');
    expect(registrableDomain('https://shop.quillnote.co.uk/')).toBe('quillnote.co.uk');
  });

  it('makes two customers of one hosting suffix two products', () => {
    expect(registrableDomain('https://ana.github.io/notes')).toBe('ana.github.io');
    expect(registrableDomain('https://tom.github.io/')).toBe('tom.github.io');
    expect(registrableDomain('https://docs.ana.github.io/')).toBe('ana.github.io');
    expect(registrableDomain('https://a.vercel.app/')).toBe('a.vercel.app');
    expect(registrableDomain('https://b.vercel.app/')).toBe('b.vercel.app');
    // A host that is itself a public suffix stands for itself.
    expect(registrableDomain('https://github.io/')).toBe('github.io');
  });

  it('counts host and port together for a site addressed by IP address or localhost', () => {
    expect(registrableDomain('http://127.0.0.1:4001/')).toBe('127.0.0.1:4001');
    expect(registrableDomain('http://127.0.0.1:4001/about')).toBe('127.0.0.1:4001');
    expect(registrableDomain('http://127.0.0.1:4002/')).toBe('127.0.0.1:4002');
    expect(registrableDomain('http://127.0.0.1/')).toBe('127.0.0.1:80');
    expect(registrableDomain('https://203.0.113.9/')).toBe('203.0.113.9:443');
    expect(registrableDomain('http://[2001:db8::1]:8080/')).toBe('[2001:db8::1]:8080');
    expect(registrableDomain('http://localhost:3000/')).toBe('localhost:3000');
    expect(registrableDomain('http://app.localhost:3000/')).toBe('app.localhost:3000');
  });

  it('answers nothing for what is no http(s) address', () => {
    for (const bad of ['not a url', 'ftp://quillnote.com/', 'mailto:hello@quillnote.com', ''])
      expect(registrableDomain(bad)).toBeUndefined();
  });
});
