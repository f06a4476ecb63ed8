import type { MikroORM } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { CustomerRepository } from './customers/customer.repository.js';
import { CustomerService } from './customers/customer.service.js';

export interface ProjectsServices {
  customers: CustomerService;
}

export interface ProjectsContext extends GatewayContext {
  projects: ProjectsServices;
}

export function createProjectsServices(orm: MikroORM): ProjectsServices {
  const em = orm.em.fork();
  return { customers: new CustomerService(new CustomerRepository(em)) };
}
