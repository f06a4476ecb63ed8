import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_init } from './Migration20261122000000_init.js';
import { Migration20261130000000_files } from './Migration20261130000000_files.js';
import { Migration20261201000000_projects } from './Migration20261201000000_projects.js';
import { Migration20261210000000_tasks } from './Migration20261210000000_tasks.js';
import { Migration20261215000000_comments } from './Migration20261215000000_comments.js';
import { Migration20261220000000_task_facets } from './Migration20261220000000_task_facets.js';
import { Migration20261227000000_webhooks } from './Migration20261227000000_webhooks.js';
import { Migration20261228000000_task_page_order } from './Migration20261228000000_task_page_order.js';

/** Checked-in migrations, applied in this order at start-up. */
export const projectsMigrations: MigrationObject[] = [
  { name: 'Migration20261122000000_init', class: Migration20261122000000_init },
  { name: 'Migration20261130000000_files', class: Migration20261130000000_files },
  { name: 'Migration20261201000000_projects', class: Migration20261201000000_projects },
  { name: 'Migration20261210000000_tasks', class: Migration20261210000000_tasks },
  { name: 'Migration20261215000000_comments', class: Migration20261215000000_comments },
  { name: 'Migration20261220000000_task_facets', class: Migration20261220000000_task_facets },
  { name: 'Migration20261227000000_webhooks', class: Migration20261227000000_webhooks },
  { name: 'Migration20261228000000_task_page_order', class: Migration20261228000000_task_page_order },
];
