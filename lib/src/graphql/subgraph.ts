import type { ProofRefusalLog } from '../auth/device-proof-guard.js';
import 'reflect-metadata';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type NonEmptyArray } from 'type-graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RevocationSource } from '../auth/revocation.js';
import type { Platform } from '../platform.js';
import { checkArgumentsOfEveryField } from './argument-rule.js';
import type { GatewayContext } from './context.js';

const federationLink =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@provides"])';

/**
 * Subscriptions give their own `subscribe` (an iterator over the PubSub port, lib/store/pubsub-iterator.ts);
 * type-graphql's topic-based pub/sub is never used, but it insists on having one.
 */
export const noTopics = {
  publish: () => {
    throw new Error('topic subscriptions are not used: give @Subscription a subscribe function');
  },
  subscribe: () => {
    throw new Error('topic subscriptions are not used: give @Subscription a subscribe function');
  },
};

export interface SubgraphSchema {
  schema: GraphQLSchema;
  sdl: string;
}

/** The one helper that turns a subgraph's type-graphql resolvers into a Federation 2 schema. */
export async function buildFederatedSchema(
  // type-graphql types resolver classes as Function.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers: NonEmptyArray<Function>,
  referenceResolvers: Record<string, { __resolveReference: (reference: never, context: never) => unknown }> = {},
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  orphanedTypes: Function[] = [],
): Promise<SubgraphSchema> {
  const schema = await buildSchema({ resolvers, orphanedTypes, skipCheck: true, validate: false, pubSub: noTopics });
  checkArgumentsOfEveryField(schema);
  const sdl = `${federationLink}\n\n${printSchemaWithDirectives(schema)}`;
  const resolverMap = createResolversMap(schema) as Record<string, object>;
  for (const [typeName, reference] of Object.entries(referenceResolvers)) {
    resolverMap[typeName] = { ...resolverMap[typeName], ...reference };
  }
  const federated = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolverMap as never });
  return { schema: federated, sdl };
}

/** A subgraph as the gateway sees it: its schema and how to make its context from the edge's. */
export interface Subgraph<Context extends GatewayContext = GatewayContext> {
  name: string;
  schema: GraphQLSchema;
  sdl: string;
  createContext(base: GatewayContext): Context;
  health(): Promise<void>;
  /** The largest request body its own server accepts in distributed mode; Fastify's 1 MB when absent. */
  requestBodyLimit?: number;
  /** The push provider's health, where this subgraph sends push messages and push is enabled. */
  pushHealth?: () => Promise<void>;
  /** The durable record of revocations, where this subgraph owns it (auth), for the edge's authenticator. */
  revocations?: RevocationSource;
  /** Where the edge writes its refusals of device proofs, where this subgraph owns the audit log (auth). */
  proofRefusals?: ProofRefusalLog;
  /**
   * The bytes of one of its records by id (projects: a file), served outside the graph so that no GraphQL answer
   * carries a file (decisions: Files leave the graph); the same access rules as its graph fields apply.
   */
  content?(context: GatewayContext, id: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * What a subgraph's per-request services are built from, built once per process: its ORM (each request forks
 * its own entity manager from it) and the platform's ports with the one clock, `platform.now`. A subgraph adds
 * its own process-wide parts (a file store, a job queue) by extending it.
 */
export interface SubgraphShared {
  orm: MikroORM;
  platform: Platform;
}

/** The one signature of every subgraph's per-request services (its `context.ts`); built lazily, part by part. */
export type ServicesFactory<Shared extends SubgraphShared, Services> = (
  shared: Shared,
  request: GatewayContext,
) => Services;
