import { InvalidBiometricTokenError } from '@platform/lib/auth/auth.errors';
import { RateLimitedError } from '@platform/lib/errors';
import { SessionNotFoundError } from '../challenges/challenge.errors.js';
import { UserInactiveError } from '../users/user.errors.js';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { RequestInfo } from '@platform/lib/graphql/context';
import { sentField, type RateLimiter } from '@platform/lib/rate-limit';
import { uuid, validate, z } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { challengeLifetimes, challengeMessage, type ChallengeSessions } from '../challenges/challenge-sessions.js';
import type { Device } from '../devices/device.entity.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import { DeviceNotFoundError, InvalidSignatureError } from '../devices/device.errors.js';
import type { DeviceKeys } from '../devices/device-keys.js';
import { verifyDeviceSignature } from '../devices/device-signature.js';
import { deviceFingerprint, signedChallenge } from '../devices/device.validation.js';
import { tokenHash, type RefreshClaims, type TokenFamilyService } from '../sessions/token-family.service.js';
import { tokenSetOf, type TokenSet } from '../sessions/token-set.js';
import { sameClaims } from '../users/user-claims.js';
import type { User } from '../users/user.entity.js';
import type { UserRepository } from '../users/user.repository.js';
import type { BiometricTokenIssuer } from './biometric-tokens.js';
import type { LoginRepository } from './login.repository.js';
import type { LoginDevice } from './login-rows.js';
import type { DeviceProofBinding } from './device-proof-binding.js';

/** Every active device of an active user with the fingerprint: the signature decides among them. */
interface LoginData {
  devices: LoginDevice[];
}

export interface MobileChallenge {
  challenge: string;
  expiresAt: string;
  sessionId: string;
}

export interface BiometricLoginResult {
  success: true;
  tokens: TokenSet;
}

const challengeInput = z.object({ deviceFingerprint });
const biometricInput = z.object({ sessionId: uuid, signedChallenge, rememberMe: z.boolean().nullish() });
const refreshInput = z.object({ refreshToken: z.string().min(1, 'is required').max(4096) });

export interface MobileLoginServiceDependencies {
  devices: DeviceRepository;
  users: UserRepository;
  rateLimiter: RateLimiter;
  sessions: ChallengeSessions;
  keys: DeviceKeys;
  families: TokenFamilyService;
  issuer: BiometricTokenIssuer;
  audit: AuditWriter;
  logins: LoginRepository;
  /** Proofs of possession of the device key (issue 27). */
  proofs: DeviceProofBinding;
  request: RequestInfo;
}

/** Password-less login by device signature (auth spec, Mobile biometric login). */
export class MobileLoginService {
  constructor(private readonly deps: MobileLoginServiceDependencies) {}

  challenge(input: unknown): Promise<MobileChallenge> {
    return audited(this.deps.audit, 'mobile_challenge', {}, async (trail) => {
      // Counted before validation, per fingerprint as sent (decisions: Rate limits); a request naming none has
      // no fingerprint to count against (its shape is refused before it gets here, and the per-IP limit counts it).
      const sentFingerprint = sentField(input, 'deviceFingerprint');
      if (sentFingerprint !== undefined) {
        await this.deps.rateLimiter.hit('mobileChallenge', `fp:${fingerprintHash(sentFingerprint)}`);
      }
      const values = validate(challengeInput, input);
      const devices = await this.deps.logins.devicesWithFingerprint(values.deviceFingerprint);
      if (devices.length === 0) throw new DeviceNotFoundError();
      if (devices.length === 1) {
        trail.userId = devices[0]!.userId;
        trail.deviceId = devices[0]!.id;
      }
      const session = await this.deps.sessions.open<LoginData>('login', { devices }, challengeLifetimes.loginMs);
      trail.challenge = session.challenge;
      return { challenge: session.challenge, expiresAt: session.expiresAt, sessionId: session.sessionId };
    });
  }

  /**
   * The devices come from the session, so the signature is checked before any database work. Then one
   * statement consumes the session and writes everything the login changes, guarded by the device and user
   * still being active (login.repository.ts); the session's Redis copy is only removed afterwards.
   */
  biometricLogin(input: unknown): Promise<BiometricLoginResult> {
    return audited(this.deps.audit, 'biometric_login', {}, async (trail, stageSuccess) => {
      await this.deps.rateLimiter.charge('authentication', `ip:${this.deps.request.ip}`);
      const sentSession = sentField(input, 'sessionId');
      if (sentSession !== undefined) await this.hitSessionLimit(sentSession);
      const values = validate(biometricInput, input);
      const session = await this.deps.sessions.read<LoginData>('login', values.sessionId);
      trail.challenge = session.challenge;
      const message = challengeMessage(session.challenge);
      const signer = session.data.devices.find((device) =>
        verifyDeviceSignature(this.deps.keys.publicKeyOf(device), message, values.signedChallenge),
      );
      const device = signer ?? session.data.devices[0]!;
      trail.signature = { algorithm: device.keyAlgorithm, keyId: device.keyId, verified: signer !== undefined };
      if (!signer) throw new InvalidSignatureError();
      trail.userId = device.userId;
      trail.deviceId = device.id;
      const jkt = await this.deps.proofs.keyFor(device, this.deps.request.deviceProof, trail);
      const family = this.deps.families.draft(device.userId, 'biometric', values.rememberMe === true, device.id);
      family.loginSessionId = session.sessionId;
      const tokenDevice = { ...device, lastUsedAt: device.lastUsedAt === null ? null : new Date(device.lastUsedAt) };
      // The access token is signed beside the refresh token with the claims read at challenge time, and signed
      // again below only if the write finds that the user's claims have changed since.
      const [refresh, accessAsChallenged] = await Promise.all([
        this.deps.issuer.signRefresh(device, family, jkt),
        this.deps.issuer.signAccess(device.claims, tokenDevice, family, jkt),
      ]);
      const login = await this.deps.logins.recordLogin({
        family,
        refresh: { jti: refresh.jti, tokenHash: tokenHash(refresh.token), expiresAt: refresh.expiresAt },
        audit: stageSuccess(),
      });
      if (login.user?.status !== 'active') throw new UserInactiveError();
      if (!login.written) throw login.deviceActive ? new SessionNotFoundError() : new DeviceNotFoundError();
      // Already consumed in the database: removing the copy in Redis only frees it early, so the response does
      // not wait for it, and a store hiccup here must not turn a completed login into an error.
      void this.deps.sessions.end('login', session.sessionId).catch(() => undefined);
      const access = sameClaims(login.user, device.claims)
        ? accessAsChallenged
        : await this.deps.issuer.signAccess(login.user, tokenDevice, family, jkt);
      return { success: true, tokens: tokenSetOf(access, refresh) };
    });
  }

  /** Rotation as for standard refresh, after the device binding: a token replayed elsewhere burns nothing. */
  refresh(input: unknown): Promise<TokenSet> {
    return audited(this.deps.audit, 'mobile_refresh', {}, async (trail, stageSuccess) => {
      await this.deps.rateLimiter.charge('authentication', `ip:${this.deps.request.ip}`);
      const values = validate(refreshInput, input);
      const claims = await this.deps.families.verifyRefresh(values.refreshToken, 'biometric');
      trail.userId = Number(claims.sub);
      trail.deviceId = claims.device_id;
      await this.deps.rateLimiter.charge('authentication', `family:${claims.token_family}`);
      const device = await this.boundDevice(claims);
      // Before the rotation: a refresh refused for its proof leaves the token usable (issue 27).
      const jkt = await this.deps.proofs.keyFor(device, this.deps.request.deviceProof, trail, claims.cnf?.jkt);
      return this.deps.families.rotate(values.refreshToken, claims, async (family) => {
        if (family.deviceId !== device.id) throw new InvalidBiometricTokenError();
        return this.deps.issuer.issue(await this.activeUser(device.userId), device, family, stageSuccess, jkt);
      });
    });
  }

  /** decisions: Signatures; the session ends when its rate limit is reached. */
  private async hitSessionLimit(sessionId: string): Promise<void> {
    try {
      await this.deps.rateLimiter.hit('mobileBiometric', `session:${sessionId}`);
    } catch (error) {
      if (error instanceof RateLimitedError) await this.deps.sessions.end('login', sessionId);
      throw error;
    }
  }

  /** decisions: Device binding; X-Device-Fingerprint must name the token's device, and it must be active. */
  private async boundDevice(claims: RefreshClaims): Promise<Device> {
    const presented = this.deps.request.deviceFingerprint;
    if (!claims.device_id || !presented) throw new InvalidBiometricTokenError();
    const device = await this.deps.devices.findActive(claims.device_id);
    if (!device || device.deviceFingerprint !== presented || String(device.userId) !== claims.sub) {
      throw new InvalidBiometricTokenError();
    }
    return device;
  }

  private async activeUser(userId: number): Promise<User> {
    const user = await this.deps.users.findWithClaims(userId);
    if (!user || user.status !== 'active') throw new UserInactiveError();
    return user;
  }
}
