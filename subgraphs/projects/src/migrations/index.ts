import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_init } from './Migration20261122000000_init.js';

/** Checked-in migrations, applied in this order at start-up. */
export const projectsMigrations: MigrationObject[] = [
  { name: 'Migration20261122000000_init', class: Migration20261122000000_init },
];
