import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../src/seed/content.js';

/** The demo blog's VAT answer states the rules quote_order applies (src/orders/vat.ts), not only the reverse charge. */
describe('the demo FAQ on VAT', () => {
  const answers = BLOG_POSTS.flatMap((post) => post.faqs).filter((faq) => /\bVAT\b/.test(`${faq.question} ${faq.answer}`));

  it('says who pays which VAT: the seller country, the reverse charge, EU consumers, outside the EU', () => {
    expect(answers).toHaveLength(1);
    const [{ answer }] = answers;
    expect(answer).toMatch(/our own country .* pay its VAT, businesses with a VAT number too/);
    expect(answer).toMatch(/EU business in another EU country with a valid VAT number pays none: the reverse charge/);
    expect(answer).toMatch(/Other EU buyers pay their own country's VAT/);
    expect(answer).toMatch(/outside the EU pay none/);
    expect(answer).not.toMatch(/EU businesses with a valid VAT number pay no VAT/);
  });
});
