/**
 * The auth spec's supported confirmation action types (Confirmation), in one place for the two sides that must
 * agree on them: the auth subgraph, which checks each initiate against them, and the configuration, whose
 * CONFIRMATION_NUMBER_MATCHING may name only these (a misspelt name would silently leave an action unmatched).
 */
export const confirmationActionTypes = [
  'payment_approval',
  'document_approval',
  'purchase_order',
  'user_access',
  'settings_change',
  'password_change',
  'device_register',
  'sensitive_data_access',
  'transfer_money',
  'approve_document',
  'delete_user',
  'system_config',
] as const;

export type ConfirmationActionType = (typeof confirmationActionTypes)[number];
