import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/**
 * A product of a project (projects spec, Product). `attributes` is the free-form object the spec allows;
 * `schemaVersion` names the shape of those attributes so that readers can migrate old ones.
 */
@Entity({ tableName: 'product' })
export class Product {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  projectId!: string;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'string', length: 64 })
  productType!: string;

  @Property({ type: 'string', length: 64 })
  status!: string;

  @Property({ type: 'json' })
  attributes!: Record<string, unknown>;

  @Property({ type: 'string', length: 16 })
  schemaVersion!: string;

  /** Position in the project's list, as the client gave it. */
  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
