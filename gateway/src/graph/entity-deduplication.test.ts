import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { describe, expect, it } from 'vitest';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { EntityDeduplication } from './entity-deduplication.js';

type Options = GraphQLDataSourceProcessOptions<GatewayContext>;

/** A subgraph answering `_entities` from its representations, keeping what it was sent. */
function usersSubgraph(errorAt?: number) {
  const sent: unknown[][] = [];
  const source: GraphQLDataSource<GatewayContext> = {
    process: async ({ request }) => {
      const representations = request.variables?.representations as { id: number }[] | undefined;
      if (!representations) return { data: { me: { id: 1 } } };
      sent.push(representations);
      return {
        data: {
          _entities: representations.map((user, index) =>
            index === errorAt ? null : { id: user.id, name: `User ${user.id}`, department: { id: user.id * 10 } },
          ),
        },
        errors: errorAt === undefined ? undefined : [{ message: 'not found', path: ['_entities', errorAt, 'name'] }],
      };
    },
  };
  return { source, sent };
}

const fetchOf = (ids: number[]) =>
  ({
    request: {
      query: 'query ($representations: [_Any!]!) { _entities { __typename } }',
      variables: {
        representations: ids.map((id) => ({ __typename: 'User', id })),
      },
    },
    context: {},
  }) as unknown as Options;

describe('entity deduplication before a subgraph fetch', () => {
  it('sends each distinct representation once and answers one entity per representation, in order', async () => {
    const subgraph = usersSubgraph();
    const response = await new EntityDeduplication(subgraph.source).process(fetchOf([7, 3, 7, 7, 3, 9]));
    expect(subgraph.sent).toEqual([
      [
        { __typename: 'User', id: 7 },
        { __typename: 'User', id: 3 },
        { __typename: 'User', id: 9 },
      ],
    ]);
    const entities = response.data!._entities as { id: number; department: object }[];
    expect(entities.map((entity) => entity.id)).toEqual([7, 3, 7, 7, 3, 9]);
    expect(entities[2]).toEqual(entities[0]);
    // Each place gets its own object: the gateway merges into them, and a shared one would be merged twice.
    expect(entities[2]).not.toBe(entities[0]);
    expect(entities[2]!.department).not.toBe(entities[0]!.department);
  });

  it('reports an entity error at the first representation that named the entity', async () => {
    const subgraph = usersSubgraph(1);
    const response = await new EntityDeduplication(subgraph.source).process(fetchOf([5, 5, 6, 6]));
    expect(subgraph.sent[0]).toHaveLength(2);
    expect(response.errors).toEqual([{ message: 'not found', path: ['_entities', 2, 'name'] }]);
    expect(response.data!._entities).toEqual([
      { id: 5, name: 'User 5', department: { id: 50 } },
      { id: 5, name: 'User 5', department: { id: 50 } },
      null,
      null,
    ]);
  });

  it('passes fetches without repeats, and fetches without representations, through unchanged', async () => {
    const subgraph = usersSubgraph();
    const deduplicating = new EntityDeduplication(subgraph.source);
    const unique = fetchOf([1, 2, 3]);
    await deduplicating.process(unique);
    expect(subgraph.sent[0]).toBe(unique.request.variables!.representations);
    expect(
      await deduplicating.process({ request: { query: '{ me { id } }' }, context: {} } as unknown as Options),
    ).toEqual({
      data: { me: { id: 1 } },
    });
  });
});
