import { trace, type Context } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contextFrom, SpanKind, SpanStatusCode, traceContext, tracer, tracingOn } from './tracing.js';

/**
 * A server span per request, continuing the caller's W3C traceparent. Registered before the other hooks, so
 * they, the handler and the response's log line run inside it: Fastify calls the next hook and the handler from
 * `done`, and a body is parsed outside any context, hence the second entry at preHandler. Nothing is registered
 * when tracing is off.
 */
export function registerTraceHooks(app: FastifyInstance): void {
  if (!tracingOn()) return;
  const contexts = new WeakMap<FastifyRequest, Context>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'not_found';
    const parent = contextFrom(request.headers);
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route,
          'url.path': request.url.split('?')[0],
          'platform.request_id': request.id,
        },
      },
      parent,
    );
    const requestContext = trace.setSpan(parent, span);
    contexts.set(request, requestContext);
    traceContext.with(requestContext, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    traceContext.with(contexts.get(request) ?? traceContext.active(), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const requestContext = contexts.get(request);
    if (!requestContext) return done();
    const span = trace.getSpan(requestContext)!;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    traceContext.with(requestContext, done);
  });
}
