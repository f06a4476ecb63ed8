import type { Config } from '@platform/lib/config';
import { EmailChannel } from './email.channel.js';
import { FcmProvider, OneSignalProvider, type PushProvider } from './push-providers.js';

/** The worker's process-wide senders, one of each for every job it runs. */
export interface JobChannels {
  email: EmailChannel | null;
  fcm: PushProvider | null;
  oneSignal: PushProvider | null;
}

/** The worker's senders, opened once when it starts: e-mail when SMTP_URL is set, each push provider when enabled. */
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
  };
}
