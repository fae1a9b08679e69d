import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { slug } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { categoryFieldsInput, editedCategory, updateCategory } from '../src/editorial/categories.js';

export default defineTool({
  name: 'update_category',
  title: 'Rename, describe or move a category',
  toolset: 'admin',
  description:
    'Changes a category; send only what changes. A new_slug leaves the old address redirecting (site 301; the API ' +
    'answers the category). parent moves it (null: top level); under itself or its own subcategories is 409, as is ' +
    'a name or slug in use. Listings show the change at once. Audited.',
  http: { method: 'PATCH', path: '/admin/categories/{slug}', status: 200 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    slug: slug('category'),
    name: categoryFieldsInput.name.optional(),
    new_slug: categoryFieldsInput.slug.optional().describe('A new address: /categories/{new_slug}; the old one redirects'),
    description: categoryFieldsInput.description.optional(),
    parent: categoryFieldsInput.parent.optional(),
    faqs: categoryFieldsInput.faqs.optional(),
    keywords: categoryFieldsInput.keywords.optional(),
  }),
  output: editedCategory,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug, new_slug, ...fields }, ctx) {
    const { db, now, config } = ctx.services;
    return updateCategory(
      db,
      slug,
      { ...fields, slug: new_slug },
      { actor: staffActor(staffOf(ctx)), now: now(), publicUrl: config.publicUrl },
    );
  },
});
