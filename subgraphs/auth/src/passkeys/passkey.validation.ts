import { email, uuid, z } from '@platform/lib/validation';

const userVerification = z.enum(['required', 'preferred', 'discouraged'], {
  errorMap: () => ({ message: 'must be one of required, preferred, discouraged' }),
});

export const registerBeginInput = z.object({
  userVerification: userVerification.nullish(),
  authenticatorSelection: z
    .object({
      residentKey: z
        .enum(['required', 'preferred', 'discouraged'], {
          errorMap: () => ({ message: 'must be one of required, preferred, discouraged' }),
        })
        .nullish(),
      userVerification: userVerification.nullish(),
    })
    .nullish(),
  /** A conditional create (automatic upgrade), offered only right after a password sign-in (issue 27, item 5). */
  conditional: z.boolean({ invalid_type_error: 'must be a boolean' }).nullish(),
});

/** base64url of at most 1023 bytes (WebAuthn Level 3); the verifier checks the bytes themselves. */
const credentialId = z
  .string()
  .min(1, 'is required')
  .max(1400, 'must be at most 1400 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');
const encoded = (max: number) => z.string().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Fields a browser adds beyond these (authenticatorAttachment, clientExtensionResults, ...) pass through. */
const credentialBase = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { errorMap: () => ({ message: 'must be public-key' }) }),
  clientExtensionResults: z.record(z.unknown()).default({}),
};

export const registerFinishInput = z.object({
  challengeId: uuid,
  credential: z
    .object({
      ...credentialBase,
      response: z
        .object({
          attestationObject: encoded(65_536),
          clientDataJSON: encoded(8192),
          transports: z.array(z.string().max(32)).max(10).optional(),
        })
        .passthrough(),
    })
    .passthrough(),
});

export const loginBeginInput = z.object({ email, userVerification: userVerification.nullish() });

export const loginFinishInput = z.object({
  challengeId: uuid,
  credential: z
    .object({
      ...credentialBase,
      response: z
        .object({
          authenticatorData: encoded(8192),
          clientDataJSON: encoded(8192),
          signature: encoded(2048),
          userHandle: z
            .string()
            .max(172)
            .nullish()
            .transform((handle) => handle ?? undefined),
        })
        .passthrough(),
    })
    .passthrough(),
});

/** Names are for the owner to tell passkeys apart: any printable text. */
export const passkeyName = z
  .string()
  .trim()
  .min(1, 'must be 1-100 characters')
  .max(100, 'must be 1-100 characters')
  .regex(/^[^\p{C}]+$/u, 'must not contain control characters');

export const renameInput = z.object({ id: uuid, name: passkeyName });
export const passkeyIdInput = z.object({ id: uuid });
