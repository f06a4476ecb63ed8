import { freshIpHeader } from './client-address.js';
import type { HttpClient } from './client.js';
import { deviceTestKit, makeKeyPair, type DeviceKeyPair } from './device-kit.js';
import type { TestUser } from './users.js';
import type { KeyAlgorithm } from '@platform/auth/devices/device-signature';

export const confirmationPath = (id: string, action: 'status' | 'verify' | 'reject') =>
  `/api/v1/auth/confirmation/${encodeURIComponent(id)}/${action}`;
export const initiatePath = '/api/v1/auth/confirmation/initiate';

export const paymentPayload = { amount: 1500, currency: 'EUR', recipient: 'ACME Ltd' };

export const confirmationSubscription = `subscription ($id: String!) {
  confirmationStatusChanged(confirmationId: $id) { confirmationId status }
}`;

/** An access token, or a biometric one with the fingerprint of the device it is bound to. */
export type Bearer = string | { token: string; fingerprint: string };

export interface UserWithDevice {
  user: TestUser;
  deviceId: string;
  fingerprint: string;
  keys: DeviceKeyPair;
}

/** Test support: users with registered devices, and the four confirmation calls, each from a fresh address. */
export function confirmationKit(api: HttpClient) {
  const devices = deviceTestKit(api);
  const options = (bearer: Bearer) =>
    typeof bearer === 'string'
      ? { token: bearer, headers: freshIpHeader() }
      : { token: bearer.token, headers: { ...freshIpHeader(), 'x-device-fingerprint': bearer.fingerprint } };

  async function userWithDevice(algorithm: KeyAlgorithm = 'ES256'): Promise<UserWithDevice> {
    const user = await devices.newUser();
    return { user, ...(await devices.registerDevice(user.token, makeKeyPair(algorithm))) };
  }

  async function initiate(token: Bearer, actionType = 'payment_approval', actionPayload: unknown = paymentPayload) {
    const started = await api.post(initiatePath, { actionType, actionPayload }, options(token));
    if (started.status !== 200) throw new Error(`initiate failed: ${JSON.stringify(started.body)}`);
    return started.body.data as { confirmationId: string; challenge: string; expiresAt: string };
  }

  return {
    ...devices,
    userWithDevice,
    initiate,
    initiateRaw: (token: Bearer, body: unknown) => api.post(initiatePath, body, options(token)),
    status: (token: Bearer, id: string) => api.get(confirmationPath(id, 'status'), options(token)),
    verify: (token: Bearer, id: string, body: unknown) =>
      api.post(confirmationPath(id, 'verify'), body, options(token)),
    reject: (token: Bearer, id: string, body: unknown = { reason: 'not me' }) =>
      api.post(confirmationPath(id, 'reject'), body, options(token)),
  };
}
