import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger as PinoLogger, type SerializedError } from 'pino';
import { traceIdsOfActiveSpan } from '../observability/tracing.js';

export type Logger = PinoLogger;

export interface LoggerOptions {
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Where the JSON lines go (default: stdout, see defaultDestination). Tests capture them here. */
  destination?: DestinationStream;
}

/** Field names whose values are credentials wherever they appear (top level or one object down). */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'current_password',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'registration_access_token',
  'code_verifier',
  'client_secret',
  'api_key',
  'apiKey',
  'key',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
];

const SECRET_HEADER_PATHS = ['req.headers', 'res.headers', 'headers'].flatMap((at) => [
  `${at}.authorization`,
  `${at}.cookie`,
  `${at}["set-cookie"]`,
]);

const REDACTED_PATHS = [...SECRET_HEADER_PATHS, ...SECRET_FIELDS.flatMap(anywhereShallow)];

/** Error fields worth a log line; anything else an error carries (a driver's detail, a request's config...) may hold a secret. */
const ERROR_FIELDS = ['type', 'message', 'stack', 'code', 'status', 'statusCode'] as const;

/**
 * JSON lines (pino). Requests are logged by path, never with headers, bodies or query strings
 * (see src/web/request-log.ts); the redaction below is the second line of defence. A line written
 * while a span is active carries its trace_id and span_id (tracing on only; src/observability/tracing.ts).
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      mixin: () => traceIdsOfActiveSpan() ?? {},
    },
    options.destination ?? defaultDestination(),
  );
}

/**
 * stdout: JSON lines, except in a terminal, where a person reads them (`npm start`): there they are
 * pretty-printed, unless LOG_FORMAT=json asks for JSON. Services, whose stdout is a pipe or a file, keep JSON.
 */
function defaultDestination(): DestinationStream | undefined {
  if (!process.stdout.isTTY || process.env.LOG_FORMAT === 'json' || process.env.VITEST) return undefined;
  // Loaded only here, so a service never loads it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const full = pino.stdSerializers.err(error) as SerializedError & Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const field of ERROR_FIELDS) if (full[field] !== undefined) kept[field] = full[field];
  if (error instanceof AggregateError) kept.aggregateErrors = error.errors.map(serializeError);
  return kept;
}

function anywhereShallow(field: string): string[] {
  return /^[A-Za-z_$][\w$]*$/.test(field) ? [field, `*.${field}`] : [`["${field}"]`, `*["${field}"]`];
}
