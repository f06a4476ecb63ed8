import DataLoader from 'dataloader';
import { batchById } from '@platform/lib/batch-by-id';
import { isoOf } from '@platform/lib/shown-time';
import { text, validate, z } from '@platform/lib/validation';
import type { Customer } from './customer.entity.js';
import type { CustomerRepository, CustomerRow } from './customer.repository.js';
import type { CustomerType } from './customer.types.js';

const customerInput = z.object({ name: text(255) });

export function customerView(customer: CustomerRow): CustomerType {
  return { id: customer.id, name: customer.name, createdAt: isoOf(customer.createdAt) };
}

export interface CustomerServiceDependencies {
  customers: CustomerRepository;
}

/** Customers that projects are made for. */
export class CustomerService {
  readonly byId = new DataLoader<string, CustomerRow | null>(async (ids) =>
    batchById(await this.deps.customers.byIds(ids), ids),
  );

  constructor(private readonly deps: CustomerServiceDependencies) {}

  async create(input: unknown): Promise<Customer> {
    return this.deps.customers.add(validate(customerInput, input));
  }

  list(): Promise<Customer[]> {
    return this.deps.customers.firstByName(100);
  }
}
