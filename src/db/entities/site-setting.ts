import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { JsonValue } from './json-types.js';

/** site_settings: one JSON value per key. */
export const SiteSetting = defineEntity({
  name: 'SiteSetting',
  tableName: 'site_settings',
  properties: {
    key: p.text().primary(),
    value: p.json<JsonValue>(),
  },
});
export type SiteSetting = InferEntity<typeof SiteSetting>;
