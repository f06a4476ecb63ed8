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

export type ProjectStatus = (typeof projectStatuses)[number];
export type ProjectProgress = (typeof projectProgresses)[number];
