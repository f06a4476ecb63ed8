import type { ConfirmationActionType } from '@platform/lib/contract/confirmation-actions';

/**
 * Supported action types and the payload fields each requires (auth spec, Confirmation); the client-example
 * names require none (decisions: Unknown actionType). Keyed by the contract's list, so the two cannot drift.
 */
export const requiredPayloadFields: Readonly<Record<ConfirmationActionType, readonly string[]>> = {
  payment_approval: ['amount', 'currency', 'recipient'],
  document_approval: ['documentId', 'documentName'],
  purchase_order: ['amount', 'supplier', 'items'],
  user_access: ['userId', 'permissions'],
  settings_change: ['settingKey', 'oldValue', 'newValue'],
  password_change: ['userId'],
  device_register: ['deviceName', 'deviceType'],
  sensitive_data_access: ['dataType', 'reason'],
  transfer_money: [],
  approve_document: [],
  delete_user: [],
  system_config: [],
};

/** decisions: Trust level; a biometric bearer of trust `low` may not approve or reject these. */
export const trustSensitiveActions: ReadonlySet<string> = new Set([
  'payment_approval',
  'user_access',
  'settings_change',
  'password_change',
]);

export function isSupportedAction(actionType: string): actionType is ConfirmationActionType {
  return Object.hasOwn(requiredPayloadFields, actionType);
}
