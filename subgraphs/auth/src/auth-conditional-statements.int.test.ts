import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/client.js';
import { conditionalGets } from '../../../test/conditional-kit.js';
import { confirmationKit, confirmationPath } from '../../../test/confirmation-kit.js';
import { startCountedServer } from '../../../test/counted-server.js';
import { onDatabase } from '../../../test/database.js';
import { makeKeyPair } from '../../../test/device-kit.js';
import { decodeJwt } from '../../../test/jwt.js';
import { firstRateLimitedAttempt } from '../../../test/rate-limits.js';
import { servicesMissing } from '../../../test/services.js';
import { eventually, pause } from '../../../test/waiting.js';

const sessionOf = (token: string) => decodeJwt(token).session_id as string;

/**
 * Issue 28, item 3: a 304 of the sessions, the devices or a confirmation's status costs one cheap statement, after
 * the same rate limit as the read (a request answered 304 is still a request). A session's liveness is its expiry
 * against the clock and a confirmation's status turns expired by the clock alone: both tags follow the clock as
 * the answers do. A device list answered 304 is audited as every list is, by the same one statement. Sign-ins and
 * devices raise security notices: their delivery is left queued, so that it never lands in a 304's count.
 */
describe.skipIf(servicesMissing)(
  'conditional GETs of sessions, devices and confirmations cost one cheap statement',
  () => {
    let counted: Awaited<ReturnType<typeof startCountedServer>>;
    let kit: ReturnType<typeof confirmationKit>;

    beforeAll(async () => {
      counted = await startCountedServer({ WORKER_ENABLED: 'false' });
      kit = confirmationKit(counted.api);
    });
    afterAll(async () => counted?.close());

    const sql = (text: string, values: unknown[]) =>
      onDatabase(counted.databaseUrl, async (client) => (await client.query(text, values)).rows);
    /**
     * A confirmation started, once its push job is done: the job reads the user's devices after the answer, and a read
     * of its landing in a later request's count would not be that request's.
     */
    const initiated = async (token: string) => {
      const started = await kit.initiate(token);
      await eventually(async () => {
        const [job] = await sql(
          `select state from platform_jobs.job where name = 'confirmation-pushes' and data->>'id' = $1`,
          [started.confirmationId],
        );
        return job?.state === 'completed';
      });
      return started;
    };
    /** Each resource's kit: what its one statement must not read. The caller is always named. */
    const kitOf = (wholeRow: RegExp, statement?: (statement: string, path: string) => void) =>
      conditionalGets({
        counted: () => counted,
        api: () => counted.api,
        token: () => {
          throw new Error('name the caller');
        },
        wholeRow,
        statement,
      });

    it("sessions: follows each sign-in, renewal, end and expiry, the device's name, and whose session is current", async () => {
      const { get, expectCheap304, expectChanged } = kitOf(
        /select \*|\.\*|user_agent|ip_address|client_family|refresh_token|"method"/,
      );
      const path = '/api/v1/auth/sessions';
      const user = await kit.newUser();
      let tag = await expectCheap304(path, user.token);
      // The 304 is not stored either, as its 200 is not.
      const cheap = await get(path, { 'if-none-match': tag }, user.token);
      expect(cheap.status).toBe(304);
      expect(cheap.headers.get('cache-control')).toBe('no-store');

      const second = await loginAs(counted.api, user.email, user.password);
      tag = await expectChanged(path, tag, user.token);
      // The same list seen from the other session marks another one current: a tag of its own.
      const secondTag = await expectCheap304(path, second.accessToken);
      expect(secondTag).not.toBe(tag);

      // A renewal: its latest use (and address).
      await pause(5);
      const renewed = await counted.api.post('/api/v1/auth/refresh', { refreshToken: second.refreshToken });
      expect(renewed.status).toBe(200);
      tag = await expectChanged(path, tag, user.token);

      // A biometric sign-in on a device shows the device's name, and a new name shows.
      const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
      const phone = await kit.mobileLogin(device.fingerprint, device.keys);
      tag = await expectChanged(path, tag, user.token);
      await sql(`update auth.device set device_name = 'Renamed phone' where id = $1`, [device.deviceId]);
      tag = await expectChanged(path, tag, user.token);

      // Someone else's sign-in is not in this list.
      const stranger = await kit.newUser();
      await loginAs(counted.api, stranger.email, stranger.password);
      expect((await get(path, { 'if-none-match': tag }, user.token)).status).toBe(304);

      // Past its absolute expiry a session leaves the list by the clock, nothing written.
      await sql(`update auth.token_family set absolute_expires_at = now() - interval '1 second' where id = $1`, [
        sessionOf(second.accessToken),
      ]);
      tag = await expectChanged(path, tag, user.token);
      // Ended.
      const ended = await counted.api.delete(`${path}/${sessionOf(phone.accessToken)}`, { token: user.token });
      expect(ended.status).toBe(200);
      await expectChanged(path, tag, user.token);
      await expectCheap304(path, stranger.token);
    });

    it('devices: follows each registration, use, push token and removal, and audits each 304 as a list', async () => {
      const countLists = async (userId: number) =>
        (
          await sql(`select count(*)::int as n from auth.audit_entry where user_id = $1 and action = 'device_list'`, [
            userId,
          ])
        )[0]!.n as number;
      const { get, expectCheap304, expectChanged } = kitOf(
        /select \*|\.\*|public_key|fcm_token|device_name|device_fingerprint|key_id|key_algorithm/,
        (statement, path) => expect(statement, path).toMatch(/insert into "auth"\."audit_entry"/),
      );
      const path = '/api/v1/auth/devices';
      const user = await kit.newUser();
      let tag = await expectCheap304(path, user.token);
      const first = await kit.registerDevice(user.token, makeKeyPair('ES256'));
      tag = await expectChanged(path, tag, user.token);
      const second = await kit.registerDevice(user.token, makeKeyPair('RS256'), undefined, 'tablet');
      tag = await expectChanged(path, tag, user.token);

      // A biometric sign-in uses the device (lastUsedAt, updatedAt).
      await kit.mobileLogin(first.fingerprint, first.keys);
      tag = await expectChanged(path, tag, user.token);
      // A push token is not shown, but its write is the device's update (updatedAt).
      await pause(5);
      const pushToken = await counted.api.put(
        `${path}/fcm-token`,
        { deviceId: second.deviceId, fcmToken: 'push-token-1' },
        { token: user.token },
      );
      expect(pushToken.status).toBe(200);
      tag = await expectChanged(path, tag, user.token);
      // A latest use written without updatedAt still shows.
      await sql(`update auth.device set last_used_at = now() where id = $1`, [second.deviceId]);
      tag = await expectChanged(path, tag, user.token);

      // Someone else's device is not in this list.
      const stranger = await kit.newUser();
      await kit.registerDevice(stranger.token, makeKeyPair('ES256'));
      const listed = await countLists(user.id);
      expect((await get(path, { 'if-none-match': tag }, user.token)).status).toBe(304);
      expect(await countLists(user.id)).toBe(listed + 1);

      const removed = await counted.api.delete(`${path}/${first.deviceId}`, { token: user.token });
      expect(removed.status).toBe(200);
      await expectChanged(path, tag, user.token);
      await expectCheap304(path, stranger.token);
    });

    it("a confirmation's status: follows approval, rejection and expiry by the clock", async () => {
      const { get, expectCheap304, expectChanged } = kitOf(
        /select \*|\.\*|action_payload|"challenge"|token_encrypted|number_choices|request_ip|request_user_agent/,
      );
      const { user, deviceId, keys } = await kit.userWithDevice();
      const statusOf = (id: string) => confirmationPath(id, 'status');

      const approved = await initiated(user.token);
      let tag = await expectCheap304(statusOf(approved.confirmationId), user.token);
      // Another confirmation of the same user is another record.
      const rejected = await initiated(user.token);
      expect((await get(statusOf(approved.confirmationId), { 'if-none-match': tag }, user.token)).status).toBe(304);
      const verified = await kit.verify(user.token, approved.confirmationId, {
        deviceId,
        signedChallenge: keys.sign(approved.challenge),
      });
      expect(verified.status).toBe(200);
      tag = await expectChanged(statusOf(approved.confirmationId), tag, user.token);

      const rejectedTag = await expectCheap304(statusOf(rejected.confirmationId), user.token);
      expect((await kit.reject(user.token, rejected.confirmationId)).status).toBe(200);
      await expectChanged(statusOf(rejected.confirmationId), rejectedTag, user.token);

      // Past its window a pending one reads expired before any sweep writes it: nothing but the clock changed.
      const expiring = await initiated(user.token);
      const expiringTag = await expectCheap304(statusOf(expiring.confirmationId), user.token);
      await sql(`update auth.confirmation set expires_at = now() - interval '1 second' where id = $1`, [
        expiring.confirmationId,
      ]);
      const [stored] = await sql(`select status from auth.confirmation where id = $1`, [expiring.confirmationId]);
      expect(stored!.status).toBe('pending');
      await expectChanged(statusOf(expiring.confirmationId), expiringTag, user.token);
      expect((await get(statusOf(expiring.confirmationId), {}, user.token)).body.data.status).toBe('expired');
    });

    it("refuses as the reads do, whatever the tag: 401 without a user, 404 for another's or an unknown confirmation", async () => {
      const { get, expectCheap304 } = kitOf(/select \*|\.\*/);
      const { user } = await kit.userWithDevice();
      const stranger = await kit.newUser();
      const { confirmationId } = await initiated(user.token);
      const status = confirmationPath(confirmationId, 'status');
      for (const path of ['/api/v1/auth/sessions', '/api/v1/auth/devices', status]) {
        const tag = await expectCheap304(path, user.token);
        for (const sent of [tag, '*']) {
          expect((await counted.api.get(path, { headers: { 'if-none-match': sent } })).status, path).toBe(401);
          if (path !== status) continue;
          const foreign = await get(path, { 'if-none-match': sent }, stranger.token);
          expect(foreign.status).toBe(404);
          expect(foreign.body).toEqual({ message: 'Confirmation not found', statusCode: 404 });
          const unknown = await get(confirmationPath('conf_unknown', 'status'), { 'if-none-match': sent }, user.token);
          expect(unknown.status).toBe(404);
        }
      }
    });

    it('charges the same limits as the reads: a run of 304s ends in 429', async () => {
      const { get } = kitOf(/select \*|\.\*/);
      const limited = async (path: string, token: string, capacity: number) => {
        const full = await get(path, {}, token);
        expect(full.status, path).toBe(200);
        const statuses: number[] = [];
        const attempt = await firstRateLimitedAttempt(async () => {
          const answer = await get(path, { 'if-none-match': full.headers.get('etag')! }, token);
          statuses.push(answer.status);
          if (answer.status === 429) expect(answer.body).toEqual({ message: 'Rate limit exceeded', statusCode: 429 });
          return answer;
        }, capacity + 30);
        // The burst, less what the full read and the caller's earlier requests took, plus what refilled meanwhile.
        expect(attempt, path).toBeGreaterThan(capacity / 2);
        expect(new Set(statuses.slice(0, -1)), path).toEqual(new Set([304]));
      };
      const sessionsUser = await kit.newUser();
      await limited('/api/v1/auth/sessions', sessionsUser.token, 60);
      const devicesUser = await kit.newUser();
      await limited('/api/v1/auth/devices', devicesUser.token, 60);
      const { user } = await kit.userWithDevice();
      const { confirmationId } = await kit.initiate(user.token);
      await limited(confirmationPath(confirmationId, 'status'), user.token, 50);
    });
  },
);
