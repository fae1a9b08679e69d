import {
  type Attributes,
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_ERROR_TYPE, ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * OpenTelemetry traces: one provider per process, started only when an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_ENDPOINT). Without it nothing is registered: the API's no-op tracer and context
 * stay in place, withSpan runs its function as it is, and no span, context or exporter exists (nor is the SDK
 * loaded: it is imported when tracing starts). Spans go in batches to {endpoint}/v1/traces as OTLP/HTTP JSON.
 */

/** The tracer's name (instrumentation scope) for every span the service makes by hand. */
const TRACER_NAME = 'launch-directory';

export interface TracingOptions {
  /** The OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); empty: tracing stays off. */
  endpoint: string;
  serviceName: string;
}

interface Running {
  provider: TracerProvider;
  contextManager: AsyncLocalStorageContextManager;
  /** Apps of this process that asked for tracing (tests run several); the last to stop shuts it down. */
  users: number;
}

let running: Running | undefined;

/** The SDK's parts, imported once, by the first start. */
let sdk: ReturnType<typeof importSdk> | undefined;
const importSdk = async () => {
  const [hooks, core, exporter, resources, traces] = await Promise.all([
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
  ]);
  return { ...hooks, ...core, ...exporter, ...resources, ...traces };
};

/** Starts the process's tracing when options.endpoint is set (later calls share it); answers whether it is on. */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (!options.endpoint) return false;
  sdk ??= importSdk();
  const {
    AsyncLocalStorageContextManager,
    BatchSpanProcessor,
    OTLPTraceExporter,
    resourceFromAttributes,
    TracerProvider,
    W3CTraceContextPropagator,
  } = await sdk;
  if (running) {
    running.users++;
    return true;
  }
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  running = { provider, contextManager, users: 1 };
  return true;
}

/** Stops this user's share of tracing; the last one exports what is pending and unregisters everything. */
export async function stopTracing(): Promise<void> {
  if (!running || --running.users > 0) return;
  const { provider, contextManager } = running;
  running = undefined;
  await provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
  contextManager.disable();
}

/** Exports every finished span now (tests, before they read the collector). */
export async function flushTracing(): Promise<void> {
  await running?.provider.forceFlush();
}

export const tracingOn = (): boolean => running !== undefined;

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** Default: the active context. */
  parent?: Context;
  links?: Link[];
  /** Whether a thrown error marks the span failed (default: any); a refusal such as a 404 may be an answer, not a failure. */
  isFailure?: (error: unknown) => boolean;
}

/** What fn gets when tracing is off: a span that records nothing. */
const NOT_RECORDING = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Runs fn in a new span (the active one while fn runs): ended when fn settles, its status an error when fn throws.
 * With tracing off, fn runs as it is and gets a span that records nothing.
 */
export async function withSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!running) return fn(NOT_RECORDING);
  const { span, run } = openSpan(name, options);
  try {
    const result = await run(() => fn(span));
    span.end();
    return result;
  } catch (error) {
    if (options.isFailure?.(error) ?? true) failed(span, error);
    span.end();
    throw error;
  }
}

/**
 * Runs a background job as the root of a trace of its own. A job may be started inside the request that queued it
 * (the embedded engine announces new jobs in-process), and must not carry that request's trace: a webhook delivery
 * would hand one person's trace id (and their client's tracestate) to another person's receiver.
 */
export function withJobSpan<T>(name: string, fn: () => Promise<T>): Promise<T> {
  return context.with(ROOT_CONTEXT, () => withSpan(`job ${name}`, { kind: SpanKind.INTERNAL, parent: ROOT_CONTEXT }, () => fn()));
}

/**
 * A span whose end the caller decides (a request's, ended when its answer is finished), with `run` to make it
 * the active span for a function. Only while tracing is on.
 */
export function openSpan(name: string, options: SpanOptions): { span: Span; run: <T>(fn: () => T) => T } {
  const parent = options.parent ?? context.active();
  const span = trace
    .getTracer(TRACER_NAME)
    .startSpan(name, { kind: options.kind, attributes: options.attributes, links: options.links }, parent);
  const active = trace.setSpan(parent, span);
  return { span, run: (fn) => context.with(active, fn) };
}

/**
 * Marks a span failed: error.type is the error's class name (never its message, which may carry input), or
 * the string given (an HTTP status).
 */
export function failed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute(ATTR_ERROR_TYPE, typeof error === 'string' ? error : error instanceof Error ? error.constructor.name : typeof error);
}

/** The trace and span ids of the active span, for log lines; undefined when no span is active (or tracing is off). */
export function traceIdsOfActiveSpan(): { trace_id: string; span_id: string } | undefined {
  const spanContext = trace.getSpanContext(context.active());
  if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** fn bound to the context active now: it runs in it whenever it is called (an event listener). */
export const bindToActiveContext = <F extends (...args: never[]) => unknown>(fn: F): F => context.bind(context.active(), fn);

export { SpanKind };
