import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from '../../../../test/client-address.js';
import { clientWith, loginAs, type HttpClient } from '../../../../test/client.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { createUser } from '../../../../test/users.js';

const refreshPath = '/api/v1/auth/refresh';
const graceSeconds = 2;
const reuse = { message: 'Refresh token reuse detected', statusCode: 401 };

/** REFRESH_REUSE_GRACE_SECONDS (issue 27, item 4): retries by the same client within the window. */
describe.skipIf(servicesMissing)('refresh retries within the grace window', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let graceful: TestServer;
  let strict: TestServer;
  let adminToken: string;

  /** A browser: one address and one user agent on every request. */
  const browser = (server: TestServer, userAgent = 'Browser/1.0 (tab test)'): HttpClient =>
    clientWith(server.url, { 'x-forwarded-for': uniqueIp(), 'user-agent': userAgent });

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    graceful = await startTestServer(shared, { REFRESH_REUSE_GRACE_SECONDS: String(graceSeconds) });
    strict = await startTestServer(shared);
    adminToken = (await loginAs(browser(graceful), adminCredentials.email, adminCredentials.password)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await graceful?.close();
    await strict?.close();
    await database?.drop();
  });

  async function signedIn(client: HttpClient) {
    const { email, password } = await createUser(client, adminToken);
    return loginAs(client, email, password);
  }

  it('two tabs refreshing at once inside the window both get the same successor pair, which keeps working', async () => {
    const tab = browser(graceful);
    const tokens = await signedIn(tab);
    const [one, two] = await Promise.all([
      tab.post(refreshPath, { refreshToken: tokens.refreshToken }),
      tab.post(refreshPath, { refreshToken: tokens.refreshToken }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.body.data).toEqual(one.body.data);
    const next = await tab.post(refreshPath, { refreshToken: one.body.data.refreshToken });
    expect(next.status).toBe(200);
  });

  it('two concurrent refreshes without a window (the default): one wins, the other revokes the family', async () => {
    const tab = browser(strict);
    const tokens = await signedIn(tab);
    const answers = await Promise.all([
      tab.post(refreshPath, { refreshToken: tokens.refreshToken }),
      tab.post(refreshPath, { refreshToken: tokens.refreshToken }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(answers.find((answer) => answer.status === 401)!.body).toEqual(reuse);
    const successor = await tab.post(refreshPath, { refreshToken: winner.body.data.refreshToken });
    expect(successor.status).toBe(401);
  });

  it('after the window the same token is reuse: the family is revoked', async () => {
    const tab = browser(graceful);
    const tokens = await signedIn(tab);
    const rotated = await tab.post(refreshPath, { refreshToken: tokens.refreshToken });
    expect(rotated.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, graceSeconds * 1000 + 300));
    const late = await tab.post(refreshPath, { refreshToken: tokens.refreshToken });
    expect(late.body).toEqual(reuse);
    const successor = await tab.post(refreshPath, { refreshToken: rotated.body.data.refreshToken });
    expect(successor.status).toBe(401);
  });

  it('inside the window from another binding (another client) the same token is reuse: the family is revoked', async () => {
    const tab = browser(graceful);
    const tokens = await signedIn(tab);
    const [mine, theirs] = await Promise.all([
      tab.post(refreshPath, { refreshToken: tokens.refreshToken }),
      browser(graceful, 'Other/2.0 (copied token)').post(refreshPath, { refreshToken: tokens.refreshToken }),
    ]);
    const answers = [mine, theirs];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const successor = await tab.post(refreshPath, { refreshToken: winner.body.data.refreshToken });
    expect(successor.status).toBe(401);
  });
});
