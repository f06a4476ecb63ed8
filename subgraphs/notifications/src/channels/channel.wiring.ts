import type { Config } from '@platform/lib/config';
import { EmailChannel } from './email.channel.js';
import { FcmProvider, OneSignalProvider, type PushProvider } from './push-providers.js';
import { WebPushProvider } from './web-push.channel.js';

/** The worker's process-wide senders, one of each for every job it runs. */
export interface JobChannels {
  email: EmailChannel | null;
  fcm: PushProvider | null;
  oneSignal: PushProvider | null;
  webPush: WebPushProvider | null;
}

/** The worker's senders, opened once when it starts: e-mail when SMTP_URL is set, each push provider when enabled, Web Push with VAPID keys. */
export function openChannels(config: Config): JobChannels {
  return {
    email: config.SMTP_URL ? new EmailChannel({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) : null,
    fcm: config.FCM_ENABLED ? new FcmProvider({ config, appName: 'notifications' }) : null,
    oneSignal:
      config.ONESIGNAL_APP_ID && config.ONESIGNAL_API_KEY
        ? new OneSignalProvider({
            appId: config.ONESIGNAL_APP_ID,
            apiKey: config.ONESIGNAL_API_KEY,
            apiUrl: config.ONESIGNAL_API_URL,
          })
        : null,
    webPush:
      config.WEB_PUSH_VAPID_PUBLIC_KEY && config.WEB_PUSH_VAPID_PRIVATE_KEY
        ? new WebPushProvider({
            publicKey: config.WEB_PUSH_VAPID_PUBLIC_KEY,
            privateKey: config.WEB_PUSH_VAPID_PRIVATE_KEY,
            subject: config.WEB_PUSH_SUBJECT,
          })
        : null,
  };
}
