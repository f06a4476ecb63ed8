import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { shownTimeOf, type ShownTime } from '@platform/lib/shown-time';
import { Customer } from './customer.entity.js';

/** A customer's columns by property name, as read-only reads take it (no tracked entity, its time as text). */
export type CustomerRow = Pick<Customer, 'id' | 'name'> & { createdAt: ShownTime };

/** The customers among the ids $1, as rows (`CustomerRow`). */
export const customersByIdsStatement: PreparedStatement = {
  name: 'projects.customer.by_ids',
  text: `select "id", "name", ${shownTimeOf('"created_at"')} as "createdAt" from "projects"."customer"
    where "id" = any($1::uuid[])`,
};

/** The customer table, through the request's entity manager. */
export class CustomerRepository {
  constructor(private readonly em: EntityManager) {}

  /** Rows, not entities: customers are only read once made (a page's, a reference's, a new project's check). */
  byIds(ids: readonly string[]): Promise<CustomerRow[]> {
    return runStatement(this.em, customersByIdsStatement, [ids]);
  }

  async add(fields: { name: string }): Promise<Customer> {
    const customer = this.em.create(Customer, fields);
    await this.em.flush();
    return customer;
  }

  firstByName(limit: number): Promise<Customer[]> {
    return this.em.find(Customer, {}, { orderBy: { name: 'asc' }, limit });
  }
}
