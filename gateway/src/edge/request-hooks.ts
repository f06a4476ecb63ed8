import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '@platform/lib/config';
import { ServiceUnavailableError } from '@platform/lib/errors';
import { BrowserOrigins } from './browser-origins.js';
import { OriginNotAllowedError } from './edge.errors.js';
import { clientAddressOf } from './request-context.js';
import type { ProxyTrust } from './trusted-proxies.js';
import type { Metrics } from '@platform/lib/metrics';
import type { Platform } from '@platform/lib/platform';

const acceptableRequestId = /^[\w.:-]{1,128}$/;

/** Echo the caller's X-Request-Id when it is sane, otherwise make one (decisions: Everywhere). */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && acceptableRequestId.test(given) ? given : randomUUID();
}

/** Health probes report a lost store in their record; the per-IP limit must not turn them into a bare 503. */
const healthRoutes = new Set(['/health', '/health/db']);

/**
 * A health probe waits on the per-IP limit this long at most: a hanging store (a frozen Redis) must not delay the
 * record that reports it (decisions: Defects (issue 23)). Past it the probe is answered as when the store fails.
 */
const healthLimitWaitMs = 250;

function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'not_found';
}

/**
 * CORS for the listed origins (decisions: Browser origins): their preflights are answered and their responses
 * readable; any other origin was already refused with 403 by the origin check of the request hooks.
 */
export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  const origins = new BrowserOrigins(config);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && origins.isListed(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'x-request-id',
      'x-device-fingerprint',
      'dpop',
      'apollo-require-preflight',
      'x-apollo-operation-name',
    ],
    exposedHeaders: ['x-request-id', 'retry-after', 'dpop-nonce', 'www-authenticate'],
    maxAge: 600,
    // An OPTIONS without Access-Control-Request-Method is answered like a preflight rather than with a plain-text
    // 400 outside the one error body.
    strictPreflight: false,
  });
}

/** A health probe goes on when the per-IP limit admits it, fails for the store, or keeps it waiting too long. */
function admitHealthProbe(hit: Promise<void>, done: (error?: Error) => void): void {
  let answered = false;
  const answer = (error?: Error) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    done(error);
  };
  const timer = setTimeout(() => answer(), healthLimitWaitMs);
  hit.then(
    () => answer(),
    (error: unknown) => answer(error instanceof ServiceUnavailableError ? undefined : (error as Error)),
  );
}

/**
 * Edge hooks in order: request id on the response, browser origin check, the per-IP limit of the auth spec
 * (all endpoints, shared through the store), then one log line and metrics when the response is sent.
 */
export function registerRequestHooks(
  app: FastifyInstance,
  platform: Platform,
  metrics: Metrics,
  trusted: ProxyTrust,
): void {
  const origins = new BrowserOrigins(platform.config);
  const { rateLimiter, deviceProofs } = platform;
  // Callback hooks, not async ones: each request would otherwise pay for promises and microtask hops that do
  // nothing (bench: /internal/verify, issue 17).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    // A fresh server nonce for whoever sends proofs (RFC 9449 section 8): its next proof may carry it.
    if (request.headers.dpop !== undefined) void reply.header('dpop-nonce', deviceProofs.issueNonce());
    const origin = request.headers.origin;
    if (origin && !origins.allows(origin, request.raw)) return done(new OriginNotAllowedError());
    if (!rateLimiter.enabled) return done();
    const hit = rateLimiter.hit('perIp', clientAddressOf(request.raw, trusted));
    if (healthRoutes.has(routeLabel(request))) return admitHealthProbe(hit, done);
    hit.then(
      () => done(),
      (error: unknown) => done(error as Error),
    );
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    const seconds = reply.elapsedTime / 1000;
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, seconds);
    request.log.info(
      {
        method: request.method,
        route,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
