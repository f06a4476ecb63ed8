import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { onDatabase } from '../../../../test/database.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../../test/harness.js';
import { actorsOf, inboxHolding, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { pause } from '../../../../test/waiting.js';

describe.skipIf(servicesMissing)('Idempotency-Key on the internal create operations (issue 30, item 7)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: TestServer;
  let second: TestServer;
  let actors: Actors;
  let ann: TestUser;
  let otherProducer: string;

  const sql = <T>(text: string, values: unknown[] = []) =>
    onDatabase(database.url, async (client) => (await client.query(text, values)).rows as T[]);
  const countOf = async (table: string) =>
    Number((await sql<{ n: string }>(`select count(*) as n from notifications.${table}`))[0]!.n);
  const as = (key: string, token = actors.serviceToken) => ({ token, headers: { 'idempotency-key': key } });

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    first = await startTestServer(shared);
    second = await startTestServer(shared);
    actors = await actorsOf(first.url);
    ann = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ann' });
    const issued = await actors.api.graphql(
      'mutation { issueServiceToken(serviceName: "other-producer", ttlDays: 1) }',
      {},
      { token: actors.adminToken },
    );
    otherProducer = issued.body.data.issueServiceToken;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('the same key sent 10 times at once, to two instances, creates one job; every answer is it or 409', async () => {
    const body = { message: 'Deploy finished', recipients: [{ userId: ann.id }] };
    const clients = [clientFromNewIp(first.url), clientFromNewIp(second.url)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        clients[index % 2]!.post('/internal/notifications/jobs', body, as('deploy-42')),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(accepted.length + busy.length).toBe(10);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.body).toEqual({
        message: 'A request with this Idempotency-Key is still in progress',
        statusCode: 409,
      });
    }
    const [{ body: receipt }] = accepted as [(typeof accepted)[number]];
    for (const answer of accepted) expect(answer.body).toEqual(receipt);
    expect(await countOf('notification_job')).toBe(1);
    const retried = await clients[1]!.post('/internal/notifications/jobs', body, as('deploy-42'));
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(receipt);
    expect((await inboxHolding(actors.api, ann.token, 1)).items[0].message).toBe('Deploy finished');
    await pause(500);
    expect(await countOf('notification_job')).toBe(1);
    expect((await inboxHolding(actors.api, ann.token, 1)).totalItems).toBe(1);
  });

  it('answers 422 for the key with another body or on another operation, and creates nothing', async () => {
    const jobs = await countOf('notification_job');
    const rows = await countOf('notification');
    const other = await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Deploy failed', recipients: [{ userId: ann.id }] },
      as('deploy-42'),
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'Idempotency-Key was already used with another request', statusCode: 422 });
    const elsewhere = await actors.api.post(
      '/internal/notifications',
      { userId: ann.id, message: 'Deploy finished' },
      as('deploy-42'),
    );
    expect(elsewhere.status).toBe(422);
    expect(await countOf('notification_job')).toBe(jobs);
    expect(await countOf('notification')).toBe(rows);
  });

  it('the same body in another field order is the same request; another producer has keys of its own', async () => {
    const body = { userId: ann.id, message: 'Invoice paid', targetText: 'Open' };
    const once = await actors.api.post('/internal/notifications', body, as('invoice-7'));
    expect(once.status).toBe(201);
    const reordered = await actors.api.post(
      '/internal/notifications',
      { targetText: 'Open', message: 'Invoice paid', userId: ann.id },
      as('invoice-7'),
    );
    expect(reordered.status).toBe(201);
    expect(reordered.body).toEqual(once.body);
    const theirs = await actors.api.post('/internal/notifications', body, as('invoice-7', otherProducer));
    expect(theirs.status).toBe(201);
    expect(await sql(`select 1 from notifications.notification where message = 'Invoice paid'`)).toHaveLength(2);
  });

  it('bulk: 10 at once with one key insert the rows once; the answer is replayed', async () => {
    const bodies = [
      { userId: ann.id, message: 'Bulk one' },
      { userId: ann.id, message: 'Bulk two' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? clientFromNewIp(second.url) : actors.api).post(
          '/internal/notifications/bulk',
          bodies,
          as('bulk-1'),
        ),
      ),
    );
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const again = await actors.api.post('/internal/notifications/bulk', bodies, as('bulk-1'));
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: '2 notifications created successfully' });
    expect(await sql(`select 1 from notifications.notification where message like 'Bulk %'`)).toHaveLength(2);
  });

  it('answers 409 while the first request runs, and forgets a key after 24 hours', async () => {
    const body = { userId: ann.id, message: 'Lease' };
    expect((await actors.api.post('/internal/notifications', body, as('lease-1'))).status).toBe(201);
    await sql(
      `update notifications.idempotency_key set state = 'in_progress', answer = null,
         lease_until = now() + interval '1 minute' where key = 'lease-1'`,
    );
    const busy = await actors.api.post('/internal/notifications', body, as('lease-1'));
    expect(busy.status).toBe(409);
    await sql(
      `update notifications.idempotency_key set created_at = now() - interval '25 hours' where key = 'lease-1'`,
    );
    expect((await actors.api.post('/internal/notifications', body, as('lease-1'))).status).toBe(201);
    expect(await sql(`select 1 from notifications.notification where message = 'Lease'`)).toHaveLength(2);
  });

  it('a refused request leaves its key free; a malformed key is 400 naming the header, nothing written', async () => {
    const refused = await actors.api.post('/internal/notifications', { userId: ann.id }, as('retry-after-fix'));
    expect(refused.status).toBe(400);
    const fixed = await actors.api.post(
      '/internal/notifications',
      { userId: ann.id, message: 'Fixed' },
      as('retry-after-fix'),
    );
    expect(fixed.status).toBe(201);
    const rows = await countOf('notification');
    const malformed = await actors.api.post(
      '/internal/notifications',
      { userId: ann.id, message: 'Bad key' },
      as('x'.repeat(256)),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Idempotency-Key: must be 1 to 255 printable ASCII characters');
    expect(await countOf('notification')).toBe(rows);
  });

  it('without a key nothing changes: two identical requests create two notifications', async () => {
    const body = { userId: ann.id, message: 'No key' };
    await actors.api.post('/internal/notifications', body, { token: actors.serviceToken });
    await actors.api.post('/internal/notifications', body, { token: actors.serviceToken });
    expect(await sql(`select 1 from notifications.notification where message = 'No key'`)).toHaveLength(2);
  });
});
