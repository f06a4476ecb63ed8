import { graph, call } from './http.js';
import type { Fixtures, Phone } from './fixtures.js';
import type { Outcome, Recorder } from './recorder.js';

/** One simulated client: each call performs its next request, recorded under its class. */
export type Client = () => Promise<void>;

const projectList = `query { projects(limit: 20, page: 1, sortBy: "createdAt", sortOrder: "desc") {
  data { uniqueCode name status } meta { total totalPages } } }`;
const tasksPage = `query ($projectId: String!) { nestedTasks(projectId: $projectId, limit: 10, page: 1) {
  data { uniqueCode name status priority tags participants { id employeeId }
    comments { id content likes dislikes userReaction } activities { id createdAt history { type } } }
  meta { total } } }`;
const filterOptions = `query ($projectId: String!) { taskFilterOptions(projectId: $projectId) {
  statuses { value count } priorities { value count } tags { value count } } }`;
const updateStatus = `mutation ($code: String!, $status: String!) { updateTaskStatus(uniqueCode: $code, status: $status) {
  uniqueCode status } }`;
const addComment = `mutation ($code: String!, $input: AddCommentInput!) { addTaskComment(uniqueCode: $code, input: $input) {
  id } }`;
const statuses = ['todo', 'in_progress', 'done'];

/** A dashboard user: the project list, a nested tasks page, the filter options, a status change, a comment. */
export function dashboardClient(base: string, fixtures: Fixtures, index: number, recorder: Recorder): Client {
  const token = fixtures.writers[index % fixtures.writers.length]!.token;
  const { projectCode, taskCodes } = fixtures;
  let step = index;
  const steps: [string, () => Promise<Outcome>][] = [
    ['dashboard.projects', () => graph(base, projectList, {}, token)],
    ['dashboard.tasksPage', () => graph(base, tasksPage, { projectId: projectCode }, token)],
    ['dashboard.filterOptions', () => graph(base, filterOptions, { projectId: projectCode }, token)],
    [
      'dashboard.taskUpdate',
      () => graph(base, updateStatus, { code: taskCodes[step % taskCodes.length], status: statuses[step % 3] }, token),
    ],
    [
      'dashboard.comment',
      () =>
        graph(
          base,
          addComment,
          { code: taskCodes[step % taskCodes.length], input: { content: `Soak ${step}` } },
          token,
        ),
    ],
  ];
  return async () => {
    const [className, request] = steps[step % steps.length]!;
    step += 1;
    await recorder.time(className, request);
  };
}

/** The mobile app on one phone: a biometric login, its device list, a refresh, the list again; and again. */
export function mobileClient(base: string, phone: Phone, recorder: Recorder): Client {
  let tokens: { accessToken: string; refreshToken: string } | undefined;
  let step = 0;
  const login = async (): Promise<Outcome> => {
    const challenge = await call(base, '/api/v1/auth/mobile/challenge', {
      body: { deviceFingerprint: phone.fingerprint },
    });
    if (challenge.status !== 200) return challenge;
    const answer = await call(base, '/api/v1/auth/mobile/biometric', {
      body: {
        sessionId: challenge.body.data.sessionId,
        signedChallenge: phone.keys.sign(challenge.body.data.challenge),
      },
    });
    if (answer.status === 200) tokens = answer.body.data.tokens;
    return answer;
  };
  const refresh = async (): Promise<Outcome> => {
    const answer = await call(base, '/api/v1/auth/mobile/refresh', {
      body: { refreshToken: tokens!.refreshToken },
      headers: { 'x-device-fingerprint': phone.fingerprint },
    });
    // A refresh lost in flight spent the token: the app signs in again, as a real one would.
    tokens = answer.status === 200 ? answer.body.data : undefined;
    return answer;
  };
  const devices = () =>
    call(base, '/api/v1/auth/devices', {
      token: tokens!.accessToken,
      headers: { 'x-device-fingerprint': phone.fingerprint },
    });
  return async () => {
    const kind = tokens === undefined ? 'login' : ['devices', 'refresh', 'devices', 'login'][step++ % 4]!;
    if (kind === 'login') await recorder.time('mobile.biometricLogin', login);
    else if (kind === 'refresh') await recorder.time('mobile.refresh', refresh);
    else await recorder.time('mobile.devices', devices);
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs every client in a loop of its own until `stopped()`; with `intervalMs`, each waits out the rest of its
 * interval after a request (an open pace, not as fast as the server answers). Returns the requests made.
 */
export async function runClients(clients: Client[], stopped: () => boolean, intervalMs = 0): Promise<number> {
  let requests = 0;
  await Promise.all(
    clients.map(async (client, index) => {
      if (intervalMs > 0) await sleep((intervalMs * index) / clients.length);
      while (!stopped()) {
        const started = Date.now();
        await client();
        requests += 1;
        if (intervalMs > 0) await sleep(Math.max(0, intervalMs - (Date.now() - started)));
      }
    }),
  );
  return requests;
}
