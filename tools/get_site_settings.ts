import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { loadSiteSettings, SETTINGS_CACHE_SECONDS, siteSettingsSchema } from '../src/catalogue/site-settings.js';
import { allProducts, pricedProduct, vatRates, vatRateSchema } from '../src/orders/prices.js';

export default defineTool({
  name: 'get_site_settings',
  title: 'Read the site settings',
  toolset: 'admin',
  description:
    'The site settings (name, purpose, time zone, free launches per week and weeks out, billboard minimum, seller country, order lifetime, rate limits), ' +
    'every product with its price in USD cents excluding VAT, and the VAT rates by country. update_site_settings, set_price and set_vat_rate change them.',
  http: { method: 'GET', path: '/admin/settings', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({
    settings: siteSettingsSchema,
    products: z.array(pricedProduct),
    vat_rates: z.array(vatRateSchema),
    cache_seconds: z.number().int().describe('Every instance applies a settings change within this many seconds'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    const [settings, products, rates] = await Promise.all([loadSiteSettings(services.db), allProducts(services.db), vatRates(services.db)]);
    return { settings, products, vat_rates: rates, cache_seconds: SETTINGS_CACHE_SECONDS };
  },
});
