import type { EntityManager } from '@mikro-orm/postgresql';
import type { StageSuccess } from '../audit/audited.js';
import type { TokenCodec } from '../../../../lib/src/auth/token-codec.js';
import { tokenKinds, tokenLifetimes } from '../../../../lib/src/auth/token-kinds.js';
import { fingerprintHash } from '../../../../lib/src/fingerprint.js';
import type { Device } from '../devices/device.entity.js';
import type { TokenFamily } from '../sessions/token-family.entity.js';
import type { TokenFamilyService } from '../sessions/token-family.service.js';
import { tokenSetOf, type TokenSet } from '../sessions/token-set.js';
import { userClaimsOf } from '../users/user-claims.js';
import type { User } from '../users/user.entity.js';
import { trustLevelOf } from './trust-level.js';

/**
 * Issues the biometric token pair (auth spec, Token kinds). The access token carries the spec's claims and
 * the hash of the device fingerprint that the authenticator binds it to; the refresh token names the device.
 */
export class BiometricTokenIssuer {
  constructor(
    private readonly em: EntityManager,
    private readonly codec: TokenCodec,
    private readonly families: TokenFamilyService,
    private readonly now: () => number,
  ) {}

  /** One commit: the new family and refresh token, the device's lastUsedAt and the success audit entry. */
  async issue(user: User, device: Device, family: TokenFamily, stageAudit: StageSuccess): Promise<TokenSet> {
    const access = await this.codec.sign(
      tokenKinds.biometricAccess,
      String(user.id),
      {
        ...userClaimsOf(user),
        device_id: device.id,
        auth_method: 'biometric',
        trust_level: trustLevelOf(device, this.now()),
        session_id: family.id,
        device_fingerprint_hash: fingerprintHash(device.deviceFingerprint),
      },
      tokenLifetimes.biometricAccessMs,
    );
    const refresh = await this.families.issueRefresh(family, { device_id: device.id });
    device.lastUsedAt = new Date(this.now());
    stageAudit(this.em);
    await this.em.flush();
    return tokenSetOf(access, refresh);
  }
}
