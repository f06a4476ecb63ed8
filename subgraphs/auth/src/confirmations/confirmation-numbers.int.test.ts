import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWith, type HttpClient } from '../../../../test/client.js';
import { confirmationKit, paymentPayload } from '../../../../test/confirmation-kit.js';
import { onDatabase } from '../../../../test/database.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';

const browser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const documentPayload = { documentId: 'doc-1', documentName: 'Contract.pdf' };

/** Issue 27, item 2: number matching for the action types CONFIRMATION_NUMBER_MATCHING names, and signed denials. */
describe.skipIf(servicesMissing)('number-matched approvals', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: ReturnType<typeof confirmationKit>;

  beforeAll(async () => {
    server = await startIsolatedServer({ CONFIRMATION_NUMBER_MATCHING: 'payment_approval,user_access' });
    // The web page that asks: its address and browser are the request's context the phone is shown.
    api = clientWith(server.url, { 'user-agent': browser, 'x-forwarded-for': '10.27.9.9' });
    kit = confirmationKit(api);
  });
  afterAll(async () => server?.close());

  const sql = (text: string, values: unknown[]) =>
    onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, values)).rows);
  const stored = async (id: string) =>
    (await sql('select status, reason, device_id from auth.confirmation where id = $1', [id]))[0];
  const started = async (token: string) => {
    const answer = await kit.initiateRaw(token, { actionType: 'payment_approval', actionPayload: paymentPayload });
    expect(answer.status).toBe(200);
    return answer.body.data as { confirmationId: string; challenge: string; matchNumber: number };
  };

  it('shows a two-digit number at initiate, three choices and the context at status, and approves with the right one', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('ES256');
    const { confirmationId, challenge, matchNumber } = await started(user.token);
    expect(matchNumber).toBeGreaterThanOrEqual(10);
    expect(matchNumber).toBeLessThanOrEqual(99);

    const status = (await kit.status(user.token, confirmationId)).body.data;
    expect(status.numberChoices).toHaveLength(3);
    expect(new Set(status.numberChoices).size).toBe(3);
    expect(status.numberChoices).toContain(matchNumber);
    expect(status.requestContext).toEqual({
      ipAddress: expect.any(String),
      browser: 'Safari 18',
      os: 'macOS',
      requestedAt: status.createdAt,
    });

    const approved = await kit.verify(user.token, confirmationId, {
      deviceId,
      signedChallenge: keys.sign(challenge),
      matchedNumber: matchNumber,
    });
    expect(approved.body).toEqual({ data: { success: true, confirmationId, status: 'approved' } });
  });

  it('rejects the confirmation on a wrong number (401, reason number_mismatch): one chance, the right number then answers 410', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('RS256');
    const { confirmationId, challenge, matchNumber } = await started(user.token);
    const wrong = matchNumber === 99 ? 10 : matchNumber + 1;
    const body = (matchedNumber: number) => ({ deviceId, signedChallenge: keys.sign(challenge), matchedNumber });

    const refused = await kit.verify(user.token, confirmationId, body(wrong));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      message: 'The number does not match: the confirmation was rejected',
      statusCode: 401,
    });
    expect(await stored(confirmationId)).toEqual({
      status: 'rejected',
      reason: 'number_mismatch',
      device_id: deviceId,
    });
    expect((await kit.status(user.token, confirmationId)).body.data.status).toBe('rejected');
    expect((await kit.verify(user.token, confirmationId, body(matchNumber))).status).toBe(410);
    const audit = await sql(
      `select result, error_code, details from auth.audit_entry where action = 'confirmation_verify' and details->>'confirmationId' = $1 order by id`,
      [confirmationId],
    );
    expect(audit[0]).toMatchObject({
      result: 'failure',
      error_code: 'NUMBER_MISMATCH',
      details: { reason: 'number_mismatch' },
    });
  });

  it('answers 400 naming matchedNumber when it is absent where required, and leaves the confirmation pending', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('PS256');
    const { confirmationId, challenge, matchNumber } = await started(user.token);
    const absent = await kit.verify(user.token, confirmationId, { deviceId, signedChallenge: keys.sign(challenge) });
    expect(absent.status).toBe(400);
    expect(absent.body.message).toContain('matchedNumber');
    const mistyped = await kit.verify(user.token, confirmationId, {
      deviceId,
      signedChallenge: keys.sign(challenge),
      matchedNumber: 'forty-two',
    });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.message).toContain('matchedNumber');
    expect(await stored(confirmationId)).toEqual({ status: 'pending', reason: null, device_id: null });
    const graph = await api.graphql(
      `mutation ($id: String!, $deviceId: String!, $signed: String!, $number: Int) {
        verifyConfirmation(confirmationId: $id, deviceId: $deviceId, signedChallenge: $signed, matchedNumber: $number) { status }
      }`,
      { id: confirmationId, deviceId, signed: keys.sign(challenge), number: matchNumber },
      { token: user.token },
    );
    expect(graph.body.data.verifyConfirmation.status).toBe('approved');
  });

  it('keeps the contract for action types it does not name: no number, no choices, no matchedNumber needed', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('ES256');
    const answer = await kit.initiateRaw(user.token, {
      actionType: 'document_approval',
      actionPayload: documentPayload,
    });
    expect(Object.keys(answer.body.data).sort()).toEqual(['challenge', 'confirmationId', 'expiresAt']);
    const { confirmationId, challenge } = answer.body.data;
    const status = (await kit.status(user.token, confirmationId)).body.data;
    expect(status.numberChoices).toBeUndefined();
    expect(status.requestContext).toBeUndefined();
    const approved = await kit.verify(user.token, confirmationId, { deviceId, signedChallenge: keys.sign(challenge) });
    expect(approved.status).toBe(200);
  });

  it('records a rejection signed by the device as a signed denial; a signature no device made is refused (401, still pending)', async () => {
    const { user, deviceId, keys } = await kit.userWithDevice('ES256');
    const other = await kit.userWithDevice('ES256');
    const { confirmationId, challenge } = await started(user.token);
    const forged = await kit.reject(user.token, confirmationId, { signedRejection: other.keys.sign(challenge) });
    expect(forged.status).toBe(401);
    expect((await stored(confirmationId)).status).toBe('pending');

    const rejected = await kit.reject(user.token, confirmationId, {
      reason: 'not me',
      signedRejection: keys.sign(challenge),
    });
    expect(rejected.body).toEqual({ data: { success: true, confirmationId, status: 'rejected' } });
    expect(await stored(confirmationId)).toEqual({ status: 'rejected', reason: 'not me', device_id: deviceId });
    const audit = await sql(
      `select result, device_id, signature, details from auth.audit_entry where action = 'confirmation_reject' and details->>'confirmationId' = $1 order by id`,
      [confirmationId],
    );
    expect(audit.map((entry) => entry.result)).toEqual(['failure', 'success']);
    expect(audit[1]).toMatchObject({
      device_id: deviceId,
      signature: { algorithm: 'ES256', verified: true },
      details: { signedDenial: true },
    });
  });
});
