import { describe, expect, it } from 'vitest';
import tool from '../../tools/update_draft.js';
import { inputJsonSchema } from '../../src/registry/json-schema.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';

const ID = '5f0c3a52-8f4e-4c55-9a55-6f1f1e2b3c4d';
type Schema = { properties: Record<string, Schema>; items: Schema; anyOf?: Schema[]; pattern?: string };
// The OpenAPI document's schema, with every pattern (tools/list leaves the long ones to the server's check).
const published = inputJsonSchema(tool.input) as unknown as Schema;
const stringOf = (schema: Schema): Schema => schema.anyOf?.find((s) => 'pattern' in s) ?? schema;
const milestoneUrl = stringOf(published.properties.milestones.items.properties.url);
const faqQuestion = published.properties.faqs.items.properties.question;

/** Whether the service's validation and the published pattern agree on `value`. */
function agree(schema: Schema, value: string, input: (value: string) => unknown) {
  const accepted = tool.input.safeParse(input(value)).success;
  return { value, accepted, published: new RegExp(schema.pattern ?? '').test(value) };
}

// Behaviour end to end (crawl, draft, edit, submit, invite, 404 for other accounts): test/drafting/submission-flow.test.ts.
describe('update_draft', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('keeps its published contract', () => expectContractUnchanged(tool));

  it('publishes that milestone links are https, and refuses what it publishes as refused', () => {
    const input = (url: string) => ({ id: ID, milestones: [{ date: '2026-11-02', title: 'Launch', url }] });
    for (const url of ['https://example.com/news', 'http://example.com/news', 'ftp://example.com', 'https://', 'example.com']) {
      const { accepted, published: matches } = agree(milestoneUrl, url, input);
      expect({ url, accepted }).toEqual({ url, accepted: matches });
    }
    const refused = tool.input.safeParse(input('http://example.com'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].path).toEqual(['milestones', 0, 'url']);
  });

  it('publishes that required text must hold more than spaces, and refuses whitespace-only text', () => {
    expect(faqQuestion.pattern).toBe('\\S');
    const input = (question: string) => ({ id: ID, faqs: [{ question, answer: 'Yes.' }] });
    for (const question of ['Does it work?', '   ', '\t\n', '', ' x ']) {
      const { accepted, published: matches } = agree(faqQuestion, question, input);
      expect({ question, accepted }).toEqual({ question, accepted: matches && question.length > 0 });
    }
  });
});
