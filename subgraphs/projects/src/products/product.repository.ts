import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Product } from './product.entity.js';

export type NewProduct = Pick<
  Product,
  'name' | 'description' | 'productType' | 'status' | 'attributes' | 'schemaVersion'
>;

/** The product table. */
export class ProductRepository {
  constructor(private readonly em: EntityManager) {}

  ofProjects(projectIds: readonly string[]): Promise<Product[]> {
    return this.em.find(Product, { projectId: { $in: [...projectIds] } }, { orderBy: { position: 'asc' } });
  }

  async addAll(projectId: string, products: NewProduct[]): Promise<Product[]> {
    const rows = products.map((product, position) => this.em.create(Product, { ...product, projectId, position }));
    await this.em.flush();
    return rows;
  }

  /** Products of one project per status, for resource counts. */
  async countByStatus(projectId: string): Promise<{ status: string; count: number }[]> {
    const rows: { status: string; count: string }[] = await this.em
      .createQueryBuilder(Product)
      .select(['status', raw('count(*) as count')])
      .where({ projectId })
      .groupBy('status')
      .orderBy({ status: 'asc' })
      .execute();
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }
}
