import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { dataOf, timestamp } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';
import { challengeShape } from './token.shapes.js';

graphql(`
  fragment DeviceFields on RegisteredDevice {
    id
    deviceName
    deviceType
    deviceFingerprint
    isActive
    lastUsedAt
    createdAt
    updatedAt
  }
`);

/** The auth spec's Device; its key and push token are never shown. */
const deviceShape = z.strictObject({
  id: z.string().uuid(),
  deviceName: z.string(),
  deviceType: z.enum(['mobile', 'desktop', 'tablet']),
  deviceFingerprint: z.string(),
  isActive: z.boolean(),
  lastUsedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const outcomeShape = dataOf(z.strictObject({ success: z.boolean(), message: z.string() }));

/** Shapes only; the auth subgraph's device service applies the Device table's rules for REST and GraphQL. */
const registerChallengeBody = z
  .object({
    deviceName: z.string(),
    deviceType: z.string(),
    deviceFingerprint: z.string(),
    publicKey: z.string(),
    keyAlgorithm: z.string(),
  })
  .strict();

/** Device registration and management (auth spec); a standard or biometric access token. */
export const deviceRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/auth/devices/register/challenge',
    summary: 'Start registering a device: a 5-minute challenge for its key to sign',
    tag: 'devices',
    auth: 'bearer',
    body: registerChallengeBody,
    operation: graphql(`
      mutation RegisterDeviceChallenge($input: RegisterDeviceChallengeInput!) {
        registerDeviceChallenge(input: $input) {
          challenge
          expiresAt
          deviceId
          sessionId
        }
      }
    `),
    variables: ({ body }) => ({ input: body }),
    response: dataOf(challengeShape.extend({ deviceId: z.string().uuid() })),
    refusals: [409],
    result: (data) => ({ data: data.registerDeviceChallenge }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/devices/register/verify',
    summary: 'Finish registering a device with the signed challenge',
    tag: 'devices',
    auth: 'bearer',
    body: z.object({ sessionId: z.string(), signedChallenge: z.string() }).strict(),
    operation: graphql(`
      mutation VerifyDeviceRegistration($sessionId: String!, $signedChallenge: String!) {
        verifyDeviceRegistration(sessionId: $sessionId, signedChallenge: $signedChallenge) {
          success
          deviceId
          device {
            ...DeviceFields
          }
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(z.strictObject({ success: z.boolean(), deviceId: z.string().uuid(), device: deviceShape })),
    result: (data) => ({ data: data.verifyDeviceRegistration }),
  }),
  route({
    method: 'GET',
    url: '/api/v1/auth/devices',
    summary: "List the signed-in user's devices",
    tag: 'devices',
    auth: 'bearer',
    operation: graphql(`
      query MyDevices {
        myDevices {
          ...DeviceFields
        }
      }
    `),
    variables: () => ({}),
    response: dataOf(z.strictObject({ devices: z.array(deviceShape) })),
    result: (data) => ({ data: { devices: data.myDevices } }),
    version: {
      operation: graphql(`
        query MyDevicesEntityTag {
          myDevicesEntityTag
        }
      `),
      variables: () => ({}),
      tag: (data) => data.myDevicesEntityTag,
      describes:
        "A strong tag of the list's version: each device's id, updatedAt and lastUsedAt in order: it changes when " +
        'a device is registered, removed or used (its name, type and fingerprint are fixed at registration); read ' +
        'after the same rate limit as the list, and audited as a list',
      bodyTag: ({ data: { devices } }) =>
        versionTagOf({
          kind: 'device-list',
          items: devices.map(({ id, updatedAt, lastUsedAt }) => ({
            id,
            state: [new Date(updatedAt).toISOString(), lastUsedAt === null ? null : new Date(lastUsedAt).toISOString()],
          })),
        }),
    },
  }),
  route({
    method: 'PUT',
    url: '/api/v1/auth/devices/fcm-token',
    summary: "Set a device's push-messaging token",
    tag: 'devices',
    auth: 'bearer',
    body: z.object({ deviceId: z.string(), fcmToken: z.string() }).strict(),
    operation: graphql(`
      mutation UpdateDevicePushToken($deviceId: String!, $fcmToken: String!) {
        updateDevicePushToken(deviceId: $deviceId, fcmToken: $fcmToken) {
          success
          message
        }
      }
    `),
    variables: ({ body }) => body,
    response: outcomeShape,
    result: (data) => ({ data: data.updateDevicePushToken }),
  }),
  route({
    method: 'DELETE',
    url: '/api/v1/auth/devices/:deviceId',
    summary: 'Delete a device and revoke every token bound to it',
    tag: 'devices',
    auth: 'bearer',
    params: z.object({ deviceId: z.string() }),
    operation: graphql(`
      mutation DeleteDevice($deviceId: String!) {
        deleteDevice(deviceId: $deviceId) {
          success
          message
        }
      }
    `),
    variables: ({ params }) => ({ deviceId: params.deviceId }),
    response: outcomeShape,
    result: (data) => ({ data: data.deleteDevice }),
  }),
]);
