import type { UserCaller } from '@platform/lib/auth/caller';
import type { NotificationJobRequest } from '@platform/lib/notifications/producer';

/** Security events the auth service raises to the account's owner (issue 4, producers): in-app and e-mail. */
function toOwner(user: { userId: number; email: string }, event: Omit<NotificationJobRequest, 'recipients'>) {
  return {
    ...event,
    emailTemplate: event.emailTemplate ?? 'security-alert',
    recipients: [{ userId: user.userId, email: user.email, channels: ['in_app' as const, 'email' as const] }],
  };
}

export const securityEvents = {
  deviceRegistered: (caller: UserCaller, deviceName: string | null): NotificationJobRequest =>
    toOwner(caller, {
      title: 'New device registered',
      message: `A new device${deviceName ? ` (${deviceName})` : ''} was registered for biometric sign-in on your account.`,
      triggerEvent: 'device_registered',
    }),
  deviceRemoved: (caller: UserCaller, deviceName: string | null): NotificationJobRequest =>
    toOwner(caller, {
      title: 'Device removed',
      message: `A device${deviceName ? ` (${deviceName})` : ''} was removed from your account.`,
      triggerEvent: 'device_removed',
    }),
};
