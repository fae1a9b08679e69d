import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { slug } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { mergeCategory, mergedCategory } from '../src/editorial/categories.js';

export default defineTool({
  name: 'merge_category',
  title: 'Merge a category into another',
  toolset: 'admin',
  description:
    'Merges the category into `into`: its listings (primary and extra) and subcategories move there, it is deleted, ' +
    'and its address redirects to the target. Cannot be undone. Merging into itself or its own subcategory is 409; ' +
    'unknown slugs 404. Audited.',
  http: { method: 'POST', path: '/admin/categories/{slug}/merge', status: 200 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    slug: slug('category to merge away'),
    into: slug('category that takes its place'),
  }),
  output: mergedCategory,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async handler({ slug, into }, ctx) {
    const { db, now, config } = ctx.services;
    return mergeCategory(db, slug, into, { actor: staffActor(staffOf(ctx)), now: now(), publicUrl: config.publicUrl });
  },
});
