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
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(z.strictObject({ confirmationId: z.string(), challenge: z.string(), expiresAt: timestamp })),
    result: (data) => ({ data: data.initiateConfirmation }),
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
      }),
    ),
    result: (data) => ({ data: data.confirmationStatus }),
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/confirmation/:id/verify',
    summary: 'Approve a confirmation with the challenge signed by a registered device',
    tag: 'confirmations',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    body: z.object({ deviceId: z.string(), signedChallenge: z.string() }),
    operation: graphql(`
      mutation VerifyConfirmation($id: String!, $deviceId: String!, $signedChallenge: String!) {
        verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) {
          ...DecisionFields
        }
      }
    `),
    variables: ({ params, body }) => ({
      id: params.id,
      deviceId: body.deviceId,
      signedChallenge: body.signedChallenge,
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
    body: z.object({ reason: z.string().nullish() }).optional(),
    operation: graphql(`
      mutation RejectConfirmation($id: String!, $reason: String) {
        rejectConfirmation(confirmationId: $id, reason: $reason) {
          ...DecisionFields
        }
      }
    `),
    variables: ({ params, body }) => ({
      id: params.id,
      reason: body?.reason ?? null,
    }),
    response: decisionShape,
    refusals: [410],
    result: (data) => ({ data: data.rejectConfirmation }),
  }),
]);
