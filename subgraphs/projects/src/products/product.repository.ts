import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { Product } from './product.entity.js';
import type { ProductRow } from './product.types.js';

export type NewProduct = Pick<
  Product,
  'name' | 'description' | 'productType' | 'status' | 'attributes' | 'schemaVersion'
>;

const countByStatusStatement: PreparedStatement = {
  name: 'projects.product.count_by_status',
  text: 'select "status", count(*) as "count" from "projects"."product" where "project_id" = $1 group by "status" order by "status" asc',
};

/** The product table. */
export class ProductRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The products of a page's projects as read-only rows (property names, not tracked entities): the page only shows
   * them (decisions: Request cost, round two).
   */
  ofProjects(projectIds: readonly string[]): Promise<ProductRow[]> {
    return this.em
      .createQueryBuilder(Product)
      .select('*')
      .where({ projectId: { $in: [...projectIds] } })
      .orderBy({ position: 'asc' })
      .execute<ProductRow[]>('all', true);
  }

  async addAll(projectId: string, products: NewProduct[]): Promise<Product[]> {
    const rows = products.map((product, position) => this.em.create(Product, { ...product, projectId, position }));
    await this.em.flush();
    return rows;
  }

  /** Products of one project per status, for resource counts (hand-written: the entity manager has no grouped count). */
  async countByStatus(projectId: string): Promise<{ status: string; count: number }[]> {
    const rows = await runStatement<{ status: string; count: string }>(this.em, countByStatusStatement, [projectId], {
      joinTransaction: true,
    });
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }
}
