import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { parseBearer } from '@platform/lib/auth/authenticator';
import type { Config } from '@platform/lib/config';
import type { Logger } from '@platform/lib/logger';
import type { Metrics } from '@platform/lib/metrics';
import { Deadline } from '@platform/lib/process/deadline';
import { drainOf } from '@platform/lib/process/http-drain';
import { MetricsTokenRequiredError } from './edge.errors.js';
import { frameworkErrorHandler, registerErrorHandling } from './error-handler.js';
import { requestIdOf } from './request-hooks.js';
import { registerSecurityHeaders } from '../http/security-headers.js';

const digestOf = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so the comparison takes the same time whatever the guess and its length. */
function bearsToken(request: FastifyRequest, expected: Buffer): boolean {
  const given = parseBearer(request.headers.authorization);
  return given !== undefined && timingSafeEqual(digestOf(given), expected);
}

function serveMetrics(app: FastifyInstance, config: Config, metrics: Metrics): void {
  const token = config.METRICS_TOKEN === undefined ? undefined : digestOf(config.METRICS_TOKEN);
  app.get('/metrics', async (request, reply) => {
    if (token && !bearsToken(request, token)) throw new MetricsTokenRequiredError();
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** A listener of /metrics alone, with every answer's headers, request id and error body. */
function metricsListener(config: Config, metrics: Metrics, logger: Logger): FastifyInstance {
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: requestIdOf,
    frameworkErrors: frameworkErrorHandler(() => app),
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  serveMetrics(app, config, metrics);
  drainOf(app.server);
  return app;
}

/** A scrape in flight when the edge closes is answered, for this long at most. */
const scrapeDrainMs = 1000;

/**
 * /metrics (decisions: Security findings (issue 31)): on the edge's port, or, with METRICS_PORT, on a port of its
 * own opened and closed with the edge (so it can stay off the public network); behind METRICS_TOKEN when set.
 */
export function registerMetrics(app: FastifyInstance, config: Config, metrics: Metrics, logger: Logger): void {
  const port = config.METRICS_PORT;
  if (port === undefined) return serveMetrics(app, config, metrics);
  const listener = metricsListener(config, metrics, logger);
  app.addHook('onReady', async () => {
    await listener.listen({ port, host: config.HOST });
  });
  app.addHook('onClose', async () => {
    await drainOf(listener.server).drain(new Deadline(scrapeDrainMs));
    await listener.close();
  });
}
