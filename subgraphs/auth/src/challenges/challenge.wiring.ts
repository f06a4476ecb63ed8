import type { Platform } from '@platform/lib/platform';
import { ChallengeSessions } from './challenge-sessions.js';

/** How the challenge sessions are built for a request (context.ts). */
export const challengeWiring = {
  challenges: (scope: { platform: Pick<Platform, 'stores' | 'now'> }) =>
    new ChallengeSessions({ store: scope.platform.stores.keyValue, now: scope.platform.now }),
};
