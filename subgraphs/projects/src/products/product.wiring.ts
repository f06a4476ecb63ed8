import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductRepository } from './product.repository.js';

/** How products are built for a request (context.ts): their rows only, read and written by the projects feature. */
export const productWiring = {
  productRows: (scope: { em: EntityManager }) => new ProductRepository(scope.em),
};
