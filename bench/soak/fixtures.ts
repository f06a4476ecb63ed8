import { randomUUID } from 'node:crypto';
import { httpClient } from '../../test/client.js';
import { makeKeyPair, newFingerprint, type DeviceKeyPair } from '../../test/device-kit.js';
import { createTask, taskBody } from '../../test/tasks-kit.js';
import { createUser } from '../../test/users.js';
import { call, graph, must } from './http.js';

export interface Writer {
  token: string;
}

export interface Phone {
  fingerprint: string;
  keys: DeviceKeyPair;
}

export interface Subscriber {
  id: number;
  email: string;
  token: string;
}

export interface Fixtures {
  adminToken: string;
  serviceToken: string;
  writers: Writer[];
  projectCode: string;
  taskCodes: string[];
  phones: Phone[];
  subscribers: Subscriber[];
}

const tasks = 20;
const writerPermissions = ['projects:read', 'projects:write', 'tasks:read', 'tasks:write', 'comments:write'];

async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => make(start + offset));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  return (await must(call(base, '/api/v1/auth/login', { body: { email, password } }), `login ${email}`)).data
    .accessToken;
}

/** The people of the three populations, made through the public API as an administrator would. */
export async function makeFixtures(
  base: string,
  admin: { email: string; password: string },
  population: { writers: number; phones: number; subscribers: number },
): Promise<Fixtures> {
  const api = httpClient(base);
  const adminToken = await signIn(base, admin.email, admin.password);
  const serviceToken = (
    await must(graph(base, 'mutation { issueServiceToken(serviceName: "soak", ttlDays: 1) }', {}, adminToken), 'token')
  ).data.issueServiceToken as string;

  const writerAccounts = await inBatches(population.writers, 4, () =>
    createUser(api, adminToken, { permissions: writerPermissions, withEmployee: true, emailPrefix: 'soak-writer' }),
  );
  const writers = await Promise.all(
    writerAccounts.map(async (made) => ({ token: await signIn(base, made.email, made.password) })),
  );
  const [first] = writerAccounts;
  const customer = await must(
    graph(
      base,
      'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }',
      {
        input: { name: `Soak customer ${randomUUID().slice(0, 8)}` },
      },
      adminToken,
    ),
    'customer',
  );
  const project = await must(
    call(base, '/api/v1/projects', {
      body: { name: 'Soak', customerId: customer.data.createCustomer.id, contractValue: 1, replyDate: '2026-12-15' },
      token: writers[0]!.token,
    }),
    'project',
  );
  const projectCode = project.uniqueCode as string;
  const taskCodes: string[] = [];
  for (let index = 0; index < tasks; index += 1) {
    const body = taskBody(projectCode, first!.department!.id, { name: `Soak task ${index}` });
    taskCodes.push((await createTask(api, writers[0]!.token, body)).unique_code);
  }

  const owner = await createUser(api, adminToken, { emailPrefix: 'soak-phone' });
  const ownerToken = await signIn(base, owner.email, owner.password);
  const phones = await inBatches(population.phones, 1, async () => {
    const keys = makeKeyPair('ES256');
    const fingerprint = newFingerprint();
    const challenge = await must(
      call(base, '/api/v1/auth/devices/register/challenge', {
        body: {
          deviceName: 'Soak phone',
          deviceType: 'mobile',
          deviceFingerprint: fingerprint,
          publicKey: keys.publicKey,
          keyAlgorithm: 'ES256',
        },
        token: ownerToken,
      }),
      'device challenge',
    );
    await must(
      call(base, '/api/v1/auth/devices/register/verify', {
        body: { sessionId: challenge.data.sessionId, signedChallenge: keys.sign(challenge.data.challenge) },
        token: ownerToken,
      }),
      'device verify',
    );
    return { fingerprint, keys };
  });

  const subscribers = await inBatches(population.subscribers, 8, async () => {
    const made = await createUser(api, adminToken, { emailPrefix: 'soak-inbox' });
    return { id: made.user.id, email: made.email, token: await signIn(base, made.email, made.password) };
  });
  return { adminToken, serviceToken, writers, projectCode, taskCodes, phones, subscribers };
}
