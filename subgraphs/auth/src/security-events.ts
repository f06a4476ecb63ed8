import type { UserCaller } from '@platform/lib/auth/caller';
import type { NotificationJobRequest } from '@platform/lib/notifications/producer';
import { describeClient } from '@platform/lib/user-agent';

/** Security events the auth service raises to the account's owner (issue 4, producers): in-app and e-mail. */
function toOwner(user: { userId: number; email: string }, event: Omit<NotificationJobRequest, 'recipients'>) {
  return {
    ...event,
    emailTemplate: event.emailTemplate ?? 'security-alert',
    recipients: [{ userId: user.userId, email: user.email, channels: ['in_app' as const, 'email' as const] }],
  };
}

const methodNames = { password: 'a password', passkey: 'a passkey', biometric: 'a registered device' } as const;

export const securityEvents = {
  newSignIn: (
    user: { id: number; email: string },
    session: { method: keyof typeof methodNames; userAgent: string | null; ipAddress: string | null },
  ): NotificationJobRequest => {
    const { browser, os } = describeClient(session.userAgent);
    const client = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'an unrecognised browser');
    return toOwner(
      { userId: user.id, email: user.email },
      {
        title: 'New sign-in',
        message: `Your account was signed in to with ${methodNames[session.method]} from ${client}${session.ipAddress ? ` (${session.ipAddress})` : ''}, which it had not used before. If this was not you, end the session on the Security page and change your password.`,
        triggerEvent: 'new_sign_in',
      },
    );
  },
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
