import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { country, pageOf, pageResult, paging } from '../src/schema.js';
import { founderListItem, listFounders } from '../src/catalogue/founders.js';

export default defineTool({
  name: 'list_founders',
  title: 'List founders',
  toolset: 'directory',
  description:
    'Founders behind live listings, with their role title, country and the live companies they founded, filtered by name (q) and country. Without q, founders of the most-voted companies come first. get_founder with a slug gives the bio, socials and published founder stories.',
  http: { method: 'GET', path: '/founders', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({
    q: z
      .string()
      .trim()
      .max(120)
      .optional()
      .describe("Part of the founder's name; a slightly misspelled name also matches, closest names first"),
    country: country.optional(),
    ...paging,
  }),
  output: pageOf(founderListItem),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ q, country, page, per_page }, { services }) {
    const { items, total } = await listFounders(services.db, { q, country }, { page, per_page }, services.config.publicUrl);
    return pageResult(items, total, { page, per_page });
  },
});
