import type { IssuedToken, TokenCodec } from '@platform/lib/auth/token-codec';
import { tokenKinds, tokenLifetimes } from '@platform/lib/auth/token-kinds';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { StageSuccess } from '../audit/audited.js';
import type { Device } from '../devices/device.entity.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import type { TokenFamily } from '../sessions/token-family.entity.js';
import type { TokenFamilyService } from '../sessions/token-family.service.js';
import { tokenSetOf, type TokenSet } from '../sessions/token-set.js';
import { userClaimsOf, type ClaimsSource } from '../users/user-claims.js';
import { trustLevelOf } from '../devices/trust-level.js';

type TokenDevice = Pick<Device, 'id' | 'deviceFingerprint' | 'keyAlgorithm' | 'deviceType' | 'lastUsedAt'>;

export interface BiometricTokenIssuerDependencies {
  codec: TokenCodec;
  families: TokenFamilyService;
  devices: DeviceRepository;
  auditEntries: AuditRepository;
  now: () => number;
}

/**
 * Issues the biometric token pair (auth spec, Token kinds). The access token carries the spec's claims and
 * the hash of the device fingerprint that the authenticator binds it to; the refresh token names the device.
 */
export class BiometricTokenIssuer {
  constructor(private readonly deps: BiometricTokenIssuerDependencies) {}

  /** `jkt`: the device key the token is bound to (`cnf`, RFC 9449 section 6.1), when a proof was given. */
  signAccess(user: ClaimsSource, device: TokenDevice, family: TokenFamily, jkt?: string): Promise<IssuedToken> {
    return this.deps.codec.sign(
      tokenKinds.biometricAccess,
      String(user.id),
      {
        ...userClaimsOf(user),
        device_id: device.id,
        auth_method: 'biometric',
        trust_level: trustLevelOf(device, this.deps.now()),
        session_id: family.id,
        device_fingerprint_hash: fingerprintHash(device.deviceFingerprint),
        ...(jkt ? { cnf: { jkt } } : {}),
      },
      tokenLifetimes.biometricAccessMs,
    );
  }

  signRefresh(device: Pick<Device, 'id'>, family: TokenFamily, jkt?: string): Promise<IssuedToken> {
    return this.deps.families.signRefresh(family, { device_id: device.id, ...(jkt ? { cnf: { jkt } } : {}) });
  }

  /**
   * Signs the pair and stages, for the rotation's commit, the refresh token, the device's lastUsedAt and the
   * success audit entry.
   */
  async issue(
    user: ClaimsSource,
    device: Device,
    family: TokenFamily,
    stageAudit: StageSuccess,
    jkt?: string,
  ): Promise<TokenSet> {
    const [access, refresh] = await Promise.all([
      this.signAccess(user, device, family, jkt),
      this.signRefresh(device, family, jkt),
    ]);
    this.deps.families.stageRefresh(family, refresh);
    this.deps.devices.stageLastUse(device, new Date(this.deps.now()));
    this.deps.auditEntries.stage(stageAudit());
    return tokenSetOf(access, refresh);
  }
}
