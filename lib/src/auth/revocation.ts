import type { KeyValueStore } from '../store/ports.js';
import { tokenLifetimes } from './token-kinds.js';

/**
 * Revocation markers live in the shared store, so a logout or device removal on one instance is seen by
 * the next request on every instance. A marker outlives every token it can cover (the longest refresh).
 */
const markerLifetimeMs = tokenLifetimes.rememberedRefreshMs;

export const revocationKeys = {
  session: (sessionId: string) => `revoked:session:${sessionId}`,
  user: (userId: number) => `revoked:user:${userId}`,
  device: (deviceId: string) => `revoked:device:${deviceId}`,
  token: (tokenId: string) => `revoked:token:${tokenId}`,
};

export class Revocations {
  constructor(private readonly store: KeyValueStore) {}

  revoke(key: string): Promise<void> {
    return this.store.set(key, '1', markerLifetimeMs);
  }

  async clear(key: string): Promise<void> {
    await this.store.delete(key);
  }

  anyRevoked(keys: string[]): Promise<boolean> {
    return this.store.anyExists(keys);
  }
}
