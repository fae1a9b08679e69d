/** Picks the drafter: Claude when an API key is configured, else the offline extractive drafter. */
import type { Config } from '../config.js';
import { createClaudeDrafter } from './claude-drafter.js';
import { createExtractiveDrafter } from './extractive-drafter.js';
import type { Drafter } from './profile-fields.js';

export function chooseDrafter(config: Pick<Config, 'anthropicApiKey' | 'anthropicBaseUrl' | 'anthropicModel'>): Drafter {
  const apiKey = config.anthropicApiKey.trim();
  if (!apiKey) return createExtractiveDrafter();
  return createClaudeDrafter({ apiKey, baseUrl: config.anthropicBaseUrl.trim() || undefined, model: config.anthropicModel });
}
