import { buildFederatedSchema } from '../../../lib/src/graphql/subgraph.js';
import { CustomerResolver, customerReferenceResolvers } from './customers/customer.resolver.js';

export function buildProjectsSchema() {
  return buildFederatedSchema([CustomerResolver], { ...customerReferenceResolvers });
}
