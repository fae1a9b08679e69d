import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Empty when the service runs on its embedded PostgreSQL (PGlite) in dataDir. */
  databaseUrl: string;
  /** Hostnames allowed in the Host header besides PUBLIC_URL's own (DNS-rebinding protection). */
  allowedHosts: string[];
  logLevel: string;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); empty keeps mail in the outbox table. */
  smtpUrl: string;
  mailFrom: string;
  /** Trust X-Forwarded-* from a TLS-terminating proxy in front of the service. */
  trustProxy: boolean;
  /** Hosts the crawler may reach although they are private or loopback (tests, local trials); empty in production. */
  crawlerAllowHosts: string[];
  /** Claude drafts profiles when set; otherwise the offline extractive drafter does. */
  anthropicApiKey: string;
  /** Tests point this at a loopback fake of the Messages API. */
  anthropicBaseUrl: string;
  anthropicModel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535, got "${env.PORT}"`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const parsed = new URL(publicUrl);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`PUBLIC_URL must be http(s), got "${publicUrl}"`);
  const trustProxy = env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1';
  if (parsed.protocol === 'https:' && !trustProxy) {
    throw new Error('PUBLIC_URL is https but the service itself serves plain HTTP: run it behind a TLS-terminating proxy and set TRUST_PROXY=true');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ?? '',
    allowedHosts: (env.ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? `Launch directory <no-reply@${parsed.hostname}>`,
    trustProxy,
    crawlerAllowHosts: (env.CRAWLER_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    anthropicApiKey: env.ANTHROPIC_API_KEY ?? '',
    anthropicBaseUrl: env.ANTHROPIC_BASE_URL ?? '',
    anthropicModel: env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5',
  };
}
