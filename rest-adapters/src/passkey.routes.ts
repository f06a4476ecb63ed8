import { z } from '@platform/lib/validation';
import { dataOf, timestamp } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route, type Schema } from './route.js';
import { tokenSetShape } from './token.shapes.js';

const credentialDescriptor = z.strictObject({ type: z.literal('public-key'), id: z.string().describe('base64url') });
const requirement = z.enum(['required', 'preferred', 'discouraged']);

/** auth spec, Passkey: Begin registration's publicKey, plus the selection asked for and the passkeys held. */
const registrationOptionsShape = z.strictObject({
  challengeId: z.string().uuid(),
  publicKey: z.strictObject({
    challenge: z.string().describe('64 random bytes, base64url'),
    rp: z.strictObject({ name: z.string(), id: z.string() }),
    user: z.strictObject({
      id: z.string().describe('base64url user handle'),
      name: z.string(),
      displayName: z.string(),
    }),
    pubKeyCredParams: z.array(z.strictObject({ type: z.literal('public-key'), alg: z.number().int() })),
    timeout: z.literal(300000),
    attestation: z.literal('none'),
    authenticatorSelection: z.strictObject({ residentKey: requirement, userVerification: requirement }),
    excludeCredentials: z.array(credentialDescriptor),
  }),
});

/** auth spec, Passkey: Begin login's publicKey. */
const loginOptionsShape = z.strictObject({
  challengeId: z.string().uuid(),
  publicKey: z.strictObject({
    challenge: z.string().describe('64 random bytes, base64url'),
    timeout: z.literal(300000),
    rpId: z.string(),
    allowCredentials: z.array(credentialDescriptor),
    userVerification: requirement,
  }),
});

/**
 * The options as the graph answers them (`publicKey` is JSON there, untyped): their shape is checked against every
 * answer by the contract test (test/response-contract.ts), not by the type-check, which has no type to check.
 */
const optionsOf = (shape: Schema) => dataOf<Schema>(shape);

const passkeyShape = z.strictObject({
  id: z.string().uuid(),
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  backedUp: z.boolean(),
  deviceType: z.enum(['singleDevice', 'multiDevice']),
});

/**
 * Types only: the credential travels as the browser's JSON, and the passkey services check every field after
 * charging their limits (a malformed body is 400, a response that fails verification 401: decisions).
 */
const finishBody = z.object({ challengeId: z.string(), credential: z.record(z.unknown()) });

/** Passkeys (auth spec, Passkey (WebAuthn)). */
export const passkeyRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/auth/webauthn/register/begin',
    summary: 'Start adding a passkey: options for navigator.credentials.create, valid 5 minutes',
    tag: 'passkeys',
    auth: 'bearer',
    body: z
      .object({
        userVerification: z.string().optional(),
        authenticatorSelection: z.record(z.unknown()).optional(),
        conditional: z.boolean().optional().describe('an automatic upgrade right after a password sign-in (issue 27)'),
      })
      .optional(),
    operation: graphql(`
      mutation BeginPasskeyRegistration(
        $userVerification: String
        $authenticatorSelection: JSONObject
        $conditional: Boolean
      ) {
        beginPasskeyRegistration(
          userVerification: $userVerification
          authenticatorSelection: $authenticatorSelection
          conditional: $conditional
        ) {
          challengeId
          publicKey
        }
      }
    `),
    variables: ({ body }) => ({ ...body }),
    response: optionsOf(registrationOptionsShape),
    result: (data) => ({ data: data.beginPasskeyRegistration }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/webauthn/register/finish',
    summary: "Finish adding a passkey with the authenticator's attestation response",
    tag: 'passkeys',
    auth: 'bearer',
    body: finishBody,
    operation: graphql(`
      mutation FinishPasskeyRegistration($challengeId: String!, $credential: JSONObject!) {
        finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) {
          success
          passkey {
            id
            name
            createdAt
            lastUsedAt
            backedUp
            deviceType
          }
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(z.strictObject({ success: z.boolean(), passkey: passkeyShape })),
    result: (data) => ({ data: data.finishPasskeyRegistration }),
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/webauthn/login/begin',
    summary: 'Start signing in with a passkey: options for navigator.credentials.get, valid 5 minutes',
    tag: 'passkeys',
    auth: 'none',
    body: z.object({ email: z.string(), userVerification: z.string().optional() }),
    operation: graphql(`
      mutation BeginPasskeyLogin($email: String!, $userVerification: String) {
        beginPasskeyLogin(email: $email, userVerification: $userVerification) {
          challengeId
          publicKey
        }
      }
    `),
    variables: ({ body }) => body,
    response: optionsOf(loginOptionsShape),
    result: (data) => ({ data: data.beginPasskeyLogin }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/webauthn/login/autofill',
    summary: 'Options for passkey autofill (conditional mediation): no e-mail, an empty credential list',
    tag: 'passkeys',
    auth: 'none',
    body: z.object({}).optional(),
    operation: graphql(`
      mutation BeginPasskeyAutofill {
        beginPasskeyAutofill {
          challengeId
          publicKey
        }
      }
    `),
    variables: () => ({}),
    response: optionsOf(loginOptionsShape),
    result: (data) => ({ data: data.beginPasskeyAutofill }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/webauthn/login/finish',
    summary: "Sign in with the authenticator's assertion: the standard token set",
    tag: 'passkeys',
    auth: 'none',
    body: finishBody,
    operation: graphql(`
      mutation FinishPasskeyLogin($challengeId: String!, $credential: JSONObject!) {
        finishPasskeyLogin(challengeId: $challengeId, credential: $credential) {
          ...TokenSetFields
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(tokenSetShape),
    result: (data) => ({ data: data.finishPasskeyLogin }),
    noStore: true,
  }),
]);
