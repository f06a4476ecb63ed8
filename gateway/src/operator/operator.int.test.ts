import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../../test/build.js';
import { eachRequestFromNewIp } from '../../../test/client-address.js';
import { httpClient, loginAs, type HttpClient } from '../../../test/client.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { eventually } from '../../../test/waiting.js';
import { demoUser } from './demo-data.js';
import { operatorToolsOf } from './operator-tools.js';
import { runOperatorCommand } from './run-command.js';

/** An activity entry: an added comment, or the history of a change (projects spec, Activity). */
type Activity = { comment?: { content: string }; history?: { type: string } };

describe.skipIf(servicesMissing)('the operator command line (issue 16, items 3 and 4)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = eachRequestFromNewIp(httpClient(server.url));
  });
  afterAll(async () => server?.close());

  /** Runs one command line against the test server; stdin is what the operator would pipe in. */
  async function platform(argv: string[], options: { stdin?: string; production?: boolean } = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const tools = {
      ...operatorToolsOf(server.config, server.url),
      readStdin: async () => options.stdin ?? '',
      production: options.production ?? false,
    };
    const code = await runOperatorCommand(argv, tools, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('creates a user with a generated password shown once, or with one read from stdin and never printed', async () => {
    const generated = await platform(['user', 'create', '--email', 'ops1@example.test', '--permissions', 'tasks:read']);
    expect(generated).toMatchObject({ code: 0, err: '' });
    const password = /Password \(shown once, kept nowhere else\): (\S+)/.exec(generated.out)![1]!;
    const session = await loginAs(api, 'ops1@example.test', password);
    const me = await api.graphql('{ me { email permissions } }', {}, { token: session.accessToken });
    expect(me.body.data.me).toEqual({ email: 'ops1@example.test', permissions: ['tasks:read'] });

    const secret = 'a-password-from-stdin-42';
    const piped = await platform(['user', 'create', '--email', 'ops2@example.test', '--password-stdin'], {
      stdin: `${secret}\n`,
    });
    expect(piped.code).toBe(0);
    expect(piped.out).toMatch(/^Created user \d+ \(ops2@example\.test\)\.$/);
    expect(`${piped.out}${piped.err}`).not.toContain(secret);
    expect((await loginAs(api, 'ops2@example.test', secret)).accessToken).toBeTruthy();

    const again = await platform(['user', 'create', '--email', 'ops2@example.test', '--password-stdin'], {
      stdin: secret,
    });
    expect(again).toMatchObject({ code: 1, err: 'error: User with this email already exists' });
    const short = await platform(['user', 'create', '--email', 'ops3@example.test', '--password-stdin'], {
      stdin: 'short',
    });
    expect(short.code).toBe(1);
    expect(short.err).toContain('password');
    expect(short.err).not.toContain('short"');
  });

  it('refuses bad command lines with exit code 2 naming the option, and never repeats a value back', async () => {
    const cases: [string[], string][] = [
      [['user', 'create'], 'error: --email is required'],
      [['user', 'create', '--email', 'nope'], 'error: --email must be an e-mail address'],
      [['user', 'create', '--email', 'a@b.test', '--employee-id', 'x'], 'error: --employee-id must be a UUID'],
      [['user', 'disable', '--id', 'twelve'], 'error: --id must be a positive whole number'],
      [['service-token', 'issue'], 'error: --name is required'],
      [['service-token', 'issue', '--name', 'Billing!'], 'error: --name must be 2-63 lowercase letters'],
      [['service-token', 'revoke', '--id', '42'], 'error: --id must be a service token id (a UUID)'],
      [['user', 'create', '--email', 'a@b.test', '--password', 'hunter2-secret'], 'error: unknown option --password'],
      [['user', 'create', '--email', 'a@b.test', 'hunter2-secret'], 'error: unexpected argument'],
      [['user', 'remove'], 'error: unknown command "user remove"'],
    ];
    for (const [argv, message] of cases) {
      const refused = await platform(argv);
      expect(refused.code, argv.join(' ')).toBe(2);
      expect(refused.err.split('\n')[0], argv.join(' ')).toContain(message);
      expect(refused.err).not.toContain('hunter2');
    }
    expect((await platform(['help'])).out).toContain('service-token revoke --id <token id>');
  });

  it('disables a user: their sign-in is refused from then on', async () => {
    const created = await platform(['user', 'create', '--email', 'leaver@example.test']);
    const id = /Created user (\d+)/.exec(created.out)![1]!;
    const disabled = await platform(['user', 'disable', '--id', id]);
    expect(disabled).toMatchObject({ code: 0, out: `User ${id} (leaver@example.test) is disabled.` });
    const password = /: (\S+)$/.exec(created.out)![1]!;
    const refused = await api.post('/api/v1/auth/login', { email: 'leaver@example.test', password });
    expect(refused.status).toBe(401);
    expect((await platform(['user', 'disable', '--id', '999999'])).code).toBe(1);
  });

  it('issues a service token that internal paths accept, and revokes it everywhere', async () => {
    const issued = await platform(['service-token', 'issue', '--name', 'billing', '--ttl-days', '7']);
    expect(issued.code).toBe(0);
    const [summary, , token] = issued.out.split('\n');
    const id = /id ([0-9a-f-]{36}), expires/.exec(summary!)![1]!;
    const verify = () =>
      api.get('/internal/verify', { headers: { authorization: `Bearer ${token}`, 'x-service-name': 'billing' } });
    expect((await verify()).status).toBe(200);

    expect(await platform(['service-token', 'revoke', '--id', id])).toMatchObject({
      code: 0,
      out: `Service token ${id} is revoked.`,
    });
    expect((await verify()).status).toBe(401);
  });

  it('applies migrations again without harm (the server applied them at start)', async () => {
    const migrated = await platform(['migrate']);
    expect(migrated).toMatchObject({ code: 0, err: '' });
    expect(migrated.out.split('\n')).toEqual([
      'auth: migrations applied',
      'projects: migrations applied',
      'notifications: migrations applied',
    ]);
  });

  it('seeds the demo data once, never twice, never in production; the demo user sees it', async () => {
    expect(await platform(['seed'], { production: true })).toMatchObject({
      code: 1,
      err: 'error: demo data is never seeded in production (NODE_ENV=production)',
    });
    const seeded = await platform(['seed']);
    expect(seeded.code, seeded.err).toBe(0);
    expect(seeded.out).toContain(`Sign in as ${demoUser.email} / ${demoUser.password}`);
    expect(await platform(['seed'])).toMatchObject({ code: 0, out: 'Demo data is already present: nothing written.' });

    const { accessToken: token } = await loginAs(api, demoUser.email, demoUser.password);
    const projects = await api.get('/api/v1/projects', { token });
    expect(projects.body.meta.total).toBe(2);
    const project = projects.body.data.find(
      (candidate: { name: string }) => candidate.name === 'Harbour bridge retrofit',
    );
    expect(project).toMatchObject({ customer: { name: 'Northwind Steel' } });
    expect(project.products).toHaveLength(2);
    const tasks = await api.get(`/api/v1/tasks/projects/${project.uniqueCode}/tasks?sortBy=uniqueCode&sortOrder=asc`, {
      token,
    });
    // Four top-level tasks, their subtasks and four more: ten, in the order they were created.
    expect(tasks.body.data.map((task: { status: string }) => task.status)).toEqual([
      'done',
      'in_progress',
      'todo',
      'todo',
      'review',
      'done',
      'todo',
      'in_progress',
      'review',
      'done',
    ]);
    const girders = tasks.body.data[1].unique_code;
    const comments = await api.get(`/api/v1/tasks/${girders}/comments?sortOrder=asc`, { token });
    expect(comments.body.data).toMatchObject([
      { content: 'The supplier confirmed delivery for week 51.', likes: 1, userReaction: '' },
      { content: "I'll book the crane for that week.", likes: 1, userReaction: 'like' },
    ]);
    const history = await api.get(`/api/v1/tasks/${girders}/activities`, { token });
    expect(history.body.map((entry: Activity) => entry.history?.type ?? entry.comment?.content)).toEqual([
      'created',
      'status_changed',
      'The supplier confirmed delivery for week 51.',
      "I'll book the crane for that week.",
    ]);
    await eventually(async () => {
      const inbox = await api.get('/api/v1/notifications?limit=10', { token });
      return inbox.body.totalItems === 3 && inbox.body.unreadCount === 3;
    });
  });
});

describe('the `platform` bin of the package', () => {
  const root = projectRoot();

  it('runs the built command line: usage on help, exit code 2 and one clear line on a bad option', async () => {
    await buildProduct(join(root, 'dist', 'gateway', 'src', 'operator', 'cli.js'));
    const run = (...argv: string[]) =>
      promisify(execFile)(process.execPath, [join(root, 'bin', 'platform.mjs'), ...argv], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: 'postgres://127.0.0.1:1/none',
          JWT_SECRET: 'x'.repeat(32),
          DATA_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
        },
      }).then(
        (done) => ({ code: 0, ...done }),
        (failed: { code: number; stdout: string; stderr: string }) => failed,
      );
    const help = await run('help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: platform <command> [options]');
    const refused = await run('user', 'create', '--email', 'not-an-address');
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe('error: --email must be an e-mail address');
  }, 240_000);
});
