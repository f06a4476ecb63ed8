import { Property, type Opt } from '@mikro-orm/core';

/**
 * The creation, change and deletion times of a record that is deleted softly: a set `deletedAt` hides it from
 * every read of its repository. Mapped into each entity that extends it (no table of its own).
 */
export abstract class SoftDeletableRecord {
  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();

  @Property({ type: 'datetime', nullable: true })
  deletedAt: (Date & Opt) | null = null;
}
