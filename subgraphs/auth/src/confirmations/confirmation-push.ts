import type { PushMessage } from '@platform/lib/push/fcm';

interface ConfirmationRequest {
  id: string;
  actionType: string;
  actionPayload: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * Body templates of the auth spec (Events) for its four types, and ours for the others (decisions:
 * Confirmations); `user_access` names `username` when the payload has one, else the required `userId`.
 */
const bodies: Record<string, (payload: Record<string, unknown>) => string> = {
  payment_approval: (p) => `Approve payment of ${text(p.amount)} ${text(p.currency)}`,
  document_approval: (p) => `Approve document: ${text(p.documentName)}`,
  purchase_order: (p) => `Approve purchase order from ${text(p.supplier)} (${text(p.amount)} VND)`,
  user_access: (p) => `Approve access for user: ${text(p.username ?? p.userId)}`,
  settings_change: (p) => `Approve change of setting: ${text(p.settingKey)}`,
  password_change: () => 'Approve password change',
  device_register: (p) => `Approve new device: ${text(p.deviceName)}`,
  sensitive_data_access: (p) => `Approve access to sensitive data: ${text(p.dataType)}`,
};

/** The push message of a confirmation request with the spec's platform settings (auth spec, Events). */
export function confirmationPushMessage(confirmation: ConfirmationRequest): PushMessage {
  const body = bodies[confirmation.actionType]?.(confirmation.actionPayload) ?? 'Approve the requested action';
  return {
    title: 'Action Confirmation Required',
    body,
    data: { type: 'confirmation_request', confirmationId: confirmation.id, actionType: confirmation.actionType },
    android: {
      notification: {
        channelId: 'biometric_confirmations',
        icon: 'ic_notification',
        color: '#2196F3',
        clickAction: 'OPEN_CONFIRMATION',
      },
    },
    apns: { payload: { aps: { category: 'BIOMETRIC_CONFIRMATION', sound: 'default' }, action: 'CONFIRM_ACTION' } },
    webpush: {
      notification: {
        title: 'Action Confirmation Required',
        body,
        actions: [
          { action: 'confirm', title: 'Confirm' },
          { action: 'reject', title: 'Reject' },
        ],
      },
    },
  };
}
