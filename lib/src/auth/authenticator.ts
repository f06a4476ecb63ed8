import type { JWTPayload } from 'jose';
import { InvalidBiometricTokenError, InvalidTokenError, TokenRevokedError } from './auth.errors.js';
import type { Caller, DepartmentClaim, EmployeeClaim, UserCaller } from './caller.js';
import { revocationMarkers, type RevocationMarker, type Revocations } from './revocation.js';
import type { TokenCodec } from './token-codec.js';
import { tokenKinds } from './token-kinds.js';

export interface AccessClaims extends JWTPayload {
  id: number;
  email: string;
  permissions: string[];
  employee: EmployeeClaim | null;
  department: DepartmentClaim | null;
  session_id: string;
  token_use: 'access' | 'biometric_access';
  device_id?: string;
  device_fingerprint_hash?: string;
  trust_level?: 'low' | 'medium' | 'high';
  auth_method?: string;
  /** The device key the token is bound to (RFC 9449 section 6: its RFC 7638 thumbprint); issue 27. */
  cnf?: { jkt: string };
}

export interface ServiceClaims extends JWTPayload {
  token_use: 'service';
  service: string;
}

export interface VerifiedBearer {
  caller: Caller;
  claims: AccessClaims | ServiceClaims;
}

export interface BearerContext {
  /** The X-Device-Fingerprint header; biometric tokens only work with their own device's. */
  deviceFingerprintHash?: string;
}

const bearerKinds = [tokenKinds.access, tokenKinds.biometricAccess, tokenKinds.service] as const;

function callerOf(claims: AccessClaims): UserCaller {
  return {
    kind: 'user',
    userId: claims.id,
    email: claims.email,
    permissions: claims.permissions,
    employee: claims.employee,
    department: claims.department,
    sessionId: claims.session_id,
    tokenUse: claims.token_use,
    deviceId: claims.device_id,
    trustLevel: claims.trust_level,
  };
}

/** What revokes a user's token: its session, its user, and for a biometric token its device. */
export function revocationMarkersOf(claims: AccessClaims): RevocationMarker[] {
  const markers = [revocationMarkers.session(claims.session_id), revocationMarkers.user(claims.id)];
  if (claims.device_id) markers.push(revocationMarkers.device(claims.device_id));
  return markers;
}

export interface AuthenticatorDependencies {
  codec: TokenCodec;
  revocations: Revocations;
}

/** The one auth context: every edge (GraphQL, REST, /internal/verify, subgraphs) verifies bearers here. */
export class Authenticator {
  constructor(private readonly deps: AuthenticatorDependencies) {}

  async verifyBearer(token: string, context: BearerContext = {}): Promise<VerifiedBearer> {
    const invalid = () => new InvalidTokenError();
    const claims =
      this.deps.codec.rememberedClaims<AccessClaims | ServiceClaims>(token, bearerKinds, invalid) ??
      (await this.deps.codec.verify<AccessClaims | ServiceClaims>(token, bearerKinds, invalid, { remember: true }));
    if (claims.token_use === 'service') {
      if (await this.deps.revocations.anyRevoked([revocationMarkers.token(claims.jti!)])) {
        throw new TokenRevokedError();
      }
      return { caller: { kind: 'service', serviceName: claims.service, tokenId: claims.jti! }, claims };
    }
    if (claims.token_use === 'biometric_access') this.checkDeviceBinding(claims, context);
    if (await this.deps.revocations.anyRevoked(revocationMarkersOf(claims))) {
      throw claims.device_id ? new InvalidBiometricTokenError() : new TokenRevokedError();
    }
    return { caller: callerOf(claims), claims };
  }

  private checkDeviceBinding(claims: AccessClaims, context: BearerContext): void {
    if (!claims.device_fingerprint_hash || claims.device_fingerprint_hash !== context.deviceFingerprintHash) {
      throw new InvalidBiometricTokenError();
    }
  }
}

/** `Bearer <token>`, or `DPoP <token>` for a bound one (RFC 9449 section 7.1); a proof decides the binding. */
export function parseBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(?:Bearer|DPoP)\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
