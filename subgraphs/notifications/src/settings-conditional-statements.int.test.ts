import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../test/conditional-kit.js';
import { startCountedServer } from '../../../test/counted-server.js';
import { onDatabase } from '../../../test/database.js';
import { actorsOf, type Actors } from '../../../test/notifications-kit.js';
import { servicesMissing } from '../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';

/**
 * Issue 28, item 3: a 304 of the push devices or of the preferences costs one cheap statement. A device's names and
 * tokens change with its `updated_at`, but a token the push provider refused is marked without it, so the devices'
 * tag names that state too; a preference shows no time at all, so its tag names its value.
 */
describe.skipIf(servicesMissing)('conditional GETs of push devices and preferences cost one cheap statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let actors: Actors;
  let ivy: TestUser;
  let joe: TestUser;

  beforeAll(async () => {
    counted = await startCountedServer();
    actors = await actorsOf(counted.server.url);
    ivy = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ivy' });
    joe = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'joe' });
  });
  afterAll(async () => counted?.close());

  const send = async (method: 'post' | 'put', path: string, body: unknown, token = ivy.token) => {
    const answer = await actors.api[method](path, body, { token });
    expect(answer.status, path).toBeLessThan(300);
  };
  const sql = (text: string, values: unknown[]) =>
    onDatabase(counted.databaseUrl, async (client) => (await client.query(text, values)).rowCount);
  const kitOf = (wholeRow: RegExp) =>
    conditionalGets({ counted: () => counted, api: () => actors.api, token: () => ivy.token, wholeRow });

  it('devices: follows every registration, update and token refused, not what the list does not show', async () => {
    // Never a device's names or tokens: the version is its key, time and token state.
    const { get, expectCheap304, expectChanged } = kitOf(
      /select \*|\.\*|device_name|device_type|fcm_token|provider_player_id/,
    );
    const path = '/api/v1/notifications/devices';
    let tag = await expectCheap304(path);
    await send('post', path, { device_id: 'ivy-phone', device_name: 'Phone', fcm_token: 'token-1' });
    tag = await expectChanged(path, tag);
    await send('post', path, { device_id: 'ivy-tablet', device_type: 'tablet' });
    tag = await expectChanged(path, tag);

    // Someone else's device is not in this list.
    await send('post', path, { device_id: 'joe-phone', fcm_token: 'token-joe' }, joe.token);
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);

    // A rename, a new token, and a registration of a known device_id (an update).
    const patched = await actors.api.patch(`${path}/ivy-phone`, { device_name: 'Old phone' }, { token: ivy.token });
    expect(patched.status).toBe(200);
    tag = await expectChanged(path, tag);
    await send('post', path, { device_id: 'ivy-tablet', fcm_token: 'token-2' });
    tag = await expectChanged(path, tag);

    // The push provider refused a token: marked as the worker marks it, without updated_at.
    const marked = await sql(
      `update notifications.device set token_invalid = true, invalid_since = now()
        where user_id = $1 and device_id = 'ivy-phone'`,
      [ivy.id],
    );
    expect(marked).toBe(1);
    const refused = (await get(path)).body as { device_id: string; token_invalid: boolean }[];
    expect(refused.find((device) => device.device_id === 'ivy-phone')!.token_invalid).toBe(true);
    tag = await expectChanged(path, tag);
    // A new token is presumed valid again.
    await send('post', path, { device_id: 'ivy-phone', fcm_token: 'token-3' });
    await expectChanged(path, tag);

    await expectCheap304(path, joe.token);
  });

  it('preferences: follows each preference set or changed; the same value again keeps the tag', async () => {
    // Never the update times, which the answer does not show.
    const { get, expectCheap304, expectChanged } = kitOf(/select \*|\.\*|updated_at/);
    const path = '/api/v1/notifications/preferences';
    let tag = await expectCheap304(path);
    await send('put', path, { channel: 'email', triggerEvent: 'report_ready', enabled: false });
    tag = await expectChanged(path, tag);
    // Set again to the same value: nothing the answer shows changed.
    await send('put', path, { channel: 'email', triggerEvent: 'report_ready', enabled: false });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);
    await send('put', path, { channel: 'email', triggerEvent: 'report_ready', enabled: true });
    tag = await expectChanged(path, tag);
    await send('put', path, { channel: 'push', triggerEvent: '*', enabled: false });
    tag = await expectChanged(path, tag);
    await send('put', path, { channel: 'email', triggerEvent: 'account_locked', enabled: true });
    tag = await expectChanged(path, tag);

    await send('put', path, { channel: 'web_push', triggerEvent: '*', enabled: false }, joe.token);
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);
    await expectCheap304(path, joe.token);
  });

  it('answers 401 without a signed-in user, whatever the tag', async () => {
    const { expectCheap304 } = kitOf(/select \*|\.\*/);
    for (const path of ['/api/v1/notifications/devices', '/api/v1/notifications/preferences']) {
      const tag = await expectCheap304(path);
      for (const sent of [tag, '*']) {
        const refused = await actors.api.get(path, { headers: { 'if-none-match': sent } });
        expect(refused.status, path).toBe(401);
      }
    }
  });
});
