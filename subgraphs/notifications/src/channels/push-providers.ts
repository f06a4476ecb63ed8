import { applicationDefault, cert } from 'firebase-admin/app';
import type { Config } from '@platform/lib/config';
import type { PushMessage, PushOutcome, PushProvider } from '@platform/lib/push/fcm';

export { FcmProvider, type PushMessage, type PushProvider } from '@platform/lib/push/fcm';

interface OneSignalAnswer {
  id?: string;
  errors?: { invalid_player_ids?: string[] } | string[];
}

export interface OneSignalProviderDependencies {
  appId: string;
  apiKey: string;
  apiUrl: string;
}

/** The second provider, OneSignal's REST API (POST /notifications, legacy player ids). */
export class OneSignalProvider implements PushProvider {
  constructor(private readonly deps: OneSignalProviderDependencies) {}

  async send(playerIds: string[], message: PushMessage): Promise<PushOutcome> {
    const response = await fetch(
      new URL('notifications', this.deps.apiUrl.endsWith('/') ? this.deps.apiUrl : `${this.deps.apiUrl}/`),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Key ${this.deps.apiKey}` },
        body: JSON.stringify({
          app_id: this.deps.appId,
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
