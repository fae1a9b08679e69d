import {
  type Context,
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  type Link,
  propagation,
  ROOT_CONTEXT,
  trace,
} from '@opentelemetry/api';

/**
 * W3C trace context (traceparent, tracestate) read from where a caller sends it: HTTP headers, or an MCP
 * request's params._meta (protocol revision 2026-07-28 lets a client carry it there). Tracing off, the
 * API's propagator is the no-op one: nothing is read and nothing is written.
 */

/** The context a request's headers continue: the remote parent they name, or none (a new trace). */
export function contextFromHeaders(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/**
 * The parent of the span of a message that carries its own trace context (an MCP request's params._meta): none
 * when it carries none, or when the active span is already in that trace (the HTTP request continued it, and
 * stays the parent); otherwise the remote span it names, with a link to the active span (the HTTP request's).
 */
export function parentFromMeta(meta: unknown): { parent: Context; links: Link[] } | undefined {
  if (typeof meta !== 'object' || meta === null) return undefined;
  const { traceparent, tracestate } = meta as Record<string, unknown>;
  if (typeof traceparent !== 'string') return undefined;
  const carrier = { traceparent, ...(typeof tracestate === 'string' && { tracestate }) };
  const parent = propagation.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
  const remote = trace.getSpanContext(parent);
  if (!remote || !isSpanContextValid(remote)) return undefined;
  const active = trace.getSpanContext(context.active());
  if (active && isSpanContextValid(active)) {
    if (active.traceId === remote.traceId) return undefined;
    return { parent, links: [{ context: active }] };
  }
  return { parent, links: [] };
}

/** Writes the active trace context into outgoing request headers (traceparent, tracestate). */
export function injectTraceContext(headers: Record<string, string>): void {
  propagation.inject(context.active(), headers, defaultTextMapSetter);
}
