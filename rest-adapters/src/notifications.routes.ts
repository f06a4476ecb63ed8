import {
  createNotificationSchema,
  createNotificationsSchema,
  notificationJobSchema,
} from '@platform/lib/notifications/job-schema';
import { z } from '@platform/lib/validation';
import { count, messageShape, timestamp } from './response.shapes.js';
import { defineRoutes } from './route.js';

/** The spec's device record: snake_case names through aliases; `user` comes from the auth subgraph. */
const deviceFields = `device_id: deviceId device_name: deviceName device_type: deviceType fcm_token: fcmToken
  provider_player_id: providerPlayerId token_invalid: tokenInvalid invalid_since: invalidSince
  created_at: createdAt updated_at: updatedAt user_id: userId
  user { id email emailVerified mfaEnabled status createdAt updatedAt }`;

const notificationFields = 'id message targetLink targetText unread readAt createdAt';

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

const notificationShape = z.strictObject({
  id: z.string(),
  message: z.string(),
  targetLink: z.string().nullable(),
  targetText: z.string().nullable(),
  unread: z.boolean(),
  readAt: timestamp.nullable(),
  createdAt: timestamp,
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

/** Notification service (decisions.md: Notification service paths); results are bare, not wrapped. */
export const notificationRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/api/v1/notifications/devices',
    summary: 'List my push devices',
    tag: 'notifications',
    auth: 'bearer',
    operation: `query MyPushDevices { myPushDevices { ${deviceFields} } }`,
    variables: () => ({}),
    response: z.array(deviceShape),
    result: (data) => data.myPushDevices,
  },
  {
    method: 'POST',
    url: '/api/v1/notifications/devices',
    summary: 'Register a push device (upsert by device_id): 201 when new, 200 when updated',
    tag: 'notifications',
    auth: 'bearer',
    body: registerDeviceBody,
    operation: `mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {
      registerPushDevice(input: $input) { message created }
    }`,
    variables: ({ body }) => {
      const device = body as z.infer<typeof registerDeviceBody>;
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
    result: (data) => ({ message: (data.registerPushDevice as { message: string }).message }),
    status: {
      of: (data) => ((data.registerPushDevice as { created: boolean }).created ? 201 : 200),
      possible: [201, 200],
    },
  },
  {
    method: 'PATCH',
    url: '/api/v1/notifications/devices/:device_id',
    summary: 'Update tokens of a push device',
    tag: 'notifications',
    auth: 'bearer',
    body: z.record(z.string({ invalid_type_error: 'must be a string' }).max(4096, 'must be at most 4096 characters')),
    operation: `mutation UpdatePushDeviceTokens($deviceId: String!, $changes: JSONObject!) {
      updatePushDeviceTokens(deviceId: $deviceId, changes: $changes) { message }
    }`,
    variables: ({ body, params }) => ({ deviceId: params.device_id, changes: body }),
    response: messageShape,
    result: (data) => data.updatePushDeviceTokens,
  },
  {
    method: 'GET',
    url: '/api/v1/notifications',
    summary: 'List my notifications (page >= 1, limit 1..100, default 20)',
    tag: 'notifications',
    auth: 'bearer',
    query: pageQuery,
    operation: `query MyNotifications($page: Int, $limit: Int) {
      myNotifications(page: $page, limit: $limit) {
        currentPage totalItems totalPages unreadCount items { ${notificationFields} }
      }
    }`,
    variables: ({ query }) => query,
    response: z.strictObject({
      currentPage: count,
      totalItems: count,
      totalPages: count,
      unreadCount: count,
      items: z.array(notificationShape),
    }),
    result: (data) => data.myNotifications,
  },
  {
    method: 'PATCH',
    url: '/api/v1/notifications/:id/read',
    summary: 'Mark a notification read',
    tag: 'notifications',
    auth: 'bearer',
    operation: `mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { ${notificationFields} } }`,
    variables: ({ params }) => ({ id: params.id }),
    response: notificationShape,
    result: (data) => data.markNotificationRead,
  },
  {
    method: 'POST',
    url: '/api/v1/notifications/read-all',
    summary: 'Mark all my notifications read',
    tag: 'notifications',
    auth: 'bearer',
    operation: `mutation MarkAllNotificationsRead { markAllNotificationsRead { message } }`,
    variables: () => ({}),
    response: messageShape,
    result: (data) => data.markAllNotificationsRead,
  },
  {
    method: 'POST',
    url: '/internal/notifications/jobs',
    summary: 'Process a notification job (service token): accepted durably, delivered asynchronously',
    tag: 'internal',
    auth: 'service',
    body: notificationJobSchema,
    operation: `mutation ProcessNotificationJob($input: NotificationJobInput!) {
      processNotificationJob(input: $input) { jobId message processedRecipients }
    }`,
    variables: ({ body }) => ({ input: body }),
    response: z.strictObject({ jobId: z.string(), message: z.string(), processedRecipients: count }),
    result: (data) => data.processNotificationJob,
  },
  {
    method: 'POST',
    url: '/internal/notifications',
    summary: 'Create a notification (service token)',
    tag: 'internal',
    auth: 'service',
    body: createNotificationSchema,
    operation: `mutation CreateNotification($input: CreateNotificationInput!) { createNotification(input: $input) { message } }`,
    variables: ({ body }) => ({ input: body }),
    response: messageShape,
    result: (data) => data.createNotification,
    status: 201,
  },
  {
    method: 'POST',
    url: '/internal/notifications/bulk',
    summary: 'Create many notifications (service token)',
    tag: 'internal',
    auth: 'service',
    body: createNotificationsSchema,
    operation: `mutation CreateNotifications($inputs: [CreateNotificationInput!]!) {
      createNotifications(inputs: $inputs) { message }
    }`,
    variables: ({ body }) => ({ inputs: body }),
    response: messageShape,
    result: (data) => data.createNotifications,
    status: 201,
  },
]);
