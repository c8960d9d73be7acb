import type { Attributes, Span, Tracer } from "@opentelemetry/api";
import type { tracing } from "@opentelemetry/sdk-node";
import { maskCredentials } from "@/lib/server/log";

/**
 * OpenTelemetry tracing, on only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Off, none of its packages is loaded
 * (they are imported by `startTracing`), and every function here costs one comparison: the hot path does not pay
 * for what nobody collects.
 *
 * Spans are made by hand where the time goes (the request, each database statement, the acquirer, the vault, a
 * merchant call), not by automatic instrumentation, so that what an attribute holds is decided here: route
 * patterns, methods, status codes, operation names, amounts and currencies; never a path (checkout tokens and
 * uids travel in paths), a statement's text or values, a card number, a token or a secret. Errors are recorded by
 * their class only: a message may quote what a client sent.
 */
interface ActiveTracing {
  api: typeof import("@opentelemetry/api");
  tracer: Tracer;
  shutdown(): Promise<void>;
  flush(): Promise<void>;
}

let active: ActiveTracing | null = null;

export function tracingEnabled(): boolean {
  return active !== null;
}

/** Starts the OpenTelemetry SDK with an OTLP/HTTP exporter to `endpoint` (`…/v1/traces` is added). Idempotent. */
export async function startTracing(options: { endpoint: string; serviceName: string }): Promise<void> {
  if (active) return;
  const api = await import("@opentelemetry/api");
  const { NodeSDK, tracing } = await import("@opentelemetry/sdk-node");
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
  const exporter = scrubbingExporter(
    new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, "")}/v1/traces` }),
  );
  const processor = new tracing.BatchSpanProcessor(exporter);
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: [processor],
    // No automatic instrumentation: every span is one of ours (see above).
    instrumentations: [],
  });
  sdk.start();
  active = {
    api,
    tracer: api.trace.getTracer("tessera"),
    flush: () => processor.forceFlush(),
    shutdown: () => sdk.shutdown(),
  };
}

/**
 * Our spans hold nothing to hide, but the SDK's global provider also receives the spans Next.js makes of the
 * checkout app on its own (`GET /checkout/<token>`, `http.target`, `next.route`…), whose names and attributes carry
 * the URLs' capability tokens. Every span's name, string attributes and event attributes pass through the log's
 * masking (`maskCredentials`: checkout, card-update and cancel tokens, `Basic`/`Bearer` credentials) on their way out.
 */
type SpanExporter = tracing.SpanExporter;
type ReadableSpan = tracing.ReadableSpan;

function scrubbingExporter(inner: SpanExporter): SpanExporter {
  const scrubAttributes = (attributes: Attributes): Attributes =>
    Object.fromEntries(
      Object.entries(attributes).map(([key, value]) => [
        key,
        typeof value === "string"
          ? maskCredentials(value)
          : Array.isArray(value)
            ? value.map((item) => (typeof item === "string" ? maskCredentials(item) : item))
            : value,
      ]),
    ) as Attributes;
  const scrub = (span: ReadableSpan): ReadableSpan =>
    Object.create(span, {
      name: { value: maskCredentials(span.name), enumerable: true },
      attributes: { value: scrubAttributes(span.attributes), enumerable: true },
      events: {
        value: span.events.map((event) => ({
          ...event,
          name: maskCredentials(event.name),
          attributes: event.attributes ? scrubAttributes(event.attributes) : event.attributes,
        })),
        enumerable: true,
      },
    });
  return {
    export: (spans, done) => inner.export(spans.map(scrub), done),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

/** Sends what is buffered (tests, and before exit). */
export async function flushTracing(): Promise<void> {
  await active?.flush();
}

export async function stopTracing(): Promise<void> {
  const current = active;
  active = null;
  await current?.shutdown();
}

function endWithError(span: Span, error: unknown): void {
  const api = active?.api;
  span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
  if (api) span.setStatus({ code: api.SpanStatusCode.ERROR });
  span.end();
}

/** Runs `fn` inside a child span of the current one (or a new trace). */
export async function withSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  if (!active) return fn();
  return active.tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      const result = await fn();
      span.end();
      return result;
    } catch (error) {
      endWithError(span, error);
      throw error;
    }
  });
}

/** For work that is synchronous (sealing a card number). */
export function withSpanSync<T>(name: string, attributes: Attributes, fn: () => T): T {
  if (!active) return fn();
  return active.tracer.startActiveSpan(name, { attributes }, (span) => {
    try {
      const result = fn();
      span.end();
      return result;
    } catch (error) {
      endWithError(span, error);
      throw error;
    }
  });
}

/** A span ended by the caller (a database statement answered through a callback): `end(ok)`. */
export function startSpan(name: string, attributes: Attributes): ((ok: boolean) => void) | null {
  if (!active) return null;
  const span = active.tracer.startSpan(name, { attributes });
  const { api } = active;
  return (ok) => {
    if (!ok) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  };
}

export interface RequestSpan {
  /** Names the span after the matched route and records the answer. */
  finish(route: string, status: number): void;
}

/**
 * A server span for one request, continuing the caller's trace when it sent a W3C `traceparent` (and
 * `tracestate`); `fn` runs inside it, so that every span it makes is a child.
 */
export async function withRequestSpan<T>(
  request: { method: string; traceparent: string | undefined; tracestate: string | undefined },
  fn: (span: RequestSpan | null) => Promise<T>,
): Promise<T> {
  if (!active) return fn(null);
  const { api, tracer } = active;
  const carrier: Record<string, string> = {};
  if (request.traceparent) carrier.traceparent = request.traceparent;
  if (request.tracestate) carrier.tracestate = request.tracestate;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, carrier);
  const span = tracer.startSpan(
    request.method,
    { kind: api.SpanKind.SERVER, attributes: { "http.request.method": request.method } },
    parent,
  );
  const handle: RequestSpan = {
    finish(route, status) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute("http.route", route);
      span.setAttribute("http.response.status_code", status);
      if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
  return api.context.with(api.trace.setSpan(parent, span), () => fn(handle));
}

/** `traceparent` (and `tracestate`) of the current span, for an outgoing request; empty when tracing is off. */
export function traceHeaders(): Record<string, string> {
  if (!active) return {};
  const headers: Record<string, string> = {};
  active.api.propagation.inject(active.api.context.active(), headers);
  return headers;
}
