import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { staffActor } from '../src/staff/roles.js';
import { categoryFieldsInput, createCategory, editedCategory } from '../src/editorial/categories.js';

export default defineTool({
  name: 'create_category',
  title: 'Add a category',
  toolset: 'admin',
  description:
    'Adds a category to the tree, top level or under parent (a slug from list_categories), last among its siblings. ' +
    'The slug defaults to one made from the name. A name (in any case) or slug already in use is 409; an unknown ' +
    'parent 404. Answers the category as get_category shows it. Audited.',
  http: { method: 'POST', path: '/admin/categories', status: 201 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    name: categoryFieldsInput.name,
    slug: categoryFieldsInput.slug.optional(),
    description: categoryFieldsInput.description.optional(),
    parent: categoryFieldsInput.parent.optional(),
    faqs: categoryFieldsInput.faqs.optional(),
    keywords: categoryFieldsInput.keywords.optional(),
  }),
  output: editedCategory,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler(input, ctx) {
    const { db, now, config } = ctx.services;
    return createCategory(db, input, { actor: staffActor(staffOf(ctx)), now: now(), publicUrl: config.publicUrl });
  },
});
