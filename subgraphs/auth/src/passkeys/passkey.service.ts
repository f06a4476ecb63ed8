import type { UserCaller } from '@platform/lib/auth/caller';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { validate } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { PasskeyNotFoundError } from './passkey.errors.js';
import type { Passkey } from './passkey.entity.js';
import type { PasskeyRepository } from './passkey.repository.js';
import { passkeyIdInput, renameInput } from './passkey.validation.js';
import { passkeyView, type PasskeyView } from './passkey.views.js';

export interface PasskeyServiceDependencies {
  passkeys: PasskeyRepository;
  rateLimiter: RateLimiter;
  audit: AuditWriter;
}

/** The signed-in user's passkeys: list, rename, delete (issue 13, item 4). Device management limits apply. */
export class PasskeyService {
  constructor(private readonly deps: PasskeyServiceDependencies) {}

  async list(caller: UserCaller): Promise<PasskeyView[]> {
    await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
    return (await this.deps.passkeys.listOf(caller.userId)).map(passkeyView);
  }

  rename(caller: UserCaller, input: unknown): Promise<PasskeyView> {
    return audited(this.deps.audit, 'passkey_rename', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const values = validate(renameInput, input);
      const passkey = await this.own(caller, values.id);
      trail.details = { passkeyId: passkey.id };
      await this.deps.passkeys.rename(passkey, values.name);
      return passkeyView(passkey);
    });
  }

  delete(caller: UserCaller, input: unknown): Promise<{ success: true }> {
    return audited(this.deps.audit, 'passkey_delete', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const values = validate(passkeyIdInput, input);
      const passkey = await this.own(caller, values.id);
      trail.details = { passkeyId: passkey.id, credentialId: passkey.credentialId };
      await this.deps.passkeys.remove(passkey.id);
      return { success: true };
    });
  }

  private async own(caller: UserCaller, id: string): Promise<Passkey> {
    const passkey = await this.deps.passkeys.findOf(caller.userId, id);
    if (!passkey) throw new PasskeyNotFoundError();
    return passkey;
  }
}
