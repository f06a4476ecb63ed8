import { AppError, ForbiddenError, UnauthenticatedError } from '../errors.js';

/** No bearer where the operation needs a caller. */
export class BearerRequiredError extends UnauthenticatedError {
  constructor() {
    super('Invalid or missing token');
  }
}

/** A bad signature, an unknown key, a wrong kind or an expiry: one answer, so nothing is learnt from it. */
export class InvalidTokenError extends UnauthenticatedError {
  constructor() {
    super('Invalid or expired token');
  }
}

export class InvalidAuthorizationHeaderError extends UnauthenticatedError {
  constructor() {
    super('Invalid authorization header');
  }
}

export class TokenRevokedError extends UnauthenticatedError {
  constructor() {
    super('Token has been revoked');
  }
}

/** A biometric access token whose device binding or device failed (decisions: Device binding). */
export class InvalidBiometricTokenError extends UnauthenticatedError {
  constructor() {
    super('Invalid biometric token');
  }
}

/**
 * The gateway's refusal of a bearer, relayed to a subgraph inside the internal identity: the subgraph raises it
 * only when an operation needs the caller, with the gateway's message.
 */
export class RelayedAuthFailureError extends UnauthenticatedError {}

export class MissingInternalIdentityError extends UnauthenticatedError {
  constructor() {
    super('Missing internal identity');
  }
}

export class InvalidInternalIdentityError extends UnauthenticatedError {
  constructor() {
    super('Invalid internal identity');
  }
}

export class ServiceTokenRequiredError extends ForbiddenError {
  constructor() {
    super('Service token required');
  }
}

export class MissingPermissionError extends ForbiddenError {
  constructor() {
    super('Insufficient permissions');
  }
}

/** Why a device proof (RFC 9449 DPoP) was refused: recorded in the audit entry, never in the answer. */
export type DeviceProofRefusal =
  | 'missing'
  | 'malformed'
  | 'signature'
  | 'other_key'
  | 'other_algorithm'
  | 'method_or_url'
  | 'iat_window'
  | 'replayed'
  | 'access_token_hash'
  | 'nonce'
  | 'use_nonce'
  | 'unbound_token';

/**
 * A device proof that is missing where one is needed, or that does not hold (issue 27). One answer for every
 * reason (401, `WWW-Authenticate: DPoP error="invalid_dpop_proof"`), so that nothing is learnt from it.
 */
export class InvalidDeviceProofError extends AppError {
  readonly code = 'INVALID_DPOP_PROOF';
  constructor(readonly reason: DeviceProofRefusal) {
    super(reason === 'use_nonce' ? 'DPoP nonce required' : 'Invalid DPoP proof');
  }

  /**
   * The `WWW-Authenticate` challenge (RFC 9449 section 7.1): a missing or stale nonce where DEVICE_PROOF_NONCE is
   * required asks for one (`use_dpop_nonce`, section 9; the answer's `DPoP-Nonce` header carries it); any other
   * refusal is `invalid_dpop_proof`.
   */
  get challenge(): string {
    return `DPoP error="${this.reason === 'use_nonce' ? 'use_dpop_nonce' : 'invalid_dpop_proof'}"`;
  }

  /** The refusal is the proof's, not a request's detail: nothing of the reason reaches the answer. */
  override get extensions(): Record<string, unknown> {
    return { code: this.code };
  }
}
