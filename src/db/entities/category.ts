import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Faq } from './json-types.js';

/** categories: the category tree. A parent cannot be deleted while it has children (ON DELETE RESTRICT). */
export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: p.integer().primary().autoincrement(),
    slug: p.text().unique('categories_slug_key'),
    name: p.text().unique('categories_name_key'),
    description: p.text().default(''),
    /** Words naming the category's kind of product, besides its name (the offline drafter matches them). */
    keywords: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    parent: () =>
      p.manyToOne(Category).ref().nullable().deleteRule('restrict').updateRule('no action').foreignKeyName('categories_parent_id_fkey'),
    children: () => p.oneToMany(Category).mappedBy('parent'),
    position: p.integer().default(0),
    faqs: p
      .json<Faq[]>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    /** Every attribute key listings of this category are compared on (compare_listings). */
    attributes: p
      .json<string[]>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
  },
  indexes: [{ name: 'categories_parent_idx', properties: ['parent'] }],
});
export type Category = InferEntity<typeof Category>;
