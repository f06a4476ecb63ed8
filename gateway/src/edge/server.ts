import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerTraceHooks } from '@platform/lib/http-tracing';
import type { Metrics } from '@platform/lib/metrics';
import type { Platform } from '@platform/lib/platform';
import { openApiDocument } from '@platform/rest-adapters/openapi';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { registerRestRoutes } from '@platform/rest-adapters/register';
import type { RestRoute } from '@platform/rest-adapters/route';
import type { Graph } from '../graph/apollo.js';
import { registerPages } from '../pages/pages.js';
import { bodyLimitBytes } from './body-limit.js';
import { frameworkErrorHandler, maxParamLength, registerErrorHandling } from './error-handler.js';
import { edgePaths } from './edge-paths.js';
import { registerGraphQLRoute } from './graphql-route.js';
import { registerHealth, type HealthChecks } from './health.js';
import { registerInternalVerify } from './internal-verify.js';
import { registerMetrics } from './metrics-route.js';
import { gatewayContextOf, type RequestContextParts } from './request-context.js';
import { registerCors, registerRequestHooks, requestIdOf } from './request-hooks.js';
import { registerSecurityHeaders } from '../http/security-headers.js';
import { proxyTrustOf } from './trusted-proxies.js';

export interface EdgeOptions {
  platform: Platform;
  metrics: Metrics;
  graph: Graph;
  routes: RestRoute[];
  health: HealthChecks;
  version: string;
  /** The bytes of a subgraph's record, for downloads (in this process or from a standalone subgraph). */
  content(subgraph: string, id: string, context: GatewayContext): Promise<Buffer>;
}

/** The HTTP edge: one Fastify server for /graphql, the REST adapters, internal verify, health and metrics. */
export async function createEdge(options: EdgeOptions): Promise<FastifyInstance> {
  const { platform, metrics, graph } = options;
  const requests: RequestContextParts = {
    platform,
    trusted: proxyTrustOf(platform.config.TRUSTED_PROXIES),
  };
  const app: FastifyInstance = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    // One line per request, written by the onResponse hook (request-hooks.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    bodyLimit: bodyLimitBytes,
    // Only TRUSTED_PROXIES (default: loopback) may name the client. The edge reads the client from the one
    // request-context factory; Fastify's own request.ip follows the same rule.
    trustProxy: requests.trusted,
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength },
    frameworkErrors: frameworkErrorHandler(() => app),
  });
  registerTraceHooks(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerRequestHooks(app, platform, metrics, requests.trusted);
  await registerCors(app, platform.config);
  registerGraphQLRoute(app, platform, graph, requests);
  registerRestRoutes(app, options.routes, {
    context: (request) => gatewayContextOf(request, requests),
    prepare: (query) => graph.fixed.prepare(query),
    execute: (query, variables, contextValue) => graph.fixed.execute(query, variables, contextValue),
    content: options.content,
  });
  registerInternalVerify(app, platform, metrics, requests.trusted);
  registerHealth(app, platform, options.health, options.version);
  const openApi = openApiDocument(options.routes, options.version, edgePaths);
  app.get('/openapi.json', async () => openApi);
  registerPages(app);
  registerMetrics(app, platform.config, metrics, platform.logger);
  return app;
}
