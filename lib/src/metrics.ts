import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One Prometheus registry per process, exposed at /metrics. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
  return {
    registry,
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
