import type { MikroORM } from '@mikro-orm/postgresql';
import type { GatewayContext } from '@platform/lib/graphql/context';
import { CustomerRepository } from './customers/customer.repository.js';
import { CustomerService } from './customers/customer.service.js';
import { FileRepository } from './files/file.repository.js';
import { FileService } from './files/file.service.js';
import type { FileStorage } from './files/file.storage.js';

export interface ProjectsServices {
  customers: CustomerService;
  files: FileService;
}

export interface ProjectsContext extends GatewayContext {
  projects: ProjectsServices;
}

export function createProjectsServices(orm: MikroORM, storage: FileStorage): ProjectsServices {
  const em = orm.em.fork();
  return {
    customers: new CustomerService(new CustomerRepository(em)),
    files: new FileService(new FileRepository(em), storage),
  };
}
