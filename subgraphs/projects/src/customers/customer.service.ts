import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { text, validate, z } from '@platform/lib/validation';
import { Customer } from './customer.entity.js';
import type { CustomerType } from './customer.types.js';

const customerInput = z.object({ name: text(255) });

export function customerView(customer: Customer): CustomerType {
  return { id: customer.id, name: customer.name, createdAt: customer.createdAt.toISOString() };
}

/** Customers that projects are made for. */
export class CustomerService {
  readonly byId = new DataLoader<string, Customer | null>(async (ids) => {
    const rows = await this.em.find(Customer, { id: { $in: [...ids] } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  constructor(private readonly em: EntityManager) {}

  async create(input: unknown): Promise<Customer> {
    const customer = this.em.create(Customer, validate(customerInput, input));
    await this.em.flush();
    return customer;
  }

  list(): Promise<Customer[]> {
    return this.em.find(Customer, {}, { orderBy: { name: 'asc' }, limit: 100 });
  }
}
