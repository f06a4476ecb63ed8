/**
 * The projects spec's value lists, in one place for the two sides that must agree on them: the projects
 * subgraph, which validates and stores them, and the REST adapters, whose response shapes declare them.
 */

/** Project status values, as the projects spec lists them (States and transitions). */
export const projectStatuses = [
  'pending',
  'order_placed',
  'canceled',
  'delivered',
  'awaiting_payment',
  'completed',
  'need_update',
  'approved',
] as const;

/** Project progress values, as the projects spec lists them; a new project starts at the first. */
export const projectProgresses = [
  'technical_negotiating',
  'bidding',
  'waiting_for_contract',
  'contract_negotiating',
  'production_planning',
  'in_production',
  'delivering',
] as const;

/** Task priorities, as the projects spec lists them (Task), in rising order: `sortBy=priority` follows it. */
export const taskPriorities = ['low', 'medium', 'high', 'urgent'] as const;

/**
 * The largest contract value (decisions: Defects (issue 23)): contract values are integers from 0 to 2^53 - 1, the
 * integers a JSON number and the graph's SafeInt carry exactly; the `bigint` column holds more.
 */
export const contractValueMax = Number.MAX_SAFE_INTEGER;

export type ProjectStatus = (typeof projectStatuses)[number];
export type ProjectProgress = (typeof projectProgresses)[number];
export type TaskPriority = (typeof taskPriorities)[number];
