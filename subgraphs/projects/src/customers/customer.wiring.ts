import type { EntityManager } from '@mikro-orm/postgresql';
import { CustomerRepository } from './customer.repository.js';
import { CustomerService } from './customer.service.js';

/** How customers are built for a request (context.ts). */
export const customerWiring = {
  customerRows: (scope: { em: EntityManager }) => new CustomerRepository(scope.em),
  customers: (scope: { customerRows: CustomerRepository }) => new CustomerService({ customers: scope.customerRows }),
};
