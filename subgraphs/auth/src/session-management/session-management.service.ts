import { revocationMarkers } from '@platform/lib/auth/revocation';
import type { UserCaller } from '@platform/lib/auth/caller';
import { versionTagOf } from '@platform/lib/entity-tag';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { uuid, validate, z } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import type { RevocationService } from '../revocations/revocation.service.js';
import type { TokenFamilyRepository } from '../sessions/token-family.repository.js';
import { SignInSessionNotFoundError } from './session.errors.js';
import { sessionView, type SessionView } from './session.views.js';

const sessionIdInput = z.object({ id: uuid });

export interface SessionManagementServiceDependencies {
  tokenFamilies: TokenFamilyRepository;
  devices: DeviceRepository;
  revocations: RevocationService;
  rateLimiter: RateLimiter;
  audit: AuditWriter;
  now: () => number;
}

/**
 * The signed-in user's sessions (issue 27, item 3): a session is a token family. Ending one revokes the family
 * and records its session marker, which refuses its access tokens on every instance and, announced, closes the
 * sockets they opened (revocations/revocation.service.ts).
 */
export class SessionManagementService {
  constructor(private readonly deps: SessionManagementServiceDependencies) {}

  async list(caller: UserCaller): Promise<SessionView[]> {
    await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
    const [families, devices] = await Promise.all([
      this.deps.tokenFamilies.liveOf(caller.userId, new Date(this.deps.now())),
      this.deps.devices.listActiveOf(caller.userId),
    ]);
    const byId = new Map(devices.map((device) => [device.id, device]));
    return families.map((family) => sessionView(family, byId, caller.sessionId));
  }

  /**
   * The entity tag of what `list` answers the caller (issue 28, conditional requests), after charging the same
   * limit (a request answered 304 is still a request), from one statement: each session's id, latest use, device
   * name and whether it is the caller's own, in order. A session that ends or runs past its expiry leaves the
   * version as it leaves the list.
   */
  async listTag(caller: UserCaller): Promise<string> {
    await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
    const sessions = await this.deps.tokenFamilies.liveVersionOf(caller.userId, new Date(this.deps.now()));
    return versionTagOf({
      kind: 'session-list',
      items: sessions.map(([id, lastUsedAt, deviceName]) => ({
        id,
        state: [new Date(lastUsedAt).toISOString(), deviceName, id === caller.sessionId],
      })),
    });
  }

  revoke(caller: UserCaller, input: unknown): Promise<{ success: true }> {
    return audited(this.deps.audit, 'session_revoke', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const values = validate(sessionIdInput, input);
      const family = await this.deps.tokenFamilies.findFamily(values.id);
      const live = family && !family.revokedAt && family.absoluteExpiresAt.getTime() > this.deps.now();
      if (!live || family.userId !== caller.userId) throw new SignInSessionNotFoundError();
      trail.deviceId = family.deviceId ?? undefined;
      trail.details = { sessionId: family.id, current: family.id === caller.sessionId };
      await this.deps.revocations.run(async (revoke) => {
        await this.deps.tokenFamilies.revoke(family, new Date(this.deps.now()));
        revoke(revocationMarkers.session(family.id));
      });
      return { success: true };
    });
  }

  /** Every session but the caller's own. */
  revokeOthers(caller: UserCaller): Promise<{ success: true; revokedCount: number }> {
    return audited(this.deps.audit, 'session_revoke_others', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const revoked = await this.deps.revocations.run(async (revoke) => {
        const ids = await this.deps.tokenFamilies.revokeAllOfUserExcept(caller.userId, caller.sessionId);
        ids.forEach((id) => revoke(revocationMarkers.session(id)));
        return ids;
      });
      trail.details = { revokedCount: revoked.length };
      return { success: true, revokedCount: revoked.length };
    });
  }
}
