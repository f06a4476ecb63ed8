import { randomBytes, randomUUID } from 'node:crypto';
import { InvalidBiometricTokenError } from '@platform/lib/auth/auth.errors';
import type { UserCaller } from '@platform/lib/auth/caller';
import type { TokenCodec } from '@platform/lib/auth/token-codec';
import { tokenKinds, tokenLifetimes } from '@platform/lib/auth/token-kinds';
import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import { versionTagOf } from '@platform/lib/entity-tag';
import { ValidationError } from '@platform/lib/errors';
import type { RequestInfo } from '@platform/lib/graphql/context';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { describeClient, type ClientDescription } from '@platform/lib/user-agent';
import { validate } from '@platform/lib/validation';
import { audited, type AuditTrail } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { challengeBytes, challengeMessage } from '../challenges/challenge-sessions.js';
import type { DeviceKeys } from '../devices/device-keys.js';
import { DeviceNotFoundError, InvalidSignatureError } from '../devices/device.errors.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import { verifyDeviceSignature } from '../devices/device-signature.js';
import { trustSensitiveActions } from './confirmation-actions.js';
import { drawMatchNumbers, numberMatchingCovers } from './confirmation-numbers.js';
import { statusAt, type Confirmation, type ConfirmationStatus } from './confirmation.entity.js';
import {
  ConfirmationAlreadyUsedError,
  ConfirmationExpiredError,
  ConfirmationNotFoundError,
  InsufficientTrustLevelError,
  NumberMismatchError,
} from './confirmation.errors.js';
import type { ConfirmationEvents, ConfirmationStatusEvent } from './confirmation-events.js';
import type { ConfirmationPushQueue } from './confirmation-pushes.js';
import type { ConfirmationRepository, Decision } from './confirmation.repository.js';
import { initiateInput, rejectInput, requirePayloadFields, verifyInput } from './confirmation.validation.js';

/** decisions (Confirmations, issue 12): the id is this prefix then a UUID. */
export const confirmationIdPrefix = 'conf_';

export interface InitiatedConfirmation {
  confirmationId: string;
  challenge: string;
  expiresAt: string;
  /** The number the web page shows, where number matching applies (issue 27, item 2). */
  matchNumber: number | null;
}

/** Where and when the approval was asked, for the phone to show beside the number. */
export interface RequestContext extends ClientDescription {
  ipAddress: string | null;
  requestedAt: string;
}

export interface ConfirmationView {
  confirmationId: string;
  status: ConfirmationStatus;
  actionType: string;
  actionPayload: Record<string, unknown>;
  createdAt: string;
  expiresAt: string;
  updatedAt: string;
  /** Both only where number matching applies; the contract's fields otherwise. */
  numberChoices: number[] | null;
  requestContext: RequestContext | null;
}

export interface ConfirmationDecision {
  success: true;
  confirmationId: string;
  status: 'approved' | 'rejected';
}

/** Claims of the action confirmation token (auth spec, Token kinds). */
interface ConfirmationClaims {
  confirmation_id: string;
  action_type: string;
  nonce: string;
}

/** The token's column names its row, so a token copied onto another confirmation does not decrypt. */
const tokenContext = (confirmationId: string) => `auth.confirmation.token:${confirmationId}`;

export interface ConfirmationServiceDependencies {
  confirmations: ConfirmationRepository;
  devices: DeviceRepository;
  keys: DeviceKeys;
  codec: TokenCodec;
  cipher: FieldCipher;
  rateLimiter: RateLimiter;
  events: ConfirmationEvents;
  pushes: ConfirmationPushQueue;
  audit: AuditWriter;
  /** CONFIRMATION_NUMBER_MATCHING: `all`, or the action types whose verify needs the number. */
  numberMatching: readonly string[];
  request: RequestInfo;
  now: () => number;
}

/** Approving or rejecting a sensitive action from a registered device (auth spec, Confirmation). */
export class ConfirmationService {
  constructor(private readonly deps: ConfirmationServiceDependencies) {}

  initiate(caller: UserCaller, input: unknown): Promise<InitiatedConfirmation> {
    return audited(this.deps.audit, 'confirmation_initiate', { userId: caller.userId }, async (trail) => {
      // Every request counts, whatever its answer (decisions: Rate limits): the limits come before any check.
      await this.deps.rateLimiter.charge('confirmation', `user:${caller.userId}`);
      await this.deps.rateLimiter.hit('confirmationInitiate', `user:${caller.userId}`);
      const values = validate(initiateInput, input);
      requirePayloadFields(values.actionType, values.actionPayload);
      const id = `${confirmationIdPrefix}${randomUUID()}`;
      const claims: ConfirmationClaims = {
        confirmation_id: id,
        action_type: values.actionType,
        nonce: randomBytes(16).toString('base64url'),
      };
      const token = await this.deps.codec.sign(
        tokenKinds.actionConfirmation,
        String(caller.userId),
        { ...claims },
        tokenLifetimes.actionConfirmationMs,
      );
      const challenge = randomBytes(challengeBytes).toString('base64url');
      const createdAt = new Date(this.deps.now());
      trail.challenge = challenge;
      trail.details = { confirmationId: id, actionType: values.actionType };
      // The window is the token's own lifetime, so the row and the token expire at the same instant.
      const request = { id, userId: caller.userId, actionType: values.actionType, actionPayload: values.actionPayload };
      const numbers = numberMatchingCovers(this.deps.numberMatching, values.actionType) ? drawMatchNumbers() : null;
      // The push job commits with the row (a rolled-back initiate queues nothing). The push itself is sent by a
      // worker after the answer: a push that fails or hangs never fails or delays initiate (auth spec, Events).
      await this.deps.confirmations.add(
        {
          ...request,
          status: 'pending',
          challenge,
          tokenEncrypted: this.deps.cipher.encrypt(token.token, tokenContext(id)),
          createdAt,
          expiresAt: token.expiresAt,
          updatedAt: createdAt,
          matchNumber: numbers?.matchNumber ?? null,
          numberChoices: numbers?.numberChoices ?? null,
          requestIp: this.deps.request.ip,
          requestUserAgent: this.deps.request.userAgent?.slice(0, 512) ?? null,
        },
        (client) => this.deps.pushes.queue(request, client),
      );
      return {
        confirmationId: id,
        challenge,
        expiresAt: token.expiresAt.toISOString(),
        matchNumber: numbers?.matchNumber ?? null,
      };
    });
  }

  /** A read, not a change: not audited. */
  async status(caller: UserCaller, confirmationId: string): Promise<ConfirmationView> {
    await this.deps.rateLimiter.charge('confirmation', `user:${caller.userId}`);
    return this.viewOf(await this.own(caller, confirmationId));
  }

  /**
   * The entity tag of what `status` answers (issue 28, conditional requests), charged as it is and refused as it is
   * (404 for another user's or an unknown confirmation), from one statement: the confirmation's id, update time and
   * the status shown now, which changes by the clock alone when a pending one runs past its window.
   */
  async statusTag(caller: UserCaller, confirmationId: string): Promise<string> {
    await this.deps.rateLimiter.charge('confirmation', `user:${caller.userId}`);
    const version = await this.deps.confirmations.versionOf(caller.userId, confirmationId);
    if (!version) throw new ConfirmationNotFoundError();
    const status = statusAt({ status: version.status, expiresAt: new Date(version.expiresAt) }, this.deps.now());
    return versionTagOf({
      kind: 'confirmation',
      items: [{ id: confirmationId, state: [new Date(version.updatedAt).toISOString(), status] }],
    });
  }

  /**
   * Checks in this order: the confirmation (404, 410), the bearer's device (401), the named device (404), the
   * trust rule (403), the signature (401, still pending), the confirmation token, then the single use. Not
   * charged to the Confirmation category: every concurrent verify must reach the single-use check (decisions).
   */
  verify(caller: UserCaller, confirmationId: string, input: unknown): Promise<ConfirmationDecision> {
    return audited(this.deps.audit, 'confirmation_verify', { userId: caller.userId }, async (trail) => {
      const values = validate(verifyInput, input);
      const confirmation = await this.pending(caller, confirmationId, trail);
      if (confirmation.matchNumber !== null && values.matchedNumber == null) {
        throw ValidationError.field('matchedNumber', 'is required');
      }
      trail.deviceId = values.deviceId;
      const biometric = caller.tokenUse === 'biometric_access';
      if (biometric && caller.deviceId !== values.deviceId) throw new InvalidBiometricTokenError();
      const device = await this.deps.devices.findActiveOf(caller.userId, values.deviceId);
      if (!device) throw new DeviceNotFoundError();
      if (biometric && caller.trustLevel === 'low' && trustSensitiveActions.has(confirmation.actionType)) {
        throw new InsufficientTrustLevelError();
      }
      const message = challengeMessage(confirmation.challenge);
      const verified = verifyDeviceSignature(this.deps.keys.publicKeyOf(device), message, values.signedChallenge);
      trail.signature = { algorithm: device.keyAlgorithm, keyId: device.keyId, verified };
      if (!verified) throw new InvalidSignatureError();
      if (confirmation.matchNumber !== null && values.matchedNumber !== confirmation.matchNumber) {
        // One chance: the device proved itself, so a wrong number is its person's answer (or a guess), not a typo.
        await this.decide(confirmation, { status: 'rejected', deviceId: device.id, reason: 'number_mismatch' });
        trail.details = { ...trail.details, reason: 'number_mismatch' };
        throw new NumberMismatchError();
      }
      await this.checkToken(confirmation);
      return this.decide(confirmation, { status: 'approved', deviceId: device.id, reason: null });
    });
  }

  reject(caller: UserCaller, confirmationId: string, input: unknown): Promise<ConfirmationDecision> {
    return audited(this.deps.audit, 'confirmation_reject', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('confirmation', `user:${caller.userId}`);
      const values = validate(rejectInput, input);
      const confirmation = await this.pending(caller, confirmationId, trail);
      trail.deviceId = caller.deviceId ?? null;
      const signer = values.signedRejection
        ? await this.signerOf(caller, confirmation, values.signedRejection, trail)
        : null;
      return this.decide(confirmation, {
        status: 'rejected',
        deviceId: signer ?? caller.deviceId ?? null,
        reason: values.reason ?? null,
      });
    });
  }

  /**
   * A signed denial (issue 27, item 2): the signature over the challenge by one of the user's active devices (the
   * bearer's own, for a biometric token), recorded in the audit entry. One that no device's key verifies is
   * refused (401, still pending): a forged denial is not recorded as anyone's.
   */
  private async signerOf(
    caller: UserCaller,
    confirmation: Confirmation,
    signature: string,
    trail: AuditTrail,
  ): Promise<string> {
    const devices = await this.deps.devices.listActiveOf(caller.userId);
    const candidates = caller.deviceId ? devices.filter((device) => device.id === caller.deviceId) : devices;
    const message = challengeMessage(confirmation.challenge);
    const signer = candidates.find((device) =>
      verifyDeviceSignature(this.deps.keys.publicKeyOf(device), message, signature),
    );
    trail.signature = {
      algorithm: signer?.keyAlgorithm ?? candidates[0]?.keyAlgorithm ?? 'none',
      keyId: signer?.keyId ?? null,
      verified: signer !== undefined,
    };
    if (!signer) throw new InvalidSignatureError();
    trail.deviceId = signer.id;
    trail.details = { ...trail.details, signedDenial: true };
    return signer.id;
  }

  /** The caller's status changes of one confirmation; another user's (or an unknown id) yields nothing. */
  statusChanges(caller: UserCaller, confirmationId: string): AsyncIterableIterator<ConfirmationStatusEvent> {
    return this.deps.events.subscribe(caller.userId, confirmationId, async () => {
      const confirmation = await this.deps.confirmations.findOf(caller.userId, confirmationId);
      return confirmation && statusAt(confirmation, this.deps.now());
    });
  }

  private async own(caller: UserCaller, confirmationId: string): Promise<Confirmation> {
    const confirmation = await this.deps.confirmations.findOf(caller.userId, confirmationId);
    if (!confirmation) throw new ConfirmationNotFoundError();
    return confirmation;
  }

  /** decisions: verify or reject when not pending answers 410 and changes nothing. */
  private async pending(caller: UserCaller, confirmationId: string, trail: AuditTrail): Promise<Confirmation> {
    const confirmation = await this.own(caller, confirmationId);
    trail.challenge = confirmation.challenge;
    trail.details = { confirmationId, actionType: confirmation.actionType };
    const status = statusAt(confirmation, this.deps.now());
    if (status === 'expired') throw new ConfirmationExpiredError();
    if (status !== 'pending') throw new ConfirmationAlreadyUsedError();
    return confirmation;
  }

  /** The stored confirmation token must still be valid and name this confirmation and its action. */
  private async checkToken(confirmation: Confirmation): Promise<void> {
    const token = this.deps.cipher.decrypt(confirmation.tokenEncrypted, tokenContext(confirmation.id));
    const claims = await this.deps.codec.verify<Partial<ConfirmationClaims>>(
      token,
      [tokenKinds.actionConfirmation],
      () => new ConfirmationExpiredError(),
    );
    if (claims.confirmation_id !== confirmation.id || claims.action_type !== confirmation.actionType) {
      throw new ConfirmationNotFoundError();
    }
  }

  /** The single use; a loser of a race learns why from the clock: past the window it expired, else it was used. */
  private async decide(confirmation: Confirmation, decision: Omit<Decision, 'at'>): Promise<ConfirmationDecision> {
    const at = new Date(this.deps.now());
    if (!(await this.deps.confirmations.decide(confirmation.id, { ...decision, at }))) {
      throw at >= confirmation.expiresAt ? new ConfirmationExpiredError() : new ConfirmationAlreadyUsedError();
    }
    await this.deps.events.publish(confirmation.userId, { confirmationId: confirmation.id, status: decision.status });
    return { success: true, confirmationId: confirmation.id, status: decision.status };
  }

  private viewOf(confirmation: Confirmation): ConfirmationView {
    return {
      confirmationId: confirmation.id,
      status: statusAt(confirmation, this.deps.now()),
      actionType: confirmation.actionType,
      actionPayload: confirmation.actionPayload,
      createdAt: confirmation.createdAt.toISOString(),
      expiresAt: confirmation.expiresAt.toISOString(),
      updatedAt: confirmation.updatedAt.toISOString(),
      numberChoices: confirmation.numberChoices,
      requestContext:
        confirmation.matchNumber === null
          ? null
          : {
              ipAddress: confirmation.requestIp,
              ...describeClient(confirmation.requestUserAgent),
              requestedAt: confirmation.createdAt.toISOString(),
            },
    };
  }
}
