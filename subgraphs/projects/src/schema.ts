import { buildFederatedSchema } from '@platform/lib/graphql/subgraph';
import { CustomerResolver, customerReferenceResolvers } from './customers/customer.resolver.js';
import { FileResolver } from './files/file.resolver.js';

export function buildProjectsSchema() {
  return buildFederatedSchema([CustomerResolver, FileResolver], { ...customerReferenceResolvers });
}
