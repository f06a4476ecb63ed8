import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_init } from './Migration20261122000000_init.js';
import { Migration20261122010000_devices } from './Migration20261122010000_devices.js';
import { Migration20261122020000_login_sessions } from './Migration20261122020000_login_sessions.js';
import { Migration20261210000000_revocations } from './Migration20261210000000_revocations.js';
import { Migration20261215000000_confirmations } from './Migration20261215000000_confirmations.js';
import { Migration20261215010000_confirmation_pushes } from './Migration20261215010000_confirmation_pushes.js';
import { Migration20261225000000_passkeys } from './Migration20261225000000_passkeys.js';
import { Migration20261228000000_session_facts } from './Migration20261228000000_session_facts.js';
import { Migration20261228010000_confirmation_number_matching } from './Migration20261228010000_confirmation_number_matching.js';

/** Checked-in migrations, applied in this order at start-up. */
export const authMigrations: MigrationObject[] = [
  { name: 'Migration20261122000000_init', class: Migration20261122000000_init },
  { name: 'Migration20261122010000_devices', class: Migration20261122010000_devices },
  { name: 'Migration20261122020000_login_sessions', class: Migration20261122020000_login_sessions },
  { name: 'Migration20261210000000_revocations', class: Migration20261210000000_revocations },
  { name: 'Migration20261215000000_confirmations', class: Migration20261215000000_confirmations },
  { name: 'Migration20261215010000_confirmation_pushes', class: Migration20261215010000_confirmation_pushes },
  { name: 'Migration20261225000000_passkeys', class: Migration20261225000000_passkeys },
  { name: 'Migration20261228000000_session_facts', class: Migration20261228000000_session_facts },
  {
    name: 'Migration20261228010000_confirmation_number_matching',
    class: Migration20261228010000_confirmation_number_matching,
  },
];
