import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { subgraphRegistry } from '@platform/gateway/subgraph-registry';

export interface ComposedSchemas {
  subgraphs: Record<string, string>;
  supergraph: string;
}

/** Prints every subgraph's SDL from code and composes the supergraph; a composition error throws. */
export async function composeSchemas(): Promise<ComposedSchemas> {
  const subgraphs: Record<string, string> = {};
  for (const entry of subgraphRegistry) subgraphs[entry.name] = (await entry.buildSchema()).sdl;
  const result = composeServices(
    subgraphRegistry.map((entry) => ({
      name: entry.name,
      url: entry.defaultUrl,
      typeDefs: parse(subgraphs[entry.name]!),
    })),
  );
  if (result.errors) throw new Error(`Composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  return { subgraphs, supergraph: result.supergraphSdl };
}
