import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { country, pageOf, pageResult, paging } from '../src/schema.js';
import { founderListItem, listFounders } from '../src/catalogue/founders.js';

export default defineTool({
  name: 'list_founders',
  title: 'List founders',
  toolset: 'directory',
  description:
    'Founders behind live listings with their role title, country and live companies, filtered by name (q) and country; without q, founders of the most-voted companies first. get_founder gives bio, socials and stories.',
  http: { method: 'GET', path: '/founders', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({
    q: z.string().trim().max(120).optional().describe('Part of the name; near misspellings match too, closest first'),
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
