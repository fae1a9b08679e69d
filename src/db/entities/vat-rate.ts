import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** vat_rates: VAT per country, in basis points (1900 = 19 %). */
export const VatRate = defineEntity({
  name: 'VatRate',
  tableName: 'vat_rates',
  properties: {
    country: p.character().length(2).primary(),
    rateBasisPoints: p.integer().check('rate_basis_points >= 0 AND rate_basis_points <= 10000'),
    eu: p.boolean().default(true),
  },
});
export type VatRate = InferEntity<typeof VatRate>;
