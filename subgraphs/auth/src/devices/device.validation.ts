import { uuid, z } from '@platform/lib/validation';
import { keyAlgorithms } from './device-signature.js';

/** auth spec, Device: letters, digits, whitespace, hyphen, apostrophe (’ too: phones name themselves so). */
const deviceName = z
  .string()
  .min(1, 'must be 1-255 characters')
  .max(255, 'must be 1-255 characters')
  .regex(/^[\p{L}\p{M}\p{N}\s'’-]+$/u, 'may contain only letters, digits, whitespace, hyphens and apostrophes')
  .refine((name) => name.trim().length > 0, 'must not be blank');

/** auth spec, Device: hex, base64 (either alphabet, padding optional) or UUID-like; at most 255 chars. */
const fingerprintFormats = [
  /^[0-9a-fA-F]+$/,
  /^[A-Za-z0-9+/]+={0,2}$/,
  /^[A-Za-z0-9_-]+={0,2}$/,
  /^[0-9a-fA-F]+(-[0-9a-fA-F]+)+$/,
];
export const deviceFingerprint = z
  .string()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .refine((value) => fingerprintFormats.some((format) => format.test(value)), 'must be hex, base64 or UUID-like');

/** Shape only; the signature's bytes are checked by the verifier (undecodable is a wrong signature: 401). */
export const signedChallenge = z.string().min(1, 'is required').max(4096, 'must be at most 4096 characters');

export const registerChallengeInput = z.object({
  deviceName,
  deviceType: z.enum(['mobile', 'desktop', 'tablet'], {
    errorMap: () => ({ message: 'must be one of mobile, desktop, tablet' }),
  }),
  deviceFingerprint,
  publicKey: z.string().min(1, 'is required'),
  keyAlgorithm: z.enum(keyAlgorithms, { errorMap: () => ({ message: 'must be one of ES256, RS256, PS256' }) }),
});

export const verifyRegistrationInput = z.object({ sessionId: uuid, signedChallenge });

export const deviceIdInput = z.object({ deviceId: uuid });

export const pushTokenInput = z.object({
  deviceId: uuid,
  fcmToken: z.string().min(1, 'is required').max(255, 'must be at most 255 characters'),
});
