import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_init } from './Migration20261122000000_init.js';
import { Migration20261122020000_delivery } from './Migration20261122020000_delivery.js';
import { Migration20261127000000_idempotency } from './Migration20261127000000_idempotency.js';
import { Migration20261127010000_inbox_states } from './Migration20261127010000_inbox_states.js';
import { Migration20261127020000_preferences } from './Migration20261127020000_preferences.js';
import { Migration20261127030000_web_push } from './Migration20261127030000_web_push.js';

/** Checked-in migrations, applied in this order at start-up. */
export const notificationsMigrations: MigrationObject[] = [
  { name: 'Migration20261122000000_init', class: Migration20261122000000_init },
  { name: 'Migration20261122020000_delivery', class: Migration20261122020000_delivery },
  { name: 'Migration20261127000000_idempotency', class: Migration20261127000000_idempotency },
  { name: 'Migration20261127010000_inbox_states', class: Migration20261127010000_inbox_states },
  { name: 'Migration20261127020000_preferences', class: Migration20261127020000_preferences },
  { name: 'Migration20261127030000_web_push', class: Migration20261127030000_web_push },
];
