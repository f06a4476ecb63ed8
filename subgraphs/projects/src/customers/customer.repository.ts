import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from './customer.entity.js';

/** The customer table, through the request's entity manager. */
export class CustomerRepository {
  constructor(private readonly em: EntityManager) {}

  byIds(ids: readonly string[]): Promise<Customer[]> {
    return this.em.find(Customer, { id: { $in: [...ids] } });
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
