import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { shownTimeOf } from '@platform/lib/shown-time';
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

/** The products of the projects $1 (ids), in their order, as rows (`ProductRow`). */
export const productsOfStatement: PreparedStatement = {
  name: 'projects.product.of_projects',
  text: `select "id", "project_id" as "projectId", "name", "description", "product_type" as "productType", "status",
    "attributes", "schema_version" as "schemaVersion", ${shownTimeOf('"created_at"')} as "createdAt",
    ${shownTimeOf('"updated_at"')} as "updatedAt"
    from "projects"."product" where "project_id" = any($1::uuid[]) order by "position" asc`,
};

/** The product table. */
export class ProductRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The products of a page's projects as read-only rows (property names, not tracked entities): the page only shows
   * them (decisions: Request cost, round two).
   */
  ofProjects(projectIds: readonly string[]): Promise<ProductRow[]> {
    return runStatement(this.em, productsOfStatement, [projectIds]);
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
