import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../../src/registry/input-errors.js';
import updateDraft from '../../tools/update_draft.js';
import updateMyListing from '../../tools/update_my_listing.js';
import {
  COUNTRY_MESSAGE,
  FOUNDED_YEAR,
  FOUNDED_YEAR_MESSAGE,
  FOUNDED_YEAR_PATTERN,
  foundedYear,
} from '../../src/listings/profile-rules.js';

/**
 * One definition of the profile's fields (issue 49): the draft tool and the listing tool take a country, a year,
 * a list, FAQs and links by the same rules and refuse them with the same words.
 */
const draftInput = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  updateDraft.input.safeParse({ id: '4f3c2a10-7a2b-4c1e-9d3e-1b2c3d4e5f60', fields, ...extra });
const listingInput = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  updateMyListing.input.safeParse({ listing_id: 1, fields, ...extra });
/** The refusals as a caller reads them (REST's problem, MCP's error): each field's path and message. */
const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.success || !result.error ? [] : fieldErrors(result.error).map((error) => `${error.path} ${error.message}`);

describe('the profile rules shared by drafts and listings', () => {
  it('the published year pattern takes exactly the years the range takes', () => {
    for (let year = 0; year <= 9999; year++) {
      const text = String(year).padStart(4, '0');
      expect(FOUNDED_YEAR_PATTERN.test(text), text).toBe(foundedYear(text) !== undefined);
    }
    expect(foundedYear(FOUNDED_YEAR.min)).toBe(FOUNDED_YEAR.min);
    expect(foundedYear(FOUNDED_YEAR.max + 1)).toBeUndefined();
    expect(foundedYear(' 2019 ')).toBe(2019);
    expect(foundedYear('19')).toBeUndefined();
  });

  it('a country is refused with the same words by both tools, and kept in capitals by both', () => {
    for (const bad of ['PRT', 'P', '12', 'p t']) {
      expect(messages(draftInput({ country: bad }))).toEqual([`/fields/country ${COUNTRY_MESSAGE}`]);
      expect(messages(listingInput({ country: bad }))).toEqual([`/fields/country ${COUNTRY_MESSAGE}`]);
    }
    const draft = draftInput({ country: 'pt' });
    const listing = listingInput({ country: 'pt' });
    expect(draft.success && draft.data.fields?.country).toBe('PT');
    expect(listing.success && listing.data.fields?.country).toBe('PT');
  });

  it('a year out of range is refused by both tools (text on a draft, a number on a listing)', () => {
    expect(messages(draftInput({ founded_year: '1799' }))).toEqual([`/fields/founded_year ${FOUNDED_YEAR_MESSAGE}`]);
    expect(messages(draftInput({ founded_year: '2101' }))).toEqual([`/fields/founded_year ${FOUNDED_YEAR_MESSAGE}`]);
    expect(draftInput({ founded_year: '2100' }).success).toBe(true);
    expect(listingInput({ founded_year: 1799 }).success).toBe(false);
    expect(listingInput({ founded_year: 2101 }).success).toBe(false);
    expect(listingInput({ founded_year: 1800 }).success).toBe(true);
  });

  it('a clearable field refused by both tools says its rule, not only "Invalid input"', () => {
    expect(messages(listingInput({ contact_email: 'not an address' }))).toEqual([
      expect.stringMatching(/^\/fields\/contact_email .*email/i),
    ]);
    expect(messages(draftInput({ contact_email: 'not an address' }))).toEqual([expect.stringMatching(/^\/fields\/contact_email .*email/i)]);
    expect(listingInput({ country: '' }).success).toBe(true);
  });

  it('lists, FAQs and links have the same bounds on both', () => {
    const longItem = 'x'.repeat(201);
    expect(draftInput({ features: [longItem] }).success).toBe(false);
    expect(listingInput({ features: [longItem] }).success).toBe(false);
    const many = Array.from({ length: 21 }, (_, i) => `feature ${i}`);
    expect(draftInput({ features: many }).success).toBe(false);
    expect(listingInput({ features: many }).success).toBe(false);
    expect(draftInput({ features: many.slice(0, 20) }).success).toBe(true);
    expect(listingInput({ features: many.slice(0, 20) }).success).toBe(true);

    const faqs = (n: number, answer = 'Yes.') => Array.from({ length: n }, (_, i) => ({ question: `Question ${i}?`, answer }));
    for (const [faqList, ok] of [
      [faqs(10), true],
      [faqs(11), false],
      [faqs(1, 'y'.repeat(1501)), false],
    ] as const) {
      expect(draftInput({}, { faqs: faqList }).success).toBe(ok);
      expect(listingInput({}, { faqs: faqList }).success).toBe(ok);
    }

    const longLink = `https://example.com/${'a'.repeat(500)}`;
    expect(draftInput({}, { company_socials: { github: longLink } }).success).toBe(false);
    expect(listingInput({}, { socials: { github: longLink } }).success).toBe(false);
    expect(draftInput({}, { company_socials: { github: 'https://github.com/acme' } }).success).toBe(true);
    expect(listingInput({}, { socials: { github: 'https://github.com/acme' } }).success).toBe(true);
  });
});
