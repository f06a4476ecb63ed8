import { requirePermission, requireService, requireUser, type Caller } from '../auth/caller.js';
import { BearerRequiredError } from '../auth/auth.errors.js';
import type { VerifiedDeviceProof } from '../auth/device-proof.js';
import type { AppError } from '../errors.js';

export interface RequestInfo {
  requestId: string;
  ip: string;
  userAgent: string | null;
  deviceFingerprint: string | null;
  /** The request's proof of possession of a device key, verified by the edge (issue 27); absent: none sent. */
  deviceProof?: VerifiedDeviceProof | null;
}

/** What the edge knows about a request; every subgraph context extends it. */
export interface GatewayContext {
  request: RequestInfo;
  caller: Caller | null;
  /** Why a presented bearer was refused; raised only by operations that need a caller. */
  authFailure: AppError | null;
  /**
   * A subscription subscribed again after a loss at this time (subscription-resume.ts): by the edge after losing its
   * upstream, or by a client after losing its socket. One that can read what was published since sends that first.
   */
  resumeSince?: Date;
}

/** The caller of an operation that needs one; the bearer's own failure is the error when there is none. */
export function callerOf(context: GatewayContext): Caller {
  if (context.caller) return context.caller;
  throw context.authFailure ?? new BearerRequiredError();
}

export const userOf = (context: GatewayContext) => requireUser(callerOf(context));
export const serviceOf = (context: GatewayContext) => requireService(callerOf(context));
export const userWithPermission = (context: GatewayContext, ...anyOf: string[]) =>
  requirePermission(callerOf(context), ...anyOf);
