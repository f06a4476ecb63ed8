import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface MetricsOptions {
  /** Operation names counted under their own label: the server's own operations (the REST adapters'). */
  operationNames?: Iterable<string>;
  /** Calling services (X-Service-Name) counted under their own label (config METRICS_SERVICE_NAMES). */
  serviceNames?: Iterable<string>;
}

/** The label of every value outside a bounded set: a client's words never become a label (decisions: issue 31). */
export const otherLabel = 'other';

/**
 * One Prometheus registry per process, exposed at /metrics. Every label takes values from a bounded set:
 * each distinct value is a series kept for the life of the process, so a label a client could choose freely
 * would let anyone grow the process's memory and every scrape.
 */
export function createMetrics(options: MetricsOptions = {}) {
  const operationNames = new Set(options.operationNames);
  const serviceNames = new Set(options.serviceNames);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
  return {
    registry,
    /** A GraphQL operation's label: its name when it is one of the server's own, `anonymous`, or `other`. */
    operationLabel(name: string | null | undefined): string {
      if (!name) return 'anonymous';
      return operationNames.has(name) ? name : otherLabel;
    },
    /**
     * A calling service's label: a configured name, or the service of the verified service token (issued by an
     * admin, so bounded) when the caller names it; `other` otherwise.
     */
    serviceLabel(claimed: string, verifiedService?: string): string {
      return serviceNames.has(claimed) || claimed === verifiedService ? claimed : otherLabel;
    },
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method and route',
      labelNames: ['method', 'route'] as const,
      buckets: latencyBuckets,
      registers: [registry],
    }),
    graphqlOperations: new Counter({
      name: 'graphql_operations_total',
      help: 'GraphQL operations by name, type and result',
      labelNames: ['operation', 'type', 'result'] as const,
      registers: [registry],
    }),
    graphqlDuration: new Histogram({
      name: 'graphql_operation_duration_seconds',
      help: 'GraphQL operation latency by name and type',
      labelNames: ['operation', 'type'] as const,
      buckets: latencyBuckets,
      registers: [registry],
    }),
    internalVerify: new Counter({
      name: 'internal_verify_total',
      help: '/internal/verify calls by calling service and result',
      labelNames: ['service', 'result'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
