import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayContext } from '@platform/lib/graphql/context';

type SubgraphResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

/** Where each representation of a fetch went among the distinct ones sent. */
interface Distinct {
  representations: unknown[];
  slots: number[];
}

function distinct(representations: unknown[]): Distinct {
  const seen = new Map<string, number>();
  const unique: unknown[] = [];
  const slots = representations.map((representation) => {
    const key = JSON.stringify(representation);
    let slot = seen.get(key);
    if (slot === undefined) {
      slot = unique.push(representation) - 1;
      seen.set(key, slot);
    }
    return slot;
  });
  return { representations: unique, slots };
}

/** A copy of a JSON value, so that the gateway's merges never share an object between two places of a result. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = copyOf(field);
  return copy;
}

/** The entities of the distinct fetch, one per original representation, in the original order. */
function spread(entities: unknown[], slots: number[]): unknown[] {
  const handedOut = new Set<number>();
  return slots.map((slot) => {
    if (!handedOut.has(slot)) {
      handedOut.add(slot);
      return entities[slot];
    }
    return copyOf(entities[slot]);
  });
}

/** An error at `_entities.<slot>` is reported at the first representation that went to that slot. */
function errorsAtOriginalPaths(response: SubgraphResponse, slots: number[]): SubgraphResponse['errors'] {
  return response.errors?.map((error) => {
    const [root, slot, ...rest] = error.path ?? [];
    if (root !== '_entities' || typeof slot !== 'number') return error;
    return { ...error, path: [root, slots.indexOf(slot), ...rest] };
  });
}

/**
 * Sends each entity fetch's distinct representations only: @apollo/gateway sends one representation per place
 * an entity appears, so a page of 50 tasks whose comments and activities name a few people asked the auth
 * subgraph to resolve the same users about a thousand times (issue 17, the nested page's profile). The answer
 * is spread back to one entity per representation, in order, as the gateway expects.
 */
export class EntityDeduplication implements GraphQLDataSource<GatewayContext> {
  constructor(private readonly source: GraphQLDataSource<GatewayContext>) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<SubgraphResponse> {
    const variables = options.request.variables;
    const representations = variables?.representations;
    if (!Array.isArray(representations) || representations.length < 2) return this.source.process(options);
    const sent = distinct(representations);
    if (sent.representations.length === representations.length) return this.source.process(options);
    const response = await this.source.process({
      ...options,
      request: { ...options.request, variables: { ...variables, representations: sent.representations } },
    });
    const entities = response.data?._entities;
    return {
      ...response,
      data: Array.isArray(entities) ? { ...response.data, _entities: spread(entities, sent.slots) } : response.data,
      errors: errorsAtOriginalPaths(response, sent.slots),
    };
  }
}
