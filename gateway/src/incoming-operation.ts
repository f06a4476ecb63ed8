import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayContext } from '@platform/lib/graphql/context';

type Options = GraphQLDataSourceProcessOptions<GatewayContext>;
export type IncomingOperation = Extract<Options, { incomingRequestContext: unknown }>;

/** Health checks and schema loading carry no request context; only incoming operations do. */
export function isIncomingOperation(options: Options): options is IncomingOperation {
  return 'incomingRequestContext' in options;
}
