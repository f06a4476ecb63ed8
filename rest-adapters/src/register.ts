import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormattedExecutionResult } from 'graphql';
import { ServiceTokenRequiredError } from '@platform/lib/auth/auth.errors';
import { GraphQLResultError } from '@platform/lib/errors';
import { callerOf, type GatewayContext } from '@platform/lib/graphql/context';
import { validate } from '@platform/lib/validation';
import type { RestRoute } from './route.js';

export interface RestExecutor {
  context(request: FastifyRequest): Promise<GatewayContext>;
  execute(
    operation: string,
    variables: Record<string, unknown>,
    context: GatewayContext,
  ): Promise<FormattedExecutionResult<Record<string, unknown>>>;
}

function checkAuth(route: RestRoute, context: GatewayContext): void {
  if (route.auth === 'none') return;
  const caller = callerOf(context);
  if (route.auth === 'service' && caller.kind !== 'service') throw new ServiceTokenRequiredError();
}

/** Serves each declared route by validating its input and executing its GraphQL operation. */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], executor: RestExecutor): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const context = await executor.context(request);
        checkAuth(route, context);
        const input = {
          body: route.body ? validate(route.body, request.body) : request.body,
          params: (route.params ? validate(route.params, request.params) : request.params) as Record<string, string>,
          query: (route.query ? validate(route.query, request.query) : request.query) as Record<string, unknown>,
        };
        const result = await executor.execute(route.operation, route.variables(input), context);
        const [firstError] = result.errors ?? [];
        if (firstError) throw new GraphQLResultError(firstError);
        if (route.noStore) void reply.header('cache-control', 'no-store');
        const data = result.data ?? {};
        const status = typeof route.status === 'object' ? route.status.of(data) : (route.status ?? 200);
        return reply.code(status).send(route.result(data));
      },
    });
  }
}
