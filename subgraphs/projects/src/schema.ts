import { buildFederatedSchema } from '@platform/lib/graphql/subgraph';
import { CustomerResolver, customerReferenceResolvers } from './customers/customer.resolver.js';

export function buildProjectsSchema() {
  return buildFederatedSchema([CustomerResolver], { ...customerReferenceResolvers });
}
