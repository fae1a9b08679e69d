import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { DefaultLogger, type LogContext, type LoggerOptions } from '@mikro-orm/core';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';

/**
 * Database statements as OpenTelemetry CLIENT spans (db.system.name postgresql, db.query.text cut at
 * MAX_QUERY_TEXT, never a parameter value), made only under a span that records: a statement of a traced request,
 * tool call or crawl. Background work outside any span, and everything with tracing off, costs one lookup of the
 * active span. Two seams cover both engines: the hand-written SQL (Statements: query and script, wrapped below)
 * and MikroORM's own statements, which its logger hears once they have run (tracedQueryLogger).
 * Not covered: the job queue's own connections (agenda) and the LISTEN connections.
 */

/** The tracer of the service's hand-made spans (src/observability/tracing.ts registers its provider). */
const TRACER = 'launch-directory';

/** db.query.text is cut at this many characters (a seed script or migration is long). */
const MAX_QUERY_TEXT = 2000;

interface StatementRunner {
  query(sql: string, ...rest: never[]): Promise<unknown>;
  script(sql: string): Promise<void>;
}

/** The statements of `target`, each in a span when one records. */
export function tracedStatements<S extends StatementRunner>(target: S): S {
  return {
    ...target,
    query: ((sql: string, ...rest: never[]) => inSpan(sql, () => target.query(sql, ...rest))) as S['query'],
    script: (sql: string) => inSpan(sql, () => target.script(sql)),
  };
}

function inSpan<T>(sql: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return run();
  return trace
    .getTracer(TRACER)
    .startActiveSpan(operationOf(sql), { kind: SpanKind.CLIENT, attributes: attributesOf(sql) }, async (span) => {
      try {
        return await run();
      } catch (error) {
        failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    });
}

/**
 * MikroORM's logger, which also records each statement the ORM ran as a span (from when it began, by the time
 * it reports). The text is the statement with its placeholders: the values are logged only in the
 * 'query-params' debug mode, which the service never turns on, and are then left out of the span.
 */
class TracedQueryLogger extends DefaultLogger {
  override logQuery(context: { query: string } & LogContext): void {
    super.logQuery(context);
    const parent = trace.getActiveSpan();
    if (!parent?.isRecording() || this.isEnabled('query-params', context)) return;
    const startTime = Date.now() - (context.took ?? 0);
    const span = trace.getTracer(TRACER).startSpan(operationOf(context.query), {
      kind: SpanKind.CLIENT,
      startTime,
      attributes: attributesOf(context.query),
    });
    if (context.level === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}

/** For MikroORM's `loggerFactory` option. */
export const tracedQueryLogger = (options: LoggerOptions): DefaultLogger => new TracedQueryLogger(options);

/** The statement's first keyword (SELECT, INSERT, WITH...), the span's name; "postgresql" when there is none. */
function operationOf(sql: string): string {
  return /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? DB_SYSTEM_NAME_VALUE_POSTGRESQL;
}

function attributesOf(sql: string): Attributes {
  return {
    [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
    [ATTR_DB_OPERATION_NAME]: operationOf(sql),
    [ATTR_DB_QUERY_TEXT]: sql.length > MAX_QUERY_TEXT ? `${sql.slice(0, MAX_QUERY_TEXT)}…` : sql,
  };
}

function failed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR });
  // The driver's error class or SQLSTATE, never its message (which may quote a value).
  const code = (error as { code?: unknown })?.code;
  span.setAttribute('error.type', typeof code === 'string' ? code : error instanceof Error ? error.constructor.name : 'error');
}
