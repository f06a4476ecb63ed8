import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import type { Config } from './config.js';

/**
 * The platform's spans. @apollo/gateway makes its own through the same API; both are no-ops until a provider
 * is registered, which happens only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decisions: Traces).
 */
const tracer = trace.getTracer('platform');

/** W3C trace context as it travels in job data: the headers' two fields. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

export interface Tracing {
  close(): Promise<void>;
}

type Provider = { forceFlush(): Promise<void> };

/**
 * One provider for the life of the process, shared by everything in it that opens tracing (a test runs a gateway
 * and a subgraph in one process); the first endpoint wins. Never unregistered: tracers such as @apollo/gateway's
 * keep the provider they first saw.
 */
let provider: Promise<Provider> | undefined;
let registered = false;

/** Whether spans are recorded in this process; every helper below does nothing more than call through when not. */
export function tracingOn(): boolean {
  return registered;
}

async function registerProvider(endpoint: string, serviceName: string): Promise<Provider> {
  // Loaded only here, so a process without an endpoint never loads the SDK.
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const exporter = new OTLPTraceExporter({ url: new URL('v1/traces', endpoint.replace(/\/?$/, '/')).toString() });
  const nodeProvider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  nodeProvider.register();
  return nodeProvider;
}

/**
 * Registers the OTLP/HTTP exporter when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise registers nothing. `close`
 * exports what is buffered (a draining process loses no spans).
 */
export async function openTracing(config: Config, serviceName: string): Promise<Tracing> {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return { close: async () => {} };
  provider ??= registerProvider(endpoint, config.OTEL_SERVICE_NAME ?? serviceName);
  const opened = await provider;
  registered = true;
  return { close: () => opened.forceFlush() };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The context to continue (an extracted remote one); the active context otherwise. */
  parent?: Context;
}

/** Runs `work` in a child span of the active (or given) context; a thrown error marks the span failed. */
export async function inSpan<T>(name: string, options: SpanOptions, work: () => Promise<T>): Promise<T> {
  if (!tracingOn()) return work();
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(name, { kind: options.kind, attributes: options.attributes }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active trace context for a message or header set; undefined when tracing is off. */
export function traceCarrier(): TraceCarrier | undefined {
  if (!tracingOn()) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The context a carrier (job data, request headers) continues; the root when it carries none. */
export function contextFrom(carrier: object | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

/** The active trace's id, for log lines. */
export function activeTraceId(): string | undefined {
  return trace.getSpanContext(context.active())?.traceId;
}

export { SpanKind, SpanStatusCode, context as traceContext, tracer };
