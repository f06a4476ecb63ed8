import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDatabase } from '../../../../test/database.js';
import {
  createTestDatabase,
  newSharedResources,
  startIsolatedServer,
  startTestServer,
} from '../../../../test/harness.js';
import { startStandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import { createNotificationsSubgraph } from '../app.js';
import { actorsOf, completedJob, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import {
  browserKeys,
  pushServiceStandIn,
  vapidKeys,
  type TestBrowserKeys,
} from '../../../../test/web-push-stand-in.js';

const subscribe = `mutation ($input: WebPushSubscriptionInput!) { subscribeWebPush(input: $input) { endpoint createdAt } }`;
const settings = `{ myWebPush { publicKey subscriptions { endpoint } } }`;

interface Layout {
  url: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/** Both layouts (README): one process, and the notifications subgraph (with its worker) apart from the edge. */
const layouts: [string, (env: Record<string, string>) => Promise<Layout>][] = [
  [
    'one process',
    async (env) => {
      const server = await startIsolatedServer(env);
      return { url: server.url, databaseUrl: server.shared.databaseUrl, close: server.close };
    },
  ],
  [
    'the notifications subgraph apart',
    async (env) => {
      const database = await createTestDatabase();
      const shared = newSharedResources(database.url);
      const subgraph = await startStandaloneSubgraph('notifications', shared, createNotificationsSubgraph, env);
      const edge = await startTestServer(shared, { SUBGRAPH_NOTIFICATIONS_URL: subgraph.url });
      return {
        url: edge.url,
        databaseUrl: database.url,
        close: async () => {
          await edge.close();
          await subgraph.close();
          await database.drop();
        },
      };
    },
  ],
];

describe.skipIf(servicesMissing).each(layouts)(
  'Web Push as a channel, through a local push service (issue 30, item 5): %s',
  (_name, startLayout) => {
    let server: Layout;
    let pushService: ReturnType<typeof pushServiceStandIn>;
    let actors: Actors;
    let kim: TestUser;
    let lou: TestUser;
    const vapid = vapidKeys();
    const laptop = browserKeys('https://push.example.test/laptop-1');
    const expired = browserKeys('https://push.example.test/gone-1');
    const graph = async (user: TestUser, query: string, variables: Record<string, unknown> = {}) =>
      (await actors.api.graphql(query, variables, { token: user.token })).body;
    const register = (user: TestUser, browser: TestBrowserKeys) =>
      graph(user, subscribe, { input: { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth } });
    const sendJob = async (userId: number, message: string) => {
      const answer = await actors.api.post(
        '/internal/notifications/jobs',
        { title: 'Heads up', message, targetLink: '/console#inbox', recipients: [{ userId, channels: ['web_push'] }] },
        { token: actors.serviceToken },
      );
      expect(answer.status).toBe(200);
      return answer.body.jobId as string;
    };

    beforeAll(async () => {
      pushService = pushServiceStandIn();
      server = await startLayout({
        WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
        WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
        WEB_PUSH_SUBJECT: 'mailto:ops@example.test',
        NOTIFICATION_RETRY_DELAY_SECONDS: '1',
      });
      actors = await actorsOf(server.url);
      kim = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'kim' });
      lou = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'lou' });
    });
    afterAll(async () => {
      pushService?.close();
      await server?.close();
    });

    it('gives the VAPID public key and registers browsers, one row per endpoint', async () => {
      expect((await graph(kim, settings)).data.myWebPush).toEqual({ publicKey: vapid.publicKey, subscriptions: [] });
      expect((await register(kim, laptop)).data.subscribeWebPush.endpoint).toBe(laptop.endpoint);
      expect((await register(kim, laptop)).errors).toBeUndefined();
      expect((await register(kim, expired)).errors).toBeUndefined();
      const listed = (await graph(kim, settings)).data.myWebPush.subscriptions.map(
        (row: { endpoint: string }) => row.endpoint,
      );
      expect(listed.sort()).toEqual([expired.endpoint, laptop.endpoint].sort());
      expect((await graph(lou, settings)).data.myWebPush.subscriptions).toEqual([]);
    });

    it('refuses a subscription that is not one, naming the field, and writes nothing', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ endpoint: 'http://push.example.test/x' }, 'endpoint: must be an https URL'],
        [{ p256dh: Buffer.alloc(33).toString('base64url') }, 'p256dh: must be 65 bytes, base64url'],
        [{ auth: 'not base64url!' }, 'auth: must be 16 bytes, base64url'],
      ];
      for (const [change, message] of cases) {
        const browser = browserKeys('https://push.example.test/refused');
        const input = { endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, ...change };
        const refused = await graph(lou, subscribe, { input });
        expect(refused.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
      expect((await graph(lou, settings)).data.myWebPush.subscriptions).toEqual([]);
    });

    it('delivers through web-push, signed with VAPID and encrypted for the browser; a gone subscription is removed', async () => {
      const jobId = await sendJob(kim.id, 'Your export is ready');
      const job = await completedJob(actors, jobId, 'status attempts deliveredRecipients recipients');
      expect(job).toMatchObject({ status: 'completed', attempts: 1, deliveredRecipients: 1, recipients: 1 });

      const toLaptop = pushService.received.filter((push) => push.path === '/laptop-1');
      expect(toLaptop).toHaveLength(1);
      const [push] = toLaptop;
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(push!.headers.ttl).toBe('86400');
      expect(push!.vapidKey).toBe(vapid.publicKey);
      expect(push!.claims).toMatchObject({ aud: 'https://push.example.test', sub: 'mailto:ops@example.test' });
      expect(JSON.parse(laptop.decrypt(push!.body))).toEqual({
        title: 'Heads up',
        body: 'Your export is ready',
        targetLink: '/console#inbox',
        triggerEvent: null,
        jobId,
      });
      expect(pushService.received.filter((received) => received.path === '/gone-1')).toHaveLength(1);
      const left = (await graph(kim, settings)).data.myWebPush.subscriptions.map(
        (row: { endpoint: string }) => row.endpoint,
      );
      expect(left).toEqual([laptop.endpoint]);
    });

    it("retries a push service's failure as the other channels do, and skips a muted web_push", async () => {
      const flaky = browserKeys('https://push.example.test/flaky-1');
      expect((await register(lou, flaky)).errors).toBeUndefined();
      const jobId = await sendJob(lou.id, 'Second try');
      const job = await completedJob(actors, jobId, 'status attempts deliveredRecipients', 20_000);
      expect(job).toMatchObject({ status: 'completed', attempts: 2, deliveredRecipients: 1 });
      expect(pushService.received.filter((push) => push.path === '/flaky-1')).toHaveLength(2);

      const muted = await actors.api.put(
        '/api/v1/notifications/preferences',
        { channel: 'web_push', triggerEvent: '*', enabled: false },
        { token: lou.token },
      );
      expect(muted.status).toBe(200);
      const before = pushService.received.length;
      const skippedJob = await completedJob(actors, await sendJob(lou.id, 'Muted'), 'status skippedChannels');
      expect(skippedJob).toMatchObject({ status: 'completed', skippedChannels: 1 });
      expect(pushService.received.length).toBe(before);
    });

    it('keeps a subscription the push service answers 500 for, and never writes its endpoint in the job error', async () => {
      const down = browserKeys('https://push.example.test/down-1');
      const ned = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ned' });
      expect((await register(ned, down)).errors).toBeUndefined();
      await sendJob(ned.id, 'Never arrives');
      const rows = await onDatabase(server.databaseUrl, async (sql) => {
        for (let waited = 0; waited < 15_000; waited += 250) {
          const { rows: jobs } = await sql.query(
            `select j.last_error from notifications.notification_job j
             join notifications.notification_delivery d on d.job_id = j.id
            where d.user_id = $1 and j.last_error is not null`,
            [ned.id],
          );
          if (jobs.length > 0) return jobs as { last_error: string }[];
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        return [];
      });
      expect(rows[0]?.last_error).toContain('the Web Push service answered 500');
      expect(rows[0]?.last_error).not.toContain('down-1');
      expect((await graph(ned, settings)).data.myWebPush.subscriptions).toHaveLength(1);
    });
  },
);
