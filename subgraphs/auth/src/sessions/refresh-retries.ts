import { createHash } from 'node:crypto';
import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import type { RequestInfo } from '@platform/lib/graphql/context';
import type { KeyValueStore } from '@platform/lib/store/ports';

export interface RefreshRetriesDependencies {
  store: KeyValueStore;
  cipher: FieldCipher;
  /** REFRESH_REUSE_GRACE_SECONDS; 0: nothing is kept, and reuse is reuse (the contract). */
  graceSeconds: number;
  /** Who presents the token: its binding is what a retry must share (bindingOf). */
  request: RequestInfo;
}

/**
 * The client a refresh comes from, as far as the server can tell it apart (issue 27, item 4): its user agent,
 * the device fingerprint it names, and the device key its proof was signed with. Hashed: only compared.
 */
export function bindingOf(request: RequestInfo): string {
  const parts = [request.userAgent ?? '', request.deviceFingerprint ?? '', request.deviceProof?.jkt ?? ''];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

interface KeptRotation {
  binding: string;
  result: unknown;
}

const keyOf = (tokenHash: string) => `refresh:retry:${tokenHash}`;
const contextOf = (tokenHash: string) => `auth.refresh_retry:${tokenHash}`;

/**
 * Refresh retries within the grace window (issue 27, item 4): a rotation keeps its successor pair in the shared
 * store (encrypted: it holds tokens) for REFRESH_REUSE_GRACE_SECONDS under the consumed token's hash, written
 * before the rotation commits, so a concurrent presentation that waits on the consumed row finds it. The same
 * token presented again by the same binding within the window gets that pair back; anything else is reuse.
 */
export class RefreshRetries {
  constructor(private readonly deps: RefreshRetriesDependencies) {}

  async keep(tokenHash: string, result: unknown): Promise<void> {
    if (this.deps.graceSeconds === 0) return;
    const kept: KeptRotation = { binding: bindingOf(this.deps.request), result };
    const sealed = this.deps.cipher.encrypt(JSON.stringify(kept), contextOf(tokenHash));
    await this.deps.store.set(keyOf(tokenHash), sealed, this.deps.graceSeconds * 1000);
  }

  /** The successor pair of the token's rotation, for the same binding within the window; otherwise undefined. */
  async recall<T>(tokenHash: string): Promise<T | undefined> {
    if (this.deps.graceSeconds === 0) return undefined;
    const sealed = await this.deps.store.get(keyOf(tokenHash));
    if (!sealed) return undefined;
    const kept = JSON.parse(this.deps.cipher.decrypt(sealed, contextOf(tokenHash))) as KeptRotation;
    return kept.binding === bindingOf(this.deps.request) ? (kept.result as T) : undefined;
  }
}
