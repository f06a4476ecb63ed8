import { randomUUID } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import {
  getMessaging,
  type AndroidConfig,
  type ApnsConfig,
  type Messaging,
  type WebpushConfig,
} from 'firebase-admin/messaging';
import type { Config } from '../config.js';

/** One push message for every recipient token; the platform blocks are passed to FCM as they are. */
export interface PushMessage {
  title: string;
  body: string;
  data: Record<string, string>;
  android?: AndroidConfig;
  apns?: ApnsConfig;
  webpush?: WebpushConfig;
}

/** What a provider answered: tokens it called invalid; anything else failed throws (the sender retries). */
export interface PushOutcome {
  invalidTokens: string[];
}

export interface PushProvider {
  send(tokens: string[], message: PushMessage): Promise<PushOutcome>;
  close(): Promise<void>;
}

/** FCM error codes that mean the token will never work again (not a transient failure). */
const invalidTokenCodes = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/**
 * The one FCM client (firebase-admin's messaging API): the notification subgraph's push channel and the auth
 * subgraph's confirmation requests both send through it. Each instance is a Firebase app of its own.
 */
export class FcmProvider implements PushProvider {
  private readonly app: App;
  private readonly messaging: Messaging;

  constructor({ config, appName }: { config: Config; appName: string }) {
    this.app = initializeApp(
      {
        credential: config.FCM_CREDENTIALS_FILE ? cert(config.FCM_CREDENTIALS_FILE) : undefined,
        projectId: config.FCM_PROJECT_ID,
      },
      `${appName}-${randomUUID()}`,
    );
    this.messaging = getMessaging(this.app);
    if (config.FCM_LEGACY_HTTP) this.messaging.enableLegacyHttpTransport();
  }

  async send(tokens: string[], message: PushMessage): Promise<PushOutcome> {
    const { title, body, data, android, apns, webpush } = message;
    const batch = await this.messaging.sendEach(
      tokens.map((token) => ({
        token,
        notification: { title, body },
        data,
        ...(android ? { android } : {}),
        ...(apns ? { apns } : {}),
        ...(webpush ? { webpush } : {}),
      })),
    );
    const invalidTokens: string[] = [];
    batch.responses.forEach((response, index) => {
      if (response.success) return;
      if (invalidTokenCodes.has(response.error?.code ?? '')) invalidTokens.push(tokens[index]!);
      else throw new Error(`FCM send failed: ${response.error?.code ?? 'unknown'}`);
    });
    return { invalidTokens };
  }

  close(): Promise<void> {
    return deleteApp(this.app);
  }
}
