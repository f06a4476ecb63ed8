import { buildFederatedSchema } from '@platform/lib/graphql/subgraph';
import { CustomerResolver, customerReferenceResolvers } from './customers/customer.resolver.js';
import { ExpenseResolver } from './expenses/expense.resolver.js';
import { FileResolver } from './files/file.resolver.js';
import { ProjectFieldsResolver } from './projects/project-fields.resolver.js';
import { ProjectResolver } from './projects/project.resolver.js';

export function buildProjectsSchema() {
  return buildFederatedSchema(
    [CustomerResolver, FileResolver, ProjectResolver, ProjectFieldsResolver, ExpenseResolver],
    { ...customerReferenceResolvers },
  );
}
