import './plain-federation-exports.js';
import { operationFromDocument, Supergraph, type Schema } from '@apollo/federation-internals';
import { QueryPlanner, type QueryPlan } from '@apollo/query-planner';
import type { DocumentNode, GraphQLSchema } from 'graphql';

const maxCachedPlans = 500;

/**
 * The supergraph's query planner, for the paths that run plans themselves rather than through Apollo Server:
 * the subscription bridge and the fixed operations of the REST adapters. Plans are cached per document
 * text and operation name, so a thousand subscribers or requests share one.
 */
export class GraphPlanner {
  readonly api: Schema;
  readonly apiSchema: GraphQLSchema;
  readonly supergraphSchema: GraphQLSchema;
  private readonly planner: QueryPlanner;
  private readonly plans = new Map<string, QueryPlan>();

  constructor(supergraphSdl: string) {
    const supergraph = Supergraph.build(supergraphSdl);
    this.api = supergraph.apiSchema();
    this.apiSchema = this.api.toGraphQLJSSchema();
    this.supergraphSchema = supergraph.schema.toGraphQLJSSchema();
    this.planner = new QueryPlanner(supergraph);
  }

  planOf(document: DocumentNode, operationName?: string): QueryPlan {
    const key = `${operationName ?? ''}\n${document.loc?.source.body ?? ''}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = this.planner.buildQueryPlan(operationFromDocument(this.api, document, { operationName }));
      if (this.plans.size >= maxCachedPlans) this.plans.clear();
      this.plans.set(key, plan);
    }
    return plan;
  }
}
