import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { graphql } from './generated/index.js';
import { pageOf, queryText } from './paging.js';
import { count, messageShape, timestamp } from './response.shapes.js';
import { defineRoutes, route } from './route.js';

graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    events
    projectId
    status
    previousSecretExpiresAt
    createdAt
    updatedAt
  }
`);

graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
    id
    endpointId
    eventId
    eventType
    status
    attempts
    responseCode
    durationMs
    error
    createdAt
    updatedAt
  }
`);

const text = z.string({ required_error: 'is required', invalid_type_error: 'must be a string' });
const events = z.array(text, { invalid_type_error: 'must be an array of strings' });

const endpointShape = z.strictObject({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(z.string()),
  projectId: z.string().nullable(),
  status: z.enum(['active', 'failing']),
  previousSecretExpiresAt: timestamp.nullable().describe('Until when the secret a rotation replaced still signs'),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The secret is answered only here: at registration and at each rotation. */
const registeredShape = endpointShape.extend({
  secret: z.string().describe('`whsec_` and the base64 of the signing key (Standard Webhooks)'),
});

const deliveryShape = z.strictObject({
  id: z.string().uuid().describe('The `webhook-id` header the receiver sees'),
  endpointId: z.string().uuid(),
  eventId: z.string().uuid(),
  eventType: z.string(),
  status: z.enum(['pending', 'retrying', 'delivered', 'failed']),
  attempts: count,
  responseCode: z.number().int().nullable(),
  durationMs: count.nullable(),
  error: z.string().nullable().describe('Why the last attempt did not deliver'),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** Query strings arrive as text: integers are read here, their ranges are the service's. */
const queryInteger = queryText
  .regex(/^-?\d+$/, 'must be an integer')
  .transform(Number)
  .optional();

const idParams = z.object({ id: z.string() });
const manage = 'Needs `webhooks:manage` (or `admin`)';

/** Outbound webhooks (issue 28): endpoints, their secrets and their delivery log. */
export const webhookRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/webhooks',
    summary: `Register a webhook endpoint; its secret is shown only in this answer. ${manage}`,
    tag: 'webhooks',
    auth: 'bearer',
    body: z.object({ url: text, events, projectId: text.nullish() }),
    operation: graphql(`
      mutation RegisterWebhook($input: RegisterWebhookInput!) {
        registerWebhook(input: $input) {
          endpoint {
            ...WebhookEndpointFields
          }
          secret
        }
      }
    `),
    variables: ({ body }) => ({ input: body }),
    response: registeredShape,
    result: ({ registerWebhook: { endpoint, secret } }) => ({ ...endpoint, secret }),
    status: 201,
    noStore: true,
  }),
  route({
    method: 'GET',
    url: '/api/v1/webhooks',
    summary: `List the webhook endpoints. ${manage}`,
    tag: 'webhooks',
    auth: 'bearer',
    operation: graphql(`
      query Webhooks {
        webhooks {
          ...WebhookEndpointFields
        }
      }
    `),
    variables: () => ({}),
    response: z.strictObject({ data: z.array(endpointShape) }),
    result: (data) => ({ data: data.webhooks }),
    version: {
      operation: graphql(`
        query WebhooksEntityTag {
          webhooksEntityTag
        }
      `),
      variables: () => ({}),
      tag: (data) => data.webhooksEntityTag,
      describes:
        "A strong tag of the list's version: each endpoint's id and `updatedAt` in order, which every change of an " +
        'endpoint sets, its status (`failing`, `active` again) and a rotation included: it changes when an endpoint ' +
        'is added, changed or deleted',
      bodyTag: ({ data }) => versionTagOf({ kind: 'webhook-list', items: data }),
    },
  }),
  route({
    method: 'PATCH',
    url: '/api/v1/webhooks/:id',
    summary: `Change a webhook endpoint's URL, events or project (only the fields sent). ${manage}`,
    tag: 'webhooks',
    auth: 'bearer',
    params: idParams,
    body: z.object({ url: text.optional(), events: events.optional(), projectId: text.nullish() }),
    operation: graphql(`
      mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
        updateWebhook(id: $id, input: $input) {
          ...WebhookEndpointFields
        }
      }
    `),
    variables: ({ params, body }) => ({ id: params.id, input: body }),
    response: endpointShape,
    result: (data) => data.updateWebhook,
  }),
  route({
    method: 'DELETE',
    url: '/api/v1/webhooks/:id',
    summary: `Delete a webhook endpoint and its delivery log. ${manage}`,
    tag: 'webhooks',
    auth: 'bearer',
    params: idParams,
    operation: graphql(`
      mutation DeleteWebhook($id: ID!) {
        deleteWebhook(id: $id)
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    response: messageShape,
    result: () => ({ message: 'Webhook deleted' }),
  }),
  route({
    method: 'POST',
    url: '/api/v1/webhooks/:id/rotate',
    summary: `A new signing secret, shown only in this answer; the previous one still signs for 24 hours. ${manage}`,
    tag: 'webhooks',
    auth: 'bearer',
    params: idParams,
    operation: graphql(`
      mutation RotateWebhookSecret($id: ID!) {
        rotateWebhookSecret(id: $id) {
          endpoint {
            ...WebhookEndpointFields
          }
          secret
        }
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    response: registeredShape,
    result: ({ rotateWebhookSecret: { endpoint, secret } }) => ({ ...endpoint, secret }),
    noStore: true,
  }),
  route({
    method: 'GET',
    url: '/api/v1/webhooks/:id/deliveries',
    summary: `An endpoint's delivery log, newest first. ${manage}`,
    tag: 'webhooks',
    auth: 'bearer',
    params: idParams,
    query: z.object({ page: queryInteger, limit: queryInteger }),
    operation: graphql(`
      query WebhookDeliveries($endpointId: ID!, $page: Int, $limit: Int) {
        webhookDeliveries(endpointId: $endpointId, page: $page, limit: $limit) {
          data {
            ...WebhookDeliveryFields
          }
          meta {
            ...PageMetaFields
          }
        }
      }
    `),
    variables: ({ params, query }) => ({ endpointId: params.id, page: query.page, limit: query.limit }),
    response: pageOf(deliveryShape),
    result: (data) => data.webhookDeliveries,
    version: {
      operation: graphql(`
        query WebhookDeliveriesEntityTag($endpointId: ID!, $page: Int, $limit: Int) {
          webhookDeliveriesEntityTag(endpointId: $endpointId, page: $page, limit: $limit)
        }
      `),
      variables: ({ params, query }) => ({ endpointId: params.id, page: query.page, limit: query.limit }),
      tag: (data) => data.webhookDeliveriesEntityTag,
      describes:
        "A strong tag of the page's version: its window, the log's total and each delivery's id and `updatedAt` in " +
        'order, which each attempt and each replay sets (with its status, attempts, response code, duration and ' +
        'error): it changes when a delivery is logged or any of these changes',
      bodyTag: ({ data, meta }) => versionTagOf({ kind: 'webhook-delivery-page', items: data, page: meta }),
    },
  }),
  route({
    method: 'POST',
    url: '/api/v1/webhooks/:id/deliveries/:deliveryId/replay',
    summary: `Send a logged delivery again (same body and webhook-id, signed anew). ${manage}`,
    tag: 'webhooks',
    auth: 'bearer',
    params: z.object({ id: z.string(), deliveryId: z.string() }),
    operation: graphql(`
      mutation ReplayWebhookDelivery($endpointId: ID!, $deliveryId: ID!) {
        replayWebhookDelivery(endpointId: $endpointId, deliveryId: $deliveryId) {
          ...WebhookDeliveryFields
        }
      }
    `),
    variables: ({ params }) => ({ endpointId: params.id, deliveryId: params.deliveryId }),
    response: deliveryShape,
    result: (data) => data.replayWebhookDelivery,
    status: 202,
  }),
]);
