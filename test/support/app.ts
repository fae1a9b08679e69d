import { loadConfig } from '../../src/config.js';
import { createApp, type App, type AppParts } from '../../src/app.js';
import { loadRegistry, type Registry } from '../../src/registry/registry.js';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import net from 'node:net';
import type { SiteSettings } from '../../src/catalogue/site-settings.js';
import { createLogger, type Logger } from '../../src/logging/logger.js';

const UNREACHABLE_RATE_LIMITS: SiteSettings['rate_limits'] = {
  anonymous_per_minute: 1_000_000,
  signed_in_per_minute: 1_000_000,
  submit_listing_per_hour: 1_000_000,
};

/** Stores the site's rate limits: the ones given, and the others so high that a test never meets them. */
export async function setRateLimits(db: Database, limits: Partial<SiteSettings['rate_limits']>): Promise<void> {
  const value = { ...UNREACHABLE_RATE_LIMITS, ...limits };
  await db.query(
    `INSERT INTO site_settings (key, value) VALUES ('rate_limits', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(value)],
  );
}

export function testLogger(): Logger {
  return createLogger({ level: process.env.LOG_LEVEL ?? 'silent' });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestApp {
  url: string;
  app: App;
  db: Database;
  asSuperuser: TestDatabase['asSuperuser'];
  registry: Registry;
  close(): Promise<void>;
}

/** The real application on a fresh database, listening on a loopback port. */
export async function startTestApp(
  options: {
    now?: () => Date;
    prepare?: (db: Database) => Promise<void>;
    outbound?: AppParts['outbound'];
    jobs?: AppParts['jobs'];
    drafting?: AppParts['drafting'];
    /** Settings as environment variables, e.g. { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }. */
    env?: Record<string, string>;
    /** The site's rate limits that this test exercises; the others are set so high that it never meets them. */
    rateLimits?: Partial<SiteSettings['rate_limits']>;
    /** Default: silent, unless LOG_LEVEL is set. */
    log?: Logger;
    /** Run the service's clock as in production (default: stopped; tests tick it with a pinned time). */
    serviceClock?: boolean;
    webhookRetry?: AppParts['webhookRetry'];
    /** Default: the tools of tools/. */
    registry?: Registry;
  } = {},
): Promise<TestApp> {
  const { db, drop, asSuperuser } = await createTestDatabase();
  await setRateLimits(db, options.rateLimits ?? {});
  await options.prepare?.(db);
  const registry = options.registry ?? (await loadRegistry());
  const port = await freePort();
  const config = {
    // Pages that rank every listing show a change at once (not after the settling time) unless a test says otherwise.
    ...loadConfig({ PAGE_SETTLE_SECONDS: '0', ...options.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env }),
    host: '127.0.0.1',
  };
  const app = await createApp({
    config,
    db,
    registry,
    now: options.now,
    outbound: options.outbound,
    jobs: options.jobs,
    drafting: options.drafting,
    webhookRetry: options.webhookRetry,
    ...(options.serviceClock ? {} : { serviceClock: false as const }),
    log: options.log ?? testLogger(),
  });
  const url = await app.listen(port, '127.0.0.1');
  return {
    url,
    app,
    db,
    asSuperuser,
    registry,
    async close() {
      await app.close();
      await drop();
    },
  };
}
