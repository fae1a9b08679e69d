import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ListingFounder, Story } from './listing.js';
import type { Socials } from './json-types.js';
import { Account } from './account.js';

/** founders: people behind listings (linked through listing_founders). */
export const Founder = defineEntity({
  name: 'Founder',
  tableName: 'founders',
  properties: {
    id: p.integer().primary().autoincrement(),
    slug: p.text().unique('founders_slug_key'),
    name: p.text(),
    title: p.text().nullable(),
    bio: p.text().default(''),
    country: p.character().length(2).nullable(),
    avatarUrl: p.text().nullable(),
    socials: p
      .json<Socials>()
      .defaultRaw(`'{}'`)
      .onCreate(() => ({})),
    createdAt: p.datetime().defaultRaw('now()'),
    /** The account that speaks for this founder (interview answers); set on its first answer. */
    account: () =>
      p
        .manyToOne(Account)
        .ref()
        .nullable()
        .unique('founders_account_id_key')
        .deleteRule('set null')
        .updateRule('no action')
        .foreignKeyName('founders_account_id_fkey'),

    listingLinks: () => p.oneToMany(ListingFounder).mappedBy('founder'),
    stories: () => p.oneToMany(Story).mappedBy('founder'),
  },
  indexes: [
    {
      name: 'founders_name_trgm_idx',
      expression: 'CREATE INDEX founders_name_trgm_idx ON founders USING gin(name gin_trgm_ops)',
    },
  ],
});
export type Founder = InferEntity<typeof Founder>;
