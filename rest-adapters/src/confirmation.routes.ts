import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { dataOf, timestamp } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';

graphql(`
  fragment DecisionFields on ConfirmationDecisionResult {
    success
    confirmationId
    status
  }
`);

const status = z.enum(['pending', 'approved', 'rejected', 'expired']);
const decisionShape = dataOf(z.strictObject({ success: z.boolean(), confirmationId: z.string(), status }));

/** Shapes only; the auth subgraph's confirmation service applies the Confirmation rules for REST and GraphQL. */
export const confirmationRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/auth/confirmation/initiate',
    summary: 'Start confirming a sensitive action: a 5-minute challenge for a registered device to sign',
    tag: 'confirmations',
    auth: 'bearer',
    body: z.object({ actionType: z.string(), actionPayload: z.record(z.unknown()) }),
    operation: graphql(`
      mutation InitiateConfirmation($actionType: String!, $actionPayload: JSON!) {
        initiateConfirmation(actionType: $actionType, actionPayload: $actionPayload) {
          confirmationId
          challenge
          expiresAt
          matchNumber
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(
      z.strictObject({
        confirmationId: z.string(),
        challenge: z.string(),
        expiresAt: timestamp,
        matchNumber: z.number().int().optional().describe('where number matching applies (issue 27)'),
      }),
    ),
    // Only where number matching applies: otherwise the contract's body, field for field.
    result: ({ initiateConfirmation: { matchNumber, ...started } }) => ({
      data: { ...started, ...(matchNumber === null ? {} : { matchNumber }) },
    }),
    noStore: true,
  }),
  route({
    method: 'GET',
    url: '/api/v1/auth/confirmation/:id/status',
    summary: "A confirmation's status; past its window a pending one reads expired",
    tag: 'confirmations',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    operation: graphql(`
      query ConfirmationStatus($id: String!) {
        confirmationStatus(confirmationId: $id) {
          confirmationId
          status
          actionType
          actionPayload
          createdAt
          expiresAt
          updatedAt
          numberChoices
          requestContext {
            ipAddress
            browser
            os
            requestedAt
          }
        }
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    response: dataOf(
      z.strictObject({
        confirmationId: z.string(),
        status,
        actionType: z.string(),
        actionPayload: z.record(z.unknown()),
        createdAt: timestamp,
        expiresAt: timestamp,
        updatedAt: timestamp,
        numberChoices: z.array(z.number().int()).length(3).optional(),
        requestContext: z
          .strictObject({
            ipAddress: z.string().nullable(),
            browser: z.string().nullable(),
            os: z.string().nullable(),
            requestedAt: timestamp,
          })
          .optional(),
      }),
    ),
    result: ({ confirmationStatus: { numberChoices, requestContext, ...confirmation } }) => ({
      data: { ...confirmation, ...(numberChoices && requestContext ? { numberChoices, requestContext } : {}) },
    }),
    version: {
      operation: graphql(`
        query ConfirmationStatusEntityTag($id: String!) {
          confirmationStatusEntityTag(confirmationId: $id)
        }
      `),
      variables: ({ params }) => ({ id: params.id }),
      tag: (data) => data.confirmationStatusEntityTag,
      describes:
        "A strong tag of the confirmation's version: its id, updatedAt and the status shown, which changes by the " +
        'clock alone when a pending confirmation runs past its window (everything else is fixed when it starts); ' +
        'read after the same rate limit as the status',
      bodyTag: ({ data: { confirmationId, updatedAt, status } }) =>
        versionTagOf({
          kind: 'confirmation',
          items: [{ id: confirmationId, state: [new Date(updatedAt).toISOString(), status] }],
        }),
    },
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/confirmation/:id/verify',
    summary: 'Approve a confirmation with the challenge signed by a registered device',
    tag: 'confirmations',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    body: z.object({ deviceId: z.string(), signedChallenge: z.string(), matchedNumber: z.number().int().nullish() }),
    operation: graphql(`
      mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!, $matchedNumber: Int) {
        verifyConfirmation(
          confirmationId: $id
          deviceId: $deviceId
          signedChallenge: $signedChallenge
          matchedNumber: $matchedNumber
        ) {
          ...DecisionFields
        }
      }
    `),
    variables: ({ params, body }) => ({
      id: params.id,
      deviceId: body.deviceId,
      signedChallenge: body.signedChallenge,
      matchedNumber: body.matchedNumber ?? null,
    }),
    response: decisionShape,
    refusals: [410],
    result: (data) => ({ data: data.verifyConfirmation }),
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/confirmation/:id/reject',
    summary: 'Reject a confirmation',
    tag: 'confirmations',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    body: z.object({ reason: z.string().nullish(), signedRejection: z.string().nullish() }).optional(),
    operation: graphql(`
      mutation RejectConfirmation($id: String!, $reason: String, $signedRejection: String) {
        rejectConfirmation(confirmationId: $id, reason: $reason, signedRejection: $signedRejection) {
          ...DecisionFields
        }
      }
    `),
    variables: ({ params, body }) => ({
      id: params.id,
      reason: body?.reason ?? null,
      signedRejection: body?.signedRejection ?? null,
    }),
    response: decisionShape,
    refusals: [410],
    result: (data) => ({ data: data.rejectConfirmation }),
  }),
]);
