import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIpHeader } from '../../../../test/client-address.js';
import { httpClient, loginAs, type HttpClient } from '../../../../test/client.js';
import { confirmationKit, initiatePath, paymentPayload } from '../../../../test/confirmation-kit.js';
import { onDatabase } from '../../../../test/database.js';
import { makeKeyPair } from '../../../../test/device-kit.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { expectRefusedNamingField } from '../../../../test/refusals.js';
import { servicesMissing } from '../../../../test/services.js';
import { eventually } from '../../../../test/waiting.js';

const statusKeys = ['actionPayload', 'actionType', 'confirmationId', 'createdAt', 'expiresAt', 'status', 'updatedAt'];
const idFormat = /^conf_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.skipIf(servicesMissing)('action confirmations over REST and GraphQL', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: ReturnType<typeof confirmationKit>;

  beforeAll(async () => {
    // No sweep: what a reader sees past the window must come from the read itself.
    server = await startIsolatedServer({ CONFIRMATION_SWEEP_SECONDS: '0' });
    api = httpClient(server.url);
    kit = confirmationKit(api);
  });
  afterAll(async () => server?.close());

  const sql = <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);
  const storedRow = async (id: string) =>
    (await sql<Record<string, any>>('select * from auth.confirmation where id = $1', [id]))[0]!;
  const auditOf = (action: string, confirmationId: string) =>
    sql<Record<string, any>>(
      `select * from auth.audit_entry where action = $1 and details->>'confirmationId' = $2 order by id`,
      [action, confirmationId],
    );
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it('approves with real ES256, RS256 and PS256 device keys, then answers 410 to every further use', async () => {
    for (const algorithm of ['ES256', 'RS256', 'PS256'] as const) {
      const { user, deviceId, keys } = await kit.userWithDevice(algorithm);
      const started = await kit.initiateRaw(user.token, {
        actionType: 'payment_approval',
        actionPayload: paymentPayload,
      });
      expect(started.status, algorithm).toBe(200);
      const { confirmationId, challenge, expiresAt } = started.body.data;
      expect(Object.keys(started.body.data).sort()).toEqual(['challenge', 'confirmationId', 'expiresAt']);
      expect(confirmationId).toMatch(idFormat);
      expect(Buffer.from(challenge, 'base64url')).toHaveLength(64);
      const window = Date.parse(expiresAt) - Date.now();
      expect(window).toBeGreaterThan(5 * 60_000 - 10_000);
      expect(window).toBeLessThanOrEqual(5 * 60_000);

      const pending = await kit.status(user.token, confirmationId);
      expect(pending.status).toBe(200);
      expect(Object.keys(pending.body.data).sort()).toEqual(statusKeys);
      expect(pending.body.data).toMatchObject({
        confirmationId,
        status: 'pending',
        actionType: 'payment_approval',
        actionPayload: paymentPayload,
        expiresAt,
      });

      const approved = await kit.verify(user.token, confirmationId, {
        deviceId,
        signedChallenge: keys.sign(challenge),
      });
      expect(approved.status, algorithm).toBe(200);
      expect(approved.body).toEqual({ data: { success: true, confirmationId, status: 'approved' } });
      const after = await kit.status(user.token, confirmationId);
      expect(after.body.data.status).toBe('approved');
      expect(Date.parse(after.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(after.body.data.createdAt));

      const again = await kit.verify(user.token, confirmationId, { deviceId, signedChallenge: keys.sign(challenge) });
      expect(again.status).toBe(410);
      expect(again.body).toEqual({ message: 'Action confirmation token already used', statusCode: 410 });
      const rejectAfter = await kit.reject(user.token, confirmationId);
      expect(rejectAfter.status).toBe(410);
      expect(rejectAfter.body.message).toBe('Action confirmation token already used');
      expect((await storedRow(confirmationId)).status).toBe('approved');

      const [initiated] = await auditOf('confirmation_initiate', confirmationId);
      expect(initiated).toMatchObject({ result: 'success', user_id: user.id, challenge_hash: sha256(challenge) });
      const verifies = await auditOf('confirmation_verify', confirmationId);
      expect(verifies.map((entry) => entry.result)).toEqual(['success', 'failure']);
      expect(verifies[0]).toMatchObject({
        device_id: deviceId,
        challenge_hash: sha256(challenge),
        signature: { algorithm, verified: true },
      });
      expect(verifies[1]!.error_code).toBe('CONFIRMATION_ALREADY_USED');
    }
  });

  it('rejects with a reason, which is recorded; verify and reject then answer 410', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('PS256');
    const { confirmationId, challenge } = await kit.initiate(user.token, 'document_approval', {
      documentId: 'DOC-7',
      documentName: 'Contract',
    });
    const rejected = await kit.reject(user.token, confirmationId, { reason: 'I did not ask for this' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ data: { success: true, confirmationId, status: 'rejected' } });
    expect((await kit.status(user.token, confirmationId)).body.data.status).toBe('rejected');
    const verify = await kit.verify(user.token, confirmationId, { deviceId, signedChallenge: keys.sign(challenge) });
    expect(verify.status).toBe(410);
    expect(verify.body.message).toBe('Action confirmation token already used');
    expect((await kit.reject(user.token, confirmationId)).status).toBe(410);
    const row = await storedRow(confirmationId);
    expect(row).toMatchObject({ status: 'rejected', reason: 'I did not ask for this' });
    expect(await auditOf('confirmation_reject', confirmationId)).toHaveLength(2);
  });

  it('validates actionType and actionPayload, naming the field, and writes nothing', async () => {
    const { user } = await kit.userWithDevice();
    const before = await sql('select count(*)::int as n from auth.confirmation');
    const send = (body: unknown) => kit.initiateRaw(user.token, body);
    const cases: [unknown, string][] = [
      [{ actionType: 'launch_rockets', actionPayload: {} }, 'actionType'],
      [{ actionType: 'payment approval', actionPayload: paymentPayload }, 'actionType'],
      [{ actionType: 'a'.repeat(101), actionPayload: {} }, 'actionType'],
      [{ actionType: '', actionPayload: {} }, 'actionType'],
      [{ actionPayload: paymentPayload }, 'actionType'],
      [{ actionType: 'payment_approval' }, 'actionPayload'],
      [{ actionType: 'payment_approval', actionPayload: [1, 2] }, 'actionPayload'],
      [{ actionType: 'payment_approval', actionPayload: 'amount' }, 'actionPayload'],
      [{ actionType: 'payment_approval', actionPayload: { amount: 1, currency: 'EUR' } }, 'actionPayload.recipient'],
      [{ actionType: 'purchase_order', actionPayload: { amount: 1, supplier: 'S' } }, 'actionPayload.items'],
      [{ actionType: 'user_access', actionPayload: { userId: 3 } }, 'actionPayload.permissions'],
      [{ actionType: 'settings_change', actionPayload: { settingKey: 'k', oldValue: 1 } }, 'actionPayload.newValue'],
      [{ actionType: 'password_change', actionPayload: {} }, 'actionPayload.userId'],
      [{ actionType: 'device_register', actionPayload: { deviceName: 'x' } }, 'actionPayload.deviceType'],
      [{ actionType: 'sensitive_data_access', actionPayload: { dataType: 'x' } }, 'actionPayload.reason'],
      [{ actionType: 'document_approval', actionPayload: { documentId: 'D' } }, 'actionPayload.documentName'],
    ];
    await expectRefusedNamingField(
      (index) => send(cases[Number(index)]![0]),
      cases.map((entry, index) => [String(index), entry[1]]),
    );
    expect(await sql('select count(*)::int as n from auth.confirmation')).toEqual(before);
    for (const actionType of ['transfer_money', 'approve_document', 'delete_user', 'purchase_order', 'system_config']) {
      const payload = actionType === 'purchase_order' ? { amount: 5, supplier: 'S', items: [] } : {};
      expect((await send({ actionType, actionPayload: payload })).status, actionType).toBe(200);
    }
  });

  it('accepts a payload of exactly 4096 bytes of compact JSON and refuses 4097', async () => {
    const { user } = await kit.userWithDevice();
    // {"note":"..."} is 11 bytes around the text; é is two bytes in UTF-8, so bytes and characters differ.
    const payloadOf = (bytes: number) => ({ note: 'é'.repeat(10) + 'x'.repeat(bytes - 11 - 20) });
    expect(Buffer.byteLength(JSON.stringify(payloadOf(4096)))).toBe(4096);
    const accepted = await kit.initiateRaw(user.token, { actionType: 'delete_user', actionPayload: payloadOf(4096) });
    expect(accepted.status).toBe(200);
    const stored = await kit.status(user.token, accepted.body.data.confirmationId);
    expect(stored.body.data.actionPayload).toEqual(payloadOf(4096));
    const refused = await kit.initiateRaw(user.token, { actionType: 'delete_user', actionPayload: payloadOf(4097) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('actionPayload');
  });

  it('refuses a wrong signature with 401 and leaves the confirmation pending for the right one', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('RS256');
    const { confirmationId, challenge } = await kit.initiate(user.token);
    const stranger = makeKeyPair('RS256');
    for (const signedChallenge of [stranger.sign(challenge), keys.sign(`${challenge.slice(0, -2)}AA`), '!!!']) {
      const wrong = await kit.verify(user.token, confirmationId, { deviceId, signedChallenge });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid signature: signature verification failed');
    }
    expect((await storedRow(confirmationId)).status).toBe('pending');
    const [failure] = await auditOf('confirmation_verify', confirmationId);
    expect(failure).toMatchObject({ result: 'failure', signature: { algorithm: 'RS256', verified: false } });
    const right = await kit.verify(user.token, confirmationId, { deviceId, signedChallenge: keys.sign(challenge) });
    expect(right.status).toBe(200);
  });

  it("answers 404 alike for an unknown id and another user's confirmation, and for a device not the user's", async () => {
    const owner = await kit.userWithDevice();
    const other = await kit.userWithDevice();
    const { confirmationId, challenge } = await kit.initiate(owner.user.token);
    const signed = { deviceId: other.deviceId, signedChallenge: other.keys.sign(challenge) };
    const unknownIds = [`conf_${crypto.randomUUID()}`, 'not-a-confirmation'];
    const answers = [
      await kit.status(other.user.token, confirmationId),
      await kit.verify(other.user.token, confirmationId, signed),
      await kit.reject(other.user.token, confirmationId),
      ...(await Promise.all(unknownIds.map((id) => kit.status(owner.user.token, id)))),
      await kit.verify(owner.user.token, unknownIds[0]!, signed),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Confirmation not found', statusCode: 404 });
    }
    // The owner naming the other user's device: that device is not the owner's.
    const foreignDevice = await kit.verify(owner.user.token, confirmationId, signed);
    expect(foreignDevice.status).toBe(404);
    expect(foreignDevice.body.message).toBe('Device not found or inactive');
    const deleted = await kit.registerDevice(owner.user.token, makeKeyPair('ES256'));
    await api.delete(`/api/v1/auth/devices/${deleted.deviceId}`, { token: owner.user.token, headers: freshIpHeader() });
    const removed = await kit.verify(owner.user.token, confirmationId, {
      deviceId: deleted.deviceId,
      signedChallenge: deleted.keys.sign(challenge),
    });
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe('Device not found or inactive');
    expect((await storedRow(confirmationId)).status).toBe('pending');
  });

  it('needs a bearer: none, a refresh token or a malformed body are refused', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice();
    const { confirmationId, challenge } = await kit.initiate(user.token);
    const anonymous = await api.post(initiatePath, { actionType: 'delete_user', actionPayload: {} });
    expect(anonymous.status).toBe(401);
    const { refreshToken } = await loginAs(api, user.email, user.password);
    const withRefresh = await kit.verify(refreshToken, confirmationId, {
      deviceId,
      signedChallenge: keys.sign(challenge),
    });
    expect(withRefresh.status).toBe(401);
    const badDevice = await kit.verify(user.token, confirmationId, { deviceId: 'phone', signedChallenge: 'AAAA' });
    expect(badDevice.status).toBe(400);
    expect(badDevice.body.message).toContain('deviceId');
    expect((await storedRow(confirmationId)).status).toBe('pending');
  });

  it('ignores fields beyond the contract: status, userId and actionPayload are never stored', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice();
    const other = await kit.userWithDevice();
    const started = await kit.initiateRaw(user.token, {
      actionType: 'payment_approval',
      actionPayload: paymentPayload,
      status: 'approved',
      userId: other.user.id,
    });
    expect(started.status).toBe(200);
    const { confirmationId, challenge } = started.body.data;
    expect(await storedRow(confirmationId)).toMatchObject({ status: 'pending', user_id: user.id });
    const verified = await kit.verify(user.token, confirmationId, {
      deviceId,
      signedChallenge: keys.sign(challenge),
      status: 'rejected',
      actionPayload: { amount: 1_000_000, currency: 'EUR', recipient: 'Mallory' },
    });
    expect(verified.status).toBe(200);
    expect(await storedRow(confirmationId)).toMatchObject({ status: 'approved', action_payload: paymentPayload });
  });

  it('reads expired past the window before any sweep ran, and verify and reject answer 410 expired', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice();
    const { confirmationId, challenge } = await kit.initiate(user.token);
    await sql(`update auth.confirmation set expires_at = now() - interval '1 second' where id = $1`, [confirmationId]);
    const status = await kit.status(user.token, confirmationId);
    expect(status.body.data.status).toBe('expired');
    const verify = await kit.verify(user.token, confirmationId, { deviceId, signedChallenge: keys.sign(challenge) });
    expect(verify.status).toBe(410);
    expect(verify.body).toEqual({ message: 'Action confirmation expired', statusCode: 410 });
    const reject = await kit.reject(user.token, confirmationId);
    expect(reject.status).toBe(410);
    expect(reject.body.message).toBe('Action confirmation expired');
    // Nothing was written: the stored row still waits for the sweep.
    expect((await storedRow(confirmationId)).status).toBe('pending');
  });

  it('of 50 concurrent valid verifies exactly one answers 200 and the others 410', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice();
    const { confirmationId, challenge } = await kit.initiate(user.token);
    const body = { deviceId, signedChallenge: keys.sign(challenge) };
    const answers = await Promise.all(Array.from({ length: 50 }, () => kit.verify(user.token, confirmationId, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(49);
    expect((await storedRow(confirmationId)).status).toBe('approved');
    const successes = (await auditOf('confirmation_verify', confirmationId)).filter((e) => e.result === 'success');
    expect(successes).toHaveLength(1);
  });

  it('of verifies racing rejects exactly one wins, and the stored status is the winner’s', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice();
    // Four rounds: rejects count against the user's Confirmation category (burst 50).
    for (let round = 0; round < 4; round += 1) {
      const { confirmationId, challenge } = await kit.initiate(user.token);
      const body = { deviceId, signedChallenge: keys.sign(challenge) };
      const calls = Array.from({ length: 16 }, (_, index) =>
        index % 2 === 0 ? kit.verify(user.token, confirmationId, body) : kit.reject(user.token, confirmationId),
      );
      const answers = await Promise.all(calls);
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 410)).toHaveLength(15);
      const winner = winners[0]!.body.data.status;
      expect((await storedRow(confirmationId)).status).toBe(winner);
      expect((await kit.status(user.token, confirmationId)).body.data.status).toBe(winner);
    }
  });

  it('holds a biometric bearer to its own device and to the trust rule for sensitive action types', async () => {
    const owner = await kit.userWithDevice('ES256');
    const second = await kit.registerDevice(owner.user.token, makeKeyPair('RS256'));
    const biometric = {
      token: (await kit.mobileLogin(owner.fingerprint, owner.keys)).accessToken,
      fingerprint: owner.fingerprint,
    };

    const first = await kit.initiate(biometric);
    const otherDevice = await kit.verify(biometric, first.confirmationId, {
      deviceId: second.deviceId,
      signedChallenge: second.keys.sign(first.challenge),
    });
    expect(otherDevice.status).toBe(401);
    expect(otherDevice.body.message).toBe('Invalid biometric token');
    const own = await kit.verify(biometric, first.confirmationId, {
      deviceId: owner.deviceId,
      signedChallenge: owner.keys.sign(first.challenge),
    });
    expect(own.status).toBe(200);

    // A device last used 100 days ago logs in with trust `low`.
    await sql(`update auth.device set last_used_at = now() - interval '100 days' where id = $1`, [second.deviceId]);
    const lowTrust = {
      token: (await kit.mobileLogin(second.fingerprint, second.keys)).accessToken,
      fingerprint: second.fingerprint,
    };
    for (const [actionType, payload] of [
      ['payment_approval', paymentPayload],
      ['user_access', { userId: 9, permissions: ['admin'] }],
      ['settings_change', { settingKey: 'k', oldValue: 1, newValue: 2 }],
      ['password_change', { userId: 9 }],
    ] as const) {
      const { confirmationId, challenge } = await kit.initiate(owner.user.token, actionType, payload);
      const refused = await kit.verify(lowTrust, confirmationId, {
        deviceId: second.deviceId,
        signedChallenge: second.keys.sign(challenge),
      });
      expect(refused.status, actionType).toBe(403);
      expect(refused.body).toEqual({ message: 'Insufficient trust level', statusCode: 403 });
      expect((await storedRow(confirmationId)).status).toBe('pending');
    }
    const ordinary = await kit.initiate(owner.user.token, 'document_approval', { documentId: 'D', documentName: 'N' });
    const allowed = await kit.verify(lowTrust, ordinary.confirmationId, {
      deviceId: second.deviceId,
      signedChallenge: second.keys.sign(ordinary.challenge),
    });
    expect(allowed.status).toBe(200);
  });

  it('limits initiate to 20 an hour per user, counted whatever the answer', async () => {
    const { user } = await kit.userWithDevice();
    const other = await kit.userWithDevice();
    await kit.initiateRaw(user.token, { actionType: 'launch_rockets', actionPayload: {} });
    for (let index = 1; index < 20; index += 1) await kit.initiate(user.token, 'delete_user', {});
    const limited = await kit.initiateRaw(user.token, { actionType: 'delete_user', actionPayload: {} });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await kit.initiateRaw(other.user.token, { actionType: 'delete_user', actionPayload: {} })).status).toBe(
      200,
    );
  });

  it('with FCM off records the push to a device holding a token as pending and still initiates', async () => {
    const { user, deviceId } = await kit.userWithDevice();
    const token = await api.put(
      '/api/v1/auth/devices/fcm-token',
      { deviceId, fcmToken: 'phone-token-1' },
      { token: user.token, headers: freshIpHeader() },
    );
    expect(token.status).toBe(200);
    const { confirmationId } = await kit.initiate(user.token);
    const rows = await eventually(async () => {
      const found = await sql('select device_id, status from auth.confirmation_push where confirmation_id = $1', [
        confirmationId,
      ]);
      return found.length > 0 && found;
    });
    expect(rows).toEqual([{ device_id: deviceId, status: 'pending' }]);
  });

  it('offers the four operations in the graph with the same rules and codes', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('PS256');
    const graph = (query: string, variables: Record<string, unknown>) =>
      api.graphql(query, variables, { token: user.token, headers: freshIpHeader() });
    const initiate = `mutation ($type: String!, $payload: JSON!) {
      initiateConfirmation(actionType: $type, actionPayload: $payload) { confirmationId challenge expiresAt }
    }`;
    const started = await graph(initiate, { type: 'payment_approval', payload: paymentPayload });
    const { confirmationId, challenge } = started.body.data.initiateConfirmation;
    expect(confirmationId).toMatch(idFormat);
    const missing = await graph(initiate, { type: 'payment_approval', payload: { amount: 1 } });
    expect(missing.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(missing.body.errors![0]!.message).toContain('actionPayload.currency');

    const status = `query ($id: String!) {
      confirmationStatus(confirmationId: $id) { confirmationId status actionType actionPayload createdAt expiresAt updatedAt }
    }`;
    expect((await graph(status, { id: confirmationId })).body.data.confirmationStatus).toMatchObject({
      status: 'pending',
      actionPayload: paymentPayload,
    });
    const unknown = await graph(status, { id: `conf_${crypto.randomUUID()}` });
    expect(unknown.body.errors![0]!).toMatchObject({
      message: 'Confirmation not found',
      extensions: { code: 'CONFIRMATION_NOT_FOUND' },
    });

    const verify = `mutation ($id: String!, $deviceId: String!, $signedChallenge: String!) {
      verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signedChallenge) {
        success confirmationId status
      }
    }`;
    const approved = await graph(verify, { id: confirmationId, deviceId, signedChallenge: keys.sign(challenge) });
    expect(approved.body.data.verifyConfirmation).toEqual({ success: true, confirmationId, status: 'approved' });
    const reject = `mutation ($id: String!, $reason: String) {
      rejectConfirmation(confirmationId: $id, reason: $reason) { success confirmationId status }
    }`;
    const late = await graph(reject, { id: confirmationId, reason: 'late' });
    expect(late.body.errors![0]!).toMatchObject({
      message: 'Action confirmation token already used',
      extensions: { code: 'CONFIRMATION_ALREADY_USED' },
    });
    const second = await kit.initiate(user.token, 'delete_user', {});
    const rejected = await graph(reject, { id: second.confirmationId });
    expect(rejected.body.data.rejectConfirmation).toEqual({
      success: true,
      confirmationId: second.confirmationId,
      status: 'rejected',
    });
  });
});
