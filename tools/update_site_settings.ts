import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { SETTINGS_CACHE_SECONDS, siteSettingsSchema } from '../src/catalogue/site-settings.js';
import { settingsChanges, updateSiteSettings } from '../src/staff/settings-writer.js';
import { staffActor } from '../src/staff/roles.js';

export default defineTool({
  name: 'update_site_settings',
  title: 'Change the site settings',
  toolset: 'admin',
  description:
    'Changes any subset of the site settings (get_site_settings shows them); free_launch_weeks and rate_limits may be given in part. ' +
    `Kept working: a real IANA time_zone, free_launch_weeks min <= max, order_lifetime_hours 1-24, rate limits at their minimums. Every instance applies it within ${SETTINGS_CACHE_SECONDS} s. ` +
    'Audited with the changed keys before and after.',
  http: { method: 'PATCH', path: '/admin/settings', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: true,
  crossFieldRules: [
    { path: /^\/time_zone$/, message: /Unknown time zone/ },
    { path: /^\/free_launch_weeks\/(min|max)$/, message: /must not exceed max/ },
  ],
  input: settingsChanges,
  output: z.object({ settings: siteSettingsSchema, changed: z.array(z.string()).describe('The settings this call changed') }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(changes, ctx) {
    return updateSiteSettings(ctx.services.db, { actor: staffActor(staffOf(ctx)), changes, now: ctx.services.now() });
  },
});
