import { randomUUID } from 'node:crypto';
import { applicationDefault, cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';
import type { Config } from '@platform/lib/config';

export interface PushMessage {
  title: string;
  body: string;
  data: Record<string, string>;
}

/** What a provider answered: tokens it called invalid; anything else failed throws (the job retries). */
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

export class FcmProvider implements PushProvider {
  private readonly app: App;
  private readonly messaging: Messaging;

  constructor(config: Config) {
    this.app = initializeApp(
      {
        credential: config.FCM_CREDENTIALS_FILE ? cert(config.FCM_CREDENTIALS_FILE) : undefined,
        projectId: config.FCM_PROJECT_ID,
      },
      `notifications-${randomUUID()}`,
    );
    this.messaging = getMessaging(this.app);
    if (config.FCM_LEGACY_HTTP) this.messaging.enableLegacyHttpTransport();
  }

  async send(tokens: string[], message: PushMessage): Promise<PushOutcome> {
    const batch = await this.messaging.sendEach(
      tokens.map((token) => ({
        token,
        notification: { title: message.title, body: message.body },
        data: message.data,
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

interface OneSignalAnswer {
  id?: string;
  errors?: { invalid_player_ids?: string[] } | string[];
}

/** The second provider, OneSignal's REST API (POST /notifications, legacy player ids). */
export class OneSignalProvider implements PushProvider {
  constructor(
    private readonly appId: string,
    private readonly apiKey: string,
    private readonly apiUrl: string,
  ) {}

  async send(playerIds: string[], message: PushMessage): Promise<PushOutcome> {
    const response = await fetch(
      new URL('notifications', this.apiUrl.endsWith('/') ? this.apiUrl : `${this.apiUrl}/`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Key ${this.apiKey}` },
        body: JSON.stringify({
          app_id: this.appId,
          include_player_ids: playerIds,
          headings: { en: message.title },
          contents: { en: message.body },
          data: message.data,
        }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    if (!response.ok) throw new Error(`OneSignal answered ${response.status}`);
    const answer = (await response.json()) as OneSignalAnswer;
    const errors = answer.errors;
    if (Array.isArray(errors)) {
      // "All included players are not subscribed": every id is invalid.
      return { invalidTokens: answer.id ? [] : playerIds };
    }
    return { invalidTokens: errors?.invalid_player_ids ?? [] };
  }

  async close(): Promise<void> {}
}

/** A good answer is trusted this long, so /health does not ask Google for a token on every probe. */
const pushHealthTtlMs = 5 * 60_000;

/**
 * The push provider's health: FCM is usable when its service account obtains an OAuth access token from
 * Google (the first step of every send).
 */
export function fcmHealthCheck(config: Config, now: () => number = Date.now): () => Promise<void> {
  const credential = config.FCM_CREDENTIALS_FILE ? cert(config.FCM_CREDENTIALS_FILE) : applicationDefault();
  let healthyUntil = 0;
  return async () => {
    if (now() < healthyUntil) return;
    await credential.getAccessToken();
    healthyUntil = now() + pushHealthTtlMs;
  };
}
