import {
  createNotificationSchema,
  createNotificationsSchema,
  notificationJobSchema,
} from '@platform/lib/notifications/job-schema';
import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { count, messageShape, timestamp } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';

/** The spec's device record: snake_case names through aliases; `user` comes from the auth subgraph. */
graphql(`
  fragment NotificationFields on Notification {
    id
    message
    targetLink
    targetText
    unread
    readAt
    createdAt
  }
`);

/** The notification spec's Device record. */
const deviceShape = z.strictObject({
  device_id: z.string(),
  device_name: z.string().nullable(),
  device_type: z.string().nullable(),
  fcm_token: z.string().nullable(),
  provider_player_id: z.string().nullable(),
  token_invalid: z.boolean(),
  invalid_since: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  user_id: z.number().int(),
  user: z.strictObject({
    id: z.number().int(),
    email: z.string(),
    emailVerified: z.boolean(),
    mfaEnabled: z.boolean(),
    status: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
});

/** A time of a device's version as the answer shows it, to the millisecond (as `myPushDevicesEntityTag` reads it). */
const isoOrNull = (time: string | null) => (time === null ? null : new Date(time).toISOString());

const notificationShape = z.strictObject({
  id: z.string(),
  message: z.string(),
  targetLink: z.string().nullable(),
  targetText: z.string().nullable(),
  unread: z.boolean(),
  readAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** A preference as the graph's `setNotificationPreference` takes and answers it; its rules are the subgraph's. */
const preferenceShape = z.strictObject({
  channel: z.string({ required_error: 'is required' }),
  triggerEvent: z.string({ required_error: 'is required' }),
  enabled: z.boolean({ required_error: 'is required', invalid_type_error: 'must be a boolean' }),
});

const optionalText = z.string().max(4096, 'must be at most 4096 characters').optional();

const registerDeviceBody = z
  .object({
    device_id: z.string({ required_error: 'is required' }).trim().min(1, 'is required').max(255),
    device_name: optionalText,
    device_type: optionalText,
    fcm_token: optionalText,
    provider_player_id: optionalText,
  })
  .strict();

const queryInteger = (rule: z.ZodNumber) =>
  z.string().regex(/^\d+$/, 'must be an integer').transform(Number).pipe(rule).optional();

/** Notifications default to 20 per page; out of range is 400, never clamped (decisions: Everywhere). */
const pageQuery = z.object({
  page: queryInteger(z.number().min(1, 'must be at least 1')),
  limit: queryInteger(z.number().min(1, 'must be at least 1').max(100, 'must be at most 100')),
});

/** The internal create operations' retry key (docs/decisions.md, issue 30: Idempotency-Key). */
const idempotencyKeyHeader = {
  name: 'Idempotency-Key',
  required: false,
  description:
    'IETF httpapi draft: the same key with the same body within 24 hours answers the first answer and creates ' +
    'nothing; another body under the key 422; while the first request with it runs 409. 1-255 printable ASCII.',
};

/** Notification service (decisions.md: Notification service paths); results are bare, not wrapped. */
export const notificationRoutes = defineRoutes([
  route({
    method: 'GET',
    url: '/api/v1/notifications/devices',
    summary: 'List my push devices',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      query MyPushDevices {
        myPushDevices {
          device_id: deviceId
          device_name: deviceName
          device_type: deviceType
          fcm_token: fcmToken
          provider_player_id: providerPlayerId
          token_invalid: tokenInvalid
          invalid_since: invalidSince
          created_at: createdAt
          updated_at: updatedAt
          user_id: userId
          user {
            id
            email
            emailVerified
            mfaEnabled
            status
            createdAt
            updatedAt
          }
        }
      }
    `),
    variables: () => ({}),
    response: z.array(deviceShape),
    result: (data) => data.myPushDevices,
    version: {
      operation: graphql(`
        query MyPushDevicesEntityTag {
          myPushDevicesEntityTag
        }
      `),
      variables: () => ({}),
      tag: (data) => data.myPushDevicesEntityTag,
      describes:
        "A strong tag of the list's version: each device's device_id, updated_at, token_invalid and invalid_since " +
        'in order: it changes when a device is registered or updated, or its token is found invalid (the owner, ' +
        '`user`, is not named)',
      bodyTag: (devices) =>
        versionTagOf({
          kind: 'push-device-list',
          items: devices.map((device) => ({
            id: device.device_id,
            state: [isoOrNull(device.updated_at), device.token_invalid, isoOrNull(device.invalid_since)],
          })),
        }),
    },
  }),
  route({
    method: 'POST',
    url: '/api/v1/notifications/devices',
    summary: 'Register a push device (upsert by device_id): 201 when new, 200 when updated',
    tag: 'notifications',
    auth: 'bearer',
    body: registerDeviceBody,
    operation: graphql(`
      mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {
        registerPushDevice(input: $input) {
          message
          created
        }
      }
    `),
    variables: ({ body: device }) => {
      return {
        input: {
          deviceId: device.device_id,
          deviceName: device.device_name,
          deviceType: device.device_type,
          fcmToken: device.fcm_token,
          providerPlayerId: device.provider_player_id,
        },
      };
    },
    response: messageShape,
    result: (data) => ({ message: data.registerPushDevice.message }),
    status: {
      of: (data) => (data.registerPushDevice.created ? 201 : 200),
      possible: [201, 200],
    },
  }),
  route({
    method: 'PATCH',
    url: '/api/v1/notifications/devices/:device_id',
    summary: 'Update tokens of a push device',
    tag: 'notifications',
    auth: 'bearer',
    body: z.record(z.string({ invalid_type_error: 'must be a string' }).max(4096, 'must be at most 4096 characters')),
    operation: graphql(`
      mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {
        updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) {
          message
        }
      }
    `),
    variables: ({ body, params }) => ({ deviceId: params.device_id, changes: body }),
    response: messageShape,
    result: (data) => data.updatePushDeviceTokens,
  }),
  route({
    method: 'GET',
    url: '/api/v1/notifications',
    summary: 'List my notifications (page >= 1, limit 1..100, default 20)',
    tag: 'notifications',
    auth: 'bearer',
    query: pageQuery,
    operation: graphql(`
      query MyNotifications($page: Int, $limit: Int) {
        myNotifications(page: $page, limit: $limit) {
          currentPage
          totalItems
          totalPages
          unreadCount
          items {
            ...NotificationFields
          }
        }
      }
    `),
    variables: ({ query }) => query,
    response: z.strictObject({
      currentPage: count,
      totalItems: count,
      totalPages: count,
      unreadCount: count,
      items: z.array(notificationShape),
    }),
    result: (data) => data.myNotifications,
    version: {
      operation: graphql(`
        query MyNotificationsEntityTag($page: Int, $limit: Int) {
          myNotificationsEntityTag(page: $page, limit: $limit)
        }
      `),
      variables: ({ query }) => query,
      tag: (data) => data.myNotificationsEntityTag,
      describes:
        "A strong tag of the page's version: each item's id, unread and readAt in order, the page's numbers and the " +
        "unread count: it changes when any of these does (an item's text never changes)",
      bodyTag: (list) =>
        versionTagOf({
          kind: 'notification-page',
          items: list.items.map(({ id, unread, readAt }) => ({
            id,
            state: [unread, readAt === null ? null : new Date(readAt).toISOString()],
          })),
          totals: [list.currentPage, list.totalItems, list.totalPages, list.unreadCount],
        }),
    },
  }),
  route({
    method: 'PATCH',
    url: '/api/v1/notifications/:id/read',
    summary: 'Mark a notification read',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      mutation MarkNotificationRead($id: ID!) {
        markNotificationRead(id: $id) {
          ...NotificationFields
        }
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    response: notificationShape,
    result: (data) => data.markNotificationRead,
  }),
  route({
    method: 'POST',
    url: '/api/v1/notifications/read-all',
    summary: 'Mark all my notifications read',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      mutation MarkAllNotificationsRead {
        markAllNotificationsRead {
          message
        }
      }
    `),
    variables: () => ({}),
    response: messageShape,
    result: (data) => data.markAllNotificationsRead,
  }),
  route({
    method: 'GET',
    url: '/api/v1/notifications/preferences',
    summary: 'My notification preferences per channel and trigger event, the channels and the critical events',
    tag: 'notifications',
    auth: 'bearer',
    operation: graphql(`
      query MyNotificationPreferences {
        myNotificationPreferences {
          channels
          criticalEvents
          preferences {
            channel
            triggerEvent
            enabled
          }
        }
      }
    `),
    variables: () => ({}),
    response: z.strictObject({
      channels: z.array(z.string()),
      criticalEvents: z.array(z.string()),
      preferences: z.array(preferenceShape),
    }),
    result: (data) => data.myNotificationPreferences,
    version: {
      operation: graphql(`
        query MyNotificationPreferencesEntityTag {
          myNotificationPreferencesEntityTag
        }
      `),
      variables: () => ({}),
      tag: (data) => data.myNotificationPreferencesEntityTag,
      describes:
        "A strong tag of the answer's version, which is all of it: each preference (channel, triggerEvent, " +
        'enabled) in order, the channels and the critical events',
      bodyTag: ({ channels, criticalEvents, preferences }) =>
        versionTagOf({
          kind: 'notification-preferences',
          items: preferences.map(({ channel, triggerEvent, enabled }) => ({
            id: channel,
            state: [triggerEvent, enabled],
          })),
          totals: [channels.length, ...channels, criticalEvents.length, ...criticalEvents],
        }),
    },
  }),
  route({
    method: 'PUT',
    url: '/api/v1/notifications/preferences',
    summary:
      'Receive or mute a trigger event (or `*`: every one) on a channel; critical events stay on in_app and email',
    tag: 'notifications',
    auth: 'bearer',
    body: preferenceShape,
    operation: graphql(`
      mutation SetNotificationPreference($input: NotificationPreferenceInput!) {
        setNotificationPreference(input: $input) {
          channel
          triggerEvent
          enabled
        }
      }
    `),
    variables: ({ body }) => ({ input: body }),
    response: preferenceShape,
    result: (data) => data.setNotificationPreference,
  }),
  route({
    method: 'POST',
    url: '/internal/notifications/jobs',
    summary: 'Process a notification job (service token): accepted durably, delivered asynchronously',
    tag: 'internal',
    auth: 'service',
    headers: [idempotencyKeyHeader],
    refusals: [409, 422],
    body: notificationJobSchema,
    operation: graphql(`
      mutation ProcessNotificationJob($input: NotificationJobInput!, $idempotencyKey: String) {
        processNotificationJob(input: $input, idempotencyKey: $idempotencyKey) {
          jobId
          message
          processedRecipients
        }
      }
    `),
    variables: ({ body, headers }) => ({ input: body, idempotencyKey: headers['idempotency-key'] }),
    response: z.strictObject({ jobId: z.string(), message: z.string(), processedRecipients: count }),
    result: (data) => data.processNotificationJob,
  }),
  route({
    method: 'POST',
    url: '/internal/notifications',
    summary: 'Create a notification (service token)',
    tag: 'internal',
    auth: 'service',
    headers: [idempotencyKeyHeader],
    refusals: [409, 422],
    body: createNotificationSchema,
    operation: graphql(`
      mutation CreateNotification($input: CreateNotificationInput!, $idempotencyKey: String) {
        createNotification(input: $input, idempotencyKey: $idempotencyKey) {
          message
        }
      }
    `),
    variables: ({ body, headers }) => ({ input: body, idempotencyKey: headers['idempotency-key'] }),
    response: messageShape,
    result: (data) => data.createNotification,
    status: 201,
  }),
  route({
    method: 'POST',
    url: '/internal/notifications/bulk',
    summary: 'Create many notifications (service token)',
    tag: 'internal',
    auth: 'service',
    headers: [idempotencyKeyHeader],
    refusals: [409, 422],
    body: createNotificationsSchema,
    operation: graphql(`
      mutation CreateNotifications($inputs: [CreateNotificationInput!]!, $idempotencyKey: String) {
        createNotifications(inputs: $inputs, idempotencyKey: $idempotencyKey) {
          message
        }
      }
    `),
    variables: ({ body, headers }) => ({ inputs: body, idempotencyKey: headers['idempotency-key'] }),
    response: messageShape,
    result: (data) => data.createNotifications,
    status: 201,
  }),
]);
