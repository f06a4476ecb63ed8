import type { Logger } from '../logger.js';
import { InvalidDeviceProofError, type DeviceProofRefusal } from './auth.errors.js';
import type { AccessClaims, ServiceClaims } from './authenticator.js';
import type { DeviceProofs, ProofTarget, VerifiedDeviceProof } from './device-proof.js';

export type DeviceProofMode = 'optional' | 'required';

/** Who sent a refused proof, as the audit log names it (a RequestInfo, without importing the graph's types). */
export interface ProofRequest {
  ip: string;
  userAgent: string | null;
}

/** One refused proof, as the audit log records it (no proof, token or key material). */
export interface ProofRefusalRecord {
  reason: DeviceProofRefusal;
  userId: number | null;
  deviceId: string | null;
  request: ProofRequest;
}

/** Where refusals are written: the auth subgraph's audit log (subgraphs/auth/src/audit/proof-refusal-log.ts). */
export interface ProofRefusalLog {
  record(refusal: ProofRefusalRecord): Promise<void>;
}

export interface DeviceProofGuardDependencies {
  proofs: DeviceProofs;
  mode: DeviceProofMode;
  logger: Logger;
}

type BearerClaims = AccessClaims | ServiceClaims;

/**
 * The edge's rules for proofs of possession (issue 27), for every entry (HTTP, WebSocket, /internal/verify): a
 * proof that is sent must hold; a token bound to a key (`cnf.jkt`) needs a proof by that key on every request;
 * with DEVICE_PROOF=required a biometric token that is not bound is refused too. Each refusal is written to the
 * audit log before it is answered.
 */
export class DeviceProofGuard {
  private log?: ProofRefusalLog;

  constructor(private readonly deps: DeviceProofGuardDependencies) {}

  get mode(): DeviceProofMode {
    return this.deps.mode;
  }

  bindLog(log: ProofRefusalLog): void {
    this.log = log;
  }

  issueNonce(): string {
    return this.deps.proofs.issueNonce();
  }

  /** The request's proof, verified against its target (and the token it carries); null when it sends none. */
  async proofOf(
    proof: string | null | undefined,
    target: ProofTarget,
    request: ProofRequest,
    bearer?: { token: string; claims: BearerClaims | null },
  ): Promise<VerifiedDeviceProof | null> {
    if (!proof) return null;
    try {
      return await this.deps.proofs.verify(proof, target, bearer?.token);
    } catch (error) {
      // Asking for a nonce is the protocol's round trip (RFC 9449 section 8), not a refused proof: not audited.
      if (error instanceof InvalidDeviceProofError && error.reason !== 'use_nonce') {
        await this.refuse(error.reason, request, bearer?.claims ?? null);
      }
      throw error;
    }
  }

  /** Throws when the bearer's binding is not met by the request's proof (verified by proofOf). */
  async checkBinding(claims: BearerClaims, proof: VerifiedDeviceProof | null, request: ProofRequest): Promise<void> {
    if (claims.token_use === 'service') return;
    const jkt = claims.cnf?.jkt;
    if (jkt === undefined) {
      if (this.deps.mode === 'required' && claims.token_use === 'biometric_access') {
        await this.refuse(proof ? 'unbound_token' : 'missing', request, claims);
      }
      return;
    }
    if (!proof) await this.refuse('missing', request, claims);
    if (proof!.jkt !== jkt) await this.refuse('other_key', request, claims);
  }

  /** Audited, then thrown: a log that cannot be written is logged and does not turn the 401 into a 500. */
  private async refuse(reason: DeviceProofRefusal, request: ProofRequest, claims: BearerClaims | null): Promise<never> {
    const user = claims && claims.token_use !== 'service' ? claims : null;
    await this.log
      ?.record({ reason, userId: user?.id ?? null, deviceId: user?.device_id ?? null, request })
      .catch((error: unknown) => this.deps.logger.error({ err: error, reason }, 'proof refusal not audited'));
    throw new InvalidDeviceProofError(reason);
  }
}
