import { describe, expect, it } from 'vitest';
import { evaluate, gradesOf, type JudgedListing, type JudgedQuery, ndcgAt10, precisionAt5 } from './evaluate.js';

/** A directory of seven live listings: five CRMs, a help desk and a chatbot. */
const DIRECTORY: JudgedListing[] = [
  { slug: 'crm-1', primary_category: 'crm' },
  { slug: 'crm-2', primary_category: 'crm' },
  { slug: 'crm-3', primary_category: 'crm' },
  { slug: 'crm-4', primary_category: 'crm' },
  { slug: 'crm-5', primary_category: 'crm' },
  { slug: 'desk', primary_category: 'help-desk' },
  { slug: 'bot', primary_category: 'chatbots' },
];
/** Relevant: the help desk (grade 1) and the bot named (grade 2). */
const SUPPORT: JudgedQuery = { id: 'support', q: 'support', kind: 'need', relevant_categories: ['help-desk'], relevant_listings: ['bot'] };
const grades = gradesOf(SUPPORT, DIRECTORY);

describe('grades', () => {
  it('grades 1 a listing of a relevant category, 2 a listing named, and the named grade wins', () => {
    expect(Object.fromEntries(grades)).toEqual({ desk: 1, bot: 2 });
    const both = gradesOf({ ...SUPPORT, relevant_categories: ['chatbots'] }, DIRECTORY);
    expect(Object.fromEntries(both)).toEqual({ bot: 2 });
  });

  it('refuses a listing or category the directory does not hold, and a query with nothing relevant', () => {
    expect(() => gradesOf({ ...SUPPORT, relevant_listings: ['gone'] }, DIRECTORY)).toThrow(/gone is not a live listing/);
    expect(() => gradesOf({ ...SUPPORT, relevant_categories: ['seo'] }, DIRECTORY)).toThrow(/no live listing is filed under seo/);
    expect(() => gradesOf({ id: 'x', q: 'x', kind: 'need' }, DIRECTORY)).toThrow(/nothing is relevant/);
  });
});

describe('precision@5', () => {
  it('counts the relevant among the first five over the relevant there are, when fewer than five', () => {
    expect(precisionAt5(['crm-1', 'bot', 'crm-2', 'desk'], grades)).toBe(2 / 2);
    expect(precisionAt5(['crm-1', 'bot', 'crm-2'], grades)).toBe(1 / 2);
    expect(precisionAt5(['crm-1', 'crm-2', 'crm-3', 'crm-4', 'crm-5', 'bot'], grades)).toBe(0); // sixth is too late
    expect(precisionAt5([], grades)).toBe(0);
  });

  it('over five when five or more are relevant', () => {
    const crms = gradesOf({ id: 'crm', q: 'crm', kind: 'category', relevant_categories: ['crm'] }, DIRECTORY);
    expect(precisionAt5(['crm-1', 'desk', 'crm-2', 'crm-3', 'crm-4'], crms)).toBe(4 / 5);
  });
});

describe('NDCG@10', () => {
  it('is 1 for the ideal order and 0 for nothing relevant', () => {
    expect(ndcgAt10(['bot', 'desk'], grades)).toBe(1);
    expect(ndcgAt10(['bot', 'desk', 'crm-1'], grades)).toBe(1);
    expect(ndcgAt10(['crm-1', 'crm-2'], grades)).toBe(0);
    expect(ndcgAt10([], grades)).toBe(0);
  });

  it('gains 2^grade - 1 at rank i, discounted by log2(i + 1), over the ideal', () => {
    // answered: crm-1 (0) at rank 1, desk (gain 1) at rank 2, bot (gain 3) at rank 3; ideal: bot, desk
    const dcg = 1 / Math.log2(3) + 3 / Math.log2(4);
    const ideal = 3 / Math.log2(2) + 1 / Math.log2(3);
    expect(ndcgAt10(['crm-1', 'desk', 'bot'], grades)).toBeCloseTo(dcg / ideal, 12);
    expect(ndcgAt10(['crm-1', 'desk', 'bot'], grades)).toBeCloseTo(0.5869, 4);
  });

  it('reads only the first ten', () => {
    const late = ['crm-1', 'crm-2', 'crm-3', 'crm-4', 'crm-5', 'a', 'b', 'c', 'd', 'e', 'bot'];
    expect(ndcgAt10(late, grades)).toBe(0);
  });
});

describe('evaluate', () => {
  it('measures each query, then the means overall and per kind, and counts the empty answers', async () => {
    const crm: JudgedQuery = { id: 'crm', q: 'crm', kind: 'category', relevant_categories: ['crm'] };
    const answers: Record<string, string[]> = { support: ['bot', 'bot', 'desk'], crm: [] };
    const report = await evaluate({ now: '2026-11-28T12:00:00Z', queries: [SUPPORT, crm] }, DIRECTORY, async (q) => answers[q]);
    expect(report.results.map((r) => [r.id, r.relevant, r.p_at_5, r.ndcg_at_10, r.empty, r.top])).toEqual([
      ['support', 2, 1, 1, false, ['bot', 'desk']], // a listing answered twice counts once
      ['crm', 5, 0, 0, true, []],
    ]);
    expect(report.overall).toEqual({ queries: 2, p_at_5: 0.5, ndcg_at_10: 0.5, empty: 1 });
    expect(report.by_kind).toEqual({
      need: { queries: 1, p_at_5: 1, ndcg_at_10: 1, empty: 0 },
      category: { queries: 1, p_at_5: 0, ndcg_at_10: 0, empty: 1 },
    });
  });
});
