import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import { createLogger } from '@platform/lib/logger';
import { exampleSchema } from '../../test/example-schema.js';
import { InProcessDataSource } from './in-process-data-source.js';

const subgraph = {
  name: 'example',
  schema: exampleSchema,
  createContext: (base: GatewayContext) => ({ ...base, prefix: 'item: ' }),
} as unknown as Subgraph;
const context: GatewayContext = {
  request: { requestId: 'compiled', ip: '127.0.0.1', userAgent: null, deviceFingerprint: null },
  caller: null,
  authFailure: null,
};

describe('the in-process data source', () => {
  /** A planner's fetch run twice (graphql-js, then compiled), and the same operation as a fixed one. */
  async function answersOf(query: string) {
    const source = new InProcessDataSource({ subgraph, logger: createLogger('silent') });
    const document = parse(query);
    const fetch = {
      kind: 'incoming operation',
      incomingRequestContext: {},
      request: { query, variables: { names: ['a'] } },
      context,
      document,
    } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
    return [
      await source.process(fetch),
      await source.process(fetch),
      await source.compile(document, undefined)({ names: ['a'] }, context),
    ];
  }

  it("answers through the subgraph's context and its error boundary, compiled or not", async () => {
    const read = await answersOf('query Items($names: [String!]) { items(names: $names) { label } }');
    expect(read).toEqual(Array(3).fill({ data: { items: [{ label: 'item: a' }] }, errors: undefined }));

    const refused = await answersOf('{ missing { name } }');
    expect(refused.map(({ errors }) => errors?.map((error) => [error.message, error.extensions]))).toEqual(
      Array(3).fill([['Item not found', { code: 'NOT_FOUND' }]]),
    );

    const broken = await answersOf('{ broken { name } }');
    expect(broken.map(({ errors }) => errors?.map((error) => error.message))).toEqual(
      Array(3).fill(['Internal server error']),
    );
    // graphql-js answers the field's error, the compiled operation the operation's: the second run was compiled.
    expect(broken.map(({ data }) => data)).toEqual([{ broken: null }, undefined, undefined]);
  });
});
