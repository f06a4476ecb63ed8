import { ValidationError } from '@platform/lib/errors';
import type { ConfirmationActionType } from '@platform/lib/contract/confirmation-actions';
import { uuid, z } from '@platform/lib/validation';
import { signedChallenge } from '../devices/device.validation.js';
import { isSupportedAction, requiredPayloadFields } from './confirmation-actions.js';

/** decisions: Hardening, "4 KB" of actionPayload is 4096 bytes of its compact JSON (UTF-8). */
export const maxPayloadBytes = 4096;

const actionType = z
  .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, underscores and hyphens')
  .refine(isSupportedAction, 'is not a supported action type');

const actionPayload = z
  .record(z.unknown(), {
    required_error: 'is required',
    invalid_type_error: 'must be a JSON object',
  })
  .refine((payload) => Buffer.byteLength(JSON.stringify(payload), 'utf8') <= maxPayloadBytes, {
    message: `must be at most ${maxPayloadBytes} bytes of JSON`,
  });

export const initiateInput = z.object({ actionType, actionPayload });

/** The payload's own fields, once its type is known: the first one missing is named (decisions). */
export function requirePayloadFields(actionType: ConfirmationActionType, payload: Record<string, unknown>): void {
  const missing = requiredPayloadFields[actionType].find(
    (field) => payload[field] === undefined || payload[field] === null,
  );
  if (missing) throw ValidationError.field(`actionPayload.${missing}`, 'is required');
}

/** `matchedNumber`: the number picked on the phone, required where number matching applies (issue 27, item 2). */
export const verifyInput = z.object({
  deviceId: uuid,
  signedChallenge,
  matchedNumber: z.number({ invalid_type_error: 'must be a number' }).int('must be a whole number').nullish(),
});

/** `signedRejection`: the device's signature over the challenge, which makes the rejection a signed denial. */
export const rejectInput = z.object({
  reason: z.string().max(500, 'must be at most 500 characters').nullish(),
  signedRejection: signedChallenge.nullish(),
});
