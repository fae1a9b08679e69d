import type { Database } from '../db/database.js';

/**
 * A secret every instance of the service shares: made by the first instance that needs it
 * (INSERT … ON CONFLICT DO NOTHING, so racing instances agree on one), then read by all.
 */
export async function sharedSecret<T>(db: Database, name: string, make: () => T): Promise<T> {
  const read = () => db.one<{ value: T }>('SELECT value FROM service_secrets WHERE name = $1', [name]);
  const existing = await read();
  if (existing) return existing.value;
  await db.query('INSERT INTO service_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, JSON.stringify(make())]);
  const row = await read();
  if (!row) throw new Error(`service secret ${name} missing after insert`);
  return row.value;
}
