import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDatabase } from '../../../../test/database.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { actorsOf, completedJob, inboxHolding, type Actors } from '../../../../test/notifications-kit.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { pause } from '../../../../test/waiting.js';

const processJob = `mutation ($input: NotificationJobInput!) {
  processNotificationJob(input: $input) { jobId processedRecipients }
}`;

describe.skipIf(servicesMissing)("a job's recipients: one entry per user, a bounded number (issue 31, item 11)", () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let ann: TestUser;
  let ben: TestUser;
  const service = () => ({ token: actors.serviceToken });

  const sql = <T>(text: string, values: unknown[] = []) =>
    onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);
  const jobCount = async () =>
    Number((await sql<{ n: string }>('select count(*) as n from notifications.notification_job'))[0]!.n);

  beforeAll(async () => {
    server = await startIsolatedServer();
    actors = await actorsOf(server.url);
    ann = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ann' });
    ben = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ben' });
  });
  afterAll(async () => server?.close());

  it('three copies of one recipient put one item in that inbox (REST), two copies one more (graph)', async () => {
    const copies = [
      { userId: ann.id },
      { userId: ann.id, channels: ['in_app'] },
      { userId: ann.id, context: { a: 1 } },
    ];
    const job = await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Task T-1 was assigned to you', recipients: [...copies, { userId: ben.id }] },
      service(),
    );
    expect(job.status).toBe(200);
    expect(job.body.processedRecipients).toBe(2);
    expect(await completedJob(actors, job.body.jobId, 'status recipients deliveredRecipients')).toMatchObject({
      recipients: 2,
      deliveredRecipients: 2,
    });

    const viaGraph = await actors.api.graphql(
      processJob,
      { input: { message: 'Second', recipients: [{ userId: ann.id }, { userId: ann.id }] } },
      service(),
    );
    expect(viaGraph.body.data.processNotificationJob.processedRecipients).toBe(1);
    await completedJob(actors, viaGraph.body.data.processNotificationJob.jobId, 'status');
    // Past both jobs' completion, and a moment more: a duplicate would have arrived with its original.
    await pause(300);
    const inbox = await inboxHolding(actors.api, ann.token, 2);
    expect(inbox.items.map((item: { message: string }) => item.message).sort()).toEqual([
      'Second',
      'Task T-1 was assigned to you',
    ]);
    expect((await inboxHolding(actors.api, ben.token, 1)).totalItems).toBe(1);
  });

  it("merges the copies' channels, keeping the first e-mail address and context given", async () => {
    const job = await actors.api.post(
      '/internal/notifications/jobs',
      {
        message: 'Merged',
        scheduleAt: new Date(Date.now() + 3_600_000).toISOString(),
        recipients: [
          { userId: ben.id, channels: ['push'] },
          { userId: ben.id, email: ben.email, context: { first: true } },
          { userId: ben.id, email: 'other@example.test', channels: ['email'], context: { first: false } },
        ],
      },
      service(),
    );
    expect(job.status).toBe(200);
    const rows = await sql<{ channels: string[]; email: string; context: unknown }>(
      'select channels, email, context from notifications.notification_delivery where job_id = $1',
      [job.body.jobId],
    );
    expect(rows).toEqual([{ channels: ['push', 'in_app', 'email'], email: ben.email, context: { first: true } }]);
  });

  it('accepts 10000 entries and refuses 10001 naming recipients (400, BAD_USER_INPUT), writing nothing', async () => {
    const entries = (count: number) => Array.from({ length: count }, (_, index) => ({ userId: 1_000 + index }));
    const atLimit = await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Many', scheduleAt: new Date(Date.now() + 3_600_000).toISOString(), recipients: entries(10_000) },
      service(),
    );
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.processedRecipients).toBe(10_000);

    const before = await jobCount();
    const overLimit = await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Too many', recipients: entries(10_001) },
      service(),
    );
    expect(overLimit.status).toBe(400);
    expect(overLimit.body.message).toBe('recipients: must contain at most 10000 recipients');
    // The bound is on the request as sent: copies of one user count too.
    const copies = Array.from({ length: 10_001 }, () => ({ userId: ann.id }));
    const copiesRefused = await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Copies', recipients: copies },
      service(),
    );
    expect(copiesRefused.status).toBe(400);
    expect(copiesRefused.body.message).toMatch(/^recipients: /);
    const graphRefused = await actors.api.graphql(
      processJob,
      { input: { message: 'Too many', recipients: entries(10_001) } },
      service(),
    );
    const [graphError] = graphRefused.body.errors ?? [];
    expect(graphError?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(graphError?.message).toMatch(/^recipients: /);
    expect(await jobCount()).toBe(before);
  });
});
