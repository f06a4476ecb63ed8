import type { KeyValueStore } from '@platform/lib/store/ports';

/** 5 failed logins for one e-mail within 15 minutes lock it for 15 minutes (decisions: Login). */
const maxFailures = 5;
const failureWindowMs = 15 * 60_000;
const lockMs = 15 * 60_000;

export class LoginLockout {
  constructor(private readonly store: KeyValueStore) {}

  async isLocked(email: string): Promise<boolean> {
    return (await this.store.get(`login-lock:${email}`)) !== null;
  }

  /** Returns true when this failure locks the account. */
  async recordFailure(email: string): Promise<boolean> {
    const failures = await this.store.increment(`login-failures:${email}`, failureWindowMs);
    if (failures < maxFailures) return false;
    await this.store.set(`login-lock:${email}`, '1', lockMs);
    await this.store.delete(`login-failures:${email}`);
    return true;
  }

  clear(email: string): Promise<void> {
    return this.store.delete(`login-failures:${email}`);
  }
}
