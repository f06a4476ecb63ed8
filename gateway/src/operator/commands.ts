import { randomBytes } from 'node:crypto';
import type { ParseArgsConfig } from 'node:util';
import { z } from '@platform/lib/validation';
import { seedDemoData } from './demo-data.js';
import { graphql } from './generated/index.js';
import { OperatorError, revokeServiceToken, type OperatorClient } from './operator-client.js';

/** What a command may use: the running platform (signed in as the bootstrap admin), the database, stdin. */
export interface OperatorTools {
  connect(): Promise<OperatorClient>;
  migrate(): Promise<string[]>;
  readStdin(): Promise<string>;
  /** Demo data is refused where a known password would be a hole (decisions: Operators). */
  production: boolean;
}

interface Command<Input> {
  usage: string;
  summary: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Checks the parsed options; each message names its option. */
  input: z.ZodType<Input, z.ZodTypeDef, unknown>;
  run(input: Input, tools: OperatorTools): Promise<string[]>;
}

const option = (name: string) => ({
  required_error: `--${name} is required`,
  invalid_type_error: `--${name} needs a value`,
});
const whole = (name: string) =>
  z
    .string(option(name))
    .regex(/^[1-9][0-9]{0,9}$/, `--${name} must be a positive whole number`)
    .transform(Number);

const define = <Input>(command: Command<Input>) => command;

const createUser = define({
  usage: 'user create --email <address> [--permissions a,b] [--employee-id <id>] [--password-stdin]',
  summary: 'Create a user; the password is read from stdin, or generated and shown once',
  options: {
    email: { type: 'string' },
    permissions: { type: 'string' },
    'employee-id': { type: 'string' },
    'password-stdin': { type: 'boolean' },
  },
  input: z.object({
    email: z.string(option('email')).email('--email must be an e-mail address'),
    permissions: z
      .string(option('permissions'))
      .regex(/^[a-z:_,]+$/, '--permissions must be a comma-separated list such as tasks:read,tasks:write')
      .transform((list) => list.split(',').filter(Boolean))
      .optional(),
    'employee-id': z.string(option('employee-id')).uuid('--employee-id must be a UUID').optional(),
    'password-stdin': z.boolean().optional(),
  }),
  async run(input, tools) {
    const given = input['password-stdin'] ? (await tools.readStdin()).replace(/\r?\n$/, '') : undefined;
    const password = given ?? randomBytes(15).toString('base64url');
    const client = await tools.connect();
    const { createUser: user } = await client.run(
      graphql(`
        mutation CreateUser($input: CreateUserInput!) {
          createUser(input: $input) {
            id
            email
          }
        }
      `),
      {
        input: { email: input.email, password, permissions: input.permissions, employeeId: input['employee-id'] },
      },
    );
    return [
      `Created user ${user.id} (${user.email}).`,
      ...(given === undefined ? [`Password (shown once, kept nowhere else): ${password}`] : []),
    ];
  },
});

const disableUser = define({
  usage: 'user disable --id <user id>',
  summary: 'Disable a user: every session and device token of theirs stops working at once',
  options: { id: { type: 'string' } },
  input: z.object({ id: whole('id') }),
  async run(input, tools) {
    const client = await tools.connect();
    const { disableUser: user } = await client.run(
      graphql(`
        mutation DisableUser($id: Int!) {
          disableUser(id: $id) {
            id
            email
            status
          }
        }
      `),
      { id: input.id },
    );
    return [`User ${user.id} (${user.email}) is ${user.status}.`];
  },
});

const issueServiceToken = define({
  usage: 'service-token issue --name <service name> [--ttl-days <1..365>]',
  summary: 'Issue a service token for the internal paths; shown once',
  options: { name: { type: 'string' }, 'ttl-days': { type: 'string' } },
  input: z.object({
    name: z
      .string(option('name'))
      .regex(/^[a-z][a-z0-9-]{1,62}$/, '--name must be 2-63 lowercase letters, digits or hyphens'),
    'ttl-days': whole('ttl-days').optional(),
  }),
  async run(input, tools) {
    const client = await tools.connect();
    const { issueServiceToken: token } = await client.run(
      graphql(`
        mutation IssueServiceToken($name: String!, $ttl: Int) {
          issueServiceToken(serviceName: $name, ttlDays: $ttl)
        }
      `),
      { name: input.name, ttl: input['ttl-days'] },
    );
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
      exp: number;
    };
    return [
      `Service token for ${input.name}: id ${claims.jti}, expires ${new Date(claims.exp * 1000).toISOString()}.`,
      'Token (shown once; revoke it with `service-token revoke --id <id>`):',
      token,
    ];
  },
});

const revokeToken = define({
  usage: 'service-token revoke --id <token id>',
  summary: 'Revoke a service token: refused everywhere at once',
  options: { id: { type: 'string' } },
  input: z.object({ id: z.string(option('id')).uuid('--id must be a service token id (a UUID)') }),
  async run(input, tools) {
    const client = await tools.connect();
    await client.run(revokeServiceToken, { id: input.id });
    return [`Service token ${input.id} is revoked.`];
  },
});

const migrate = define({
  usage: 'migrate',
  summary: "Apply every subgraph's database migrations (the platform also applies them when it starts)",
  options: {},
  input: z.object({}),
  run: (_input, tools) => tools.migrate(),
});

const seed = define({
  usage: 'seed',
  summary: 'Create the demo data set once (never twice; refused in production)',
  options: {},
  input: z.object({}),
  async run(_input, tools) {
    if (tools.production) throw new OperatorError('demo data is never seeded in production (NODE_ENV=production)');
    return seedDemoData(await tools.connect());
  },
});

// Each command's input type differs; the table only needs what every command shares.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: Record<string, Command<any>> = {
  'user create': createUser,
  'user disable': disableUser,
  'service-token issue': issueServiceToken,
  'service-token revoke': revokeToken,
  migrate,
  seed,
};
