import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { country } from '../src/schema.js';
import { setVatRate, vatRateSchema } from '../src/orders/prices.js';
import { staffActor } from '../src/staff/roles.js';

export default defineTool({
  name: 'set_vat_rate',
  title: "Set a country's VAT rate",
  toolset: 'admin',
  description:
    "Sets a country's VAT rate in percent (0 to 100, up to 2 decimals, e.g. 25.5), or adds the country; eu marks whether EU VAT rules apply there " +
    '(left out: kept, or false for a new country). New quotes use it at once. Audited before and after.',
  http: { method: 'PUT', path: '/admin/vat-rates/{country}', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: true,
  errorStatuses: [404],
  // Stated as multipleOf 0.01, which the generator of test/rest/fuzz.test.ts does not honour.
  crossFieldRules: [{ path: /^\/rate_percent$/, message: /at most two decimals/ }],
  input: z.strictObject({
    country,
    rate_percent: z
      .number()
      .min(0)
      .max(100)
      // Up to two decimals, allowing for binary floating point (99.99999999999984 is 100.00); published as multipleOf.
      .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, 'Must have at most two decimals')
      .meta({ multipleOf: 0.01 })
      .describe('e.g. 19 or 25.5'),
    eu: z.boolean().optional(),
  }),
  output: vatRateSchema.extend({
    added: z.boolean().describe('Whether the country was new'),
    previous: vatRateSchema.nullable(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ country: code, rate_percent, eu }, ctx) {
    const { outcome, ...rate } = await setVatRate(ctx.services.db, {
      actor: staffActor(staffOf(ctx)),
      country: code,
      basisPoints: Math.round(rate_percent * 100),
      eu,
      now: ctx.services.now(),
    });
    return { ...rate, added: outcome === 'added' };
  },
});
