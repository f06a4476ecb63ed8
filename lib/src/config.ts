import { isIP } from 'node:net';
import { z } from 'zod';
import { confirmationActionTypes } from './contract/confirmation-actions.js';

const booleanString = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** Auth's security events (subgraphs/auth: security-events.ts, sessions) and the sign-in and password ones. */
const criticalEventsDefault = 'new_sign_in,device_registered,device_removed,password_changed,account_locked';

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const secretOfAtLeast32Bytes = z
  .string()
  .refine((value) => Buffer.byteLength(value, 'utf8') >= 32, 'must be at least 32 bytes');

const encryptionKey = z
  .string()
  .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64');

/** base64url (no padding) of exactly `bytes` bytes. */
const base64UrlBytes = (bytes: number) =>
  z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
      `must be ${bytes} bytes, base64url`,
    );

/** `host:port` pairs, comma-separated: where the Redis Sentinels listen. */
const hostPortList = commaList.refine(
  (pairs) => pairs.every((pair) => /^[^\s:]+:\d{1,5}$/.test(pair) && Number(pair.split(':')[1]) <= 65535),
  'must be comma-separated host:port pairs',
);

/** An IP address, or a CIDR block (`10.0.0.0/8`, `fd00::/8`) whose prefix fits its address family. */
function isAddressBlock(block: string): boolean {
  const [address = '', prefix, ...rest] = block.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** The proxies that may name the client; `none`: not one (the edge faces clients directly). */
const addressBlockList = z
  .string()
  .default('127.0.0.1,::1')
  .transform((value) =>
    value.trim() === 'none'
      ? []
      : value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
  )
  .refine(
    (blocks) => blocks.every(isAddressBlock),
    'must be comma-separated IP addresses or CIDR blocks (10.0.0.0/8), or none',
  );

/** A URL whose scheme is one of these: `localhost:6379` parses as a URL but is not a Redis address. */
const urlWithScheme = (...schemes: string[]) =>
  z
    .string()
    .url()
    .refine(
      (value) => !URL.canParse(value) || schemes.includes(new URL(value).protocol),
      `must be a ${schemes.join(' or ')}// URL`,
    );

const environmentShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: urlWithScheme('postgres:', 'postgresql:').optional(),
  REDIS_URL: urlWithScheme('redis:', 'rediss:').optional(),
  /** Sentinels that name the Redis primary (failover); instead of REDIS_URL, with REDIS_SENTINEL_NAME. */
  REDIS_SENTINELS: hostPortList,
  /** The primary's name the Sentinels monitor (`sentinel monitor <name> ...`). */
  REDIS_SENTINEL_NAME: z.string().optional(),
  /** The Sentinels' own password (`requirepass` of sentinel.conf). */
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  /** The password of the primary the Sentinels name (REDIS_URL carries its own). */
  REDIS_PASSWORD: z.string().optional(),
  /** TLS to the Sentinels and to the primary they name (REDIS_URL says it with `rediss:`). */
  REDIS_SENTINEL_TLS: booleanString,
  DATA_DIR: z.string().default('.data'),
  JWT_SECRET: secretOfAtLeast32Bytes.optional(),
  JWT_PREVIOUS_SECRETS: commaList.refine(
    (secrets) => secrets.every((secret) => Buffer.byteLength(secret, 'utf8') >= 32),
    'must be comma-separated secrets of at least 32 bytes each',
  ),
  JWT_ISSUER: z.string().default('platform-auth'),
  DATA_ENCRYPTION_KEY: encryptionKey.optional(),
  /** Older encryption keys that still decrypt while stored values move to the current key. */
  DATA_ENCRYPTION_PREVIOUS_KEYS: commaList.refine(
    (keys) => keys.every((key) => Buffer.from(key, 'base64').length === 32),
    'must be comma-separated 32-byte base64 keys',
  ),
  BOOTSTRAP_ADMIN_EMAIL: z.string().email().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(12).optional(),
  WEBAUTHN_RP_ID: z.string().default('localhost'),
  WEBAUTHN_RP_NAME: z.string().default('Platform'),
  WEBAUTHN_ORIGINS: commaList,
  ALLOWED_ORIGINS: commaList,
  FCM_ENABLED: booleanString,
  FCM_PROJECT_ID: z.string().optional(),
  FCM_CREDENTIALS_FILE: z.string().optional(),
  ONESIGNAL_APP_ID: z.string().optional(),
  ONESIGNAL_API_KEY: z.string().optional(),
  ONESIGNAL_API_URL: z.string().url().default('https://api.onesignal.com'),
  /**
   * Web Push (issue 30, item 5): the VAPID key pair (RFC 8292), the public key as the uncompressed P-256 point and
   * the private key as its 32-byte scalar, both base64url (as `web-push generate-vapid-keys` prints them). Both
   * set: the `web_push` channel is on. Embedded mode generates and keeps a pair.
   */
  WEB_PUSH_VAPID_PUBLIC_KEY: base64UrlBytes(65).optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: base64UrlBytes(32).optional(),
  /** The VAPID `sub` claim: how a push service reaches the operator (a mailto: or https: URL). */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL')
    .default('mailto:admin@localhost'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Platform <no-reply@localhost>'),
  WORKER_ENABLED: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false'),
  /** Notification jobs: a job active longer than this is presumed lost (crashed worker) and retried. */
  NOTIFICATION_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  NOTIFICATION_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(5),
  NOTIFICATION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /**
   * Webhook delivery targets exempt from the address check (host names or addresses, optionally `:port`): without
   * them, loopback, private and link-local targets are refused (issue 28, no SSRF).
   */
  WEBHOOK_ALLOWED_HOSTS: commaList,
  /** Retries of a webhook delivery, the delay doubling from WEBHOOK_RETRY_DELAY_SECONDS: 56 s x 1.5 x (2^10 - 1) = 23.9 h on average (pg-boss draws each delay between d x 2^(n-1) and d x 2^n). */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(10),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(56),
  /** `false`: every retry of a webhook delivery waits WEBHOOK_RETRY_DELAY_SECONDS, none doubles (a fixed cadence). */
  WEBHOOK_RETRY_BACKOFF: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false'),
  /**
   * Trigger events a user cannot mute on in-app and e-mail (issue 30, item 3): the security events. Empty or
   * unset: this default list.
   */
  NOTIFICATION_CRITICAL_EVENTS: z
    .string()
    .optional()
    .transform((value) =>
      (value || criticalEventsDefault)
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  /** How often expired action confirmations are recorded as expired (0: never; reads still say expired on time). */
  CONFIRMATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Proof of possession of the device key on phone requests (RFC 9449 DPoP, issue 27): `optional` keeps the
   * contract (a client without proofs works); `required` refuses biometric logins, refreshes and bound or
   * biometric token requests without one.
   */
  DEVICE_PROOF: z.enum(['optional', 'required']).default('optional'),
  /**
   * `required`: every DPoP proof must carry a nonce the edge issued (RFC 9449 section 8); one without answers 401
   * `use_dpop_nonce` with a fresh `DPoP-Nonce`. `optional` (the default) checks a nonce only when one is named.
   */
  DEVICE_PROOF_NONCE: z.enum(['optional', 'required']).default('optional'),
  /**
   * Number matching on action confirmations (issue 27, item 2): empty (the default) keeps the contract; `all`, or
   * a comma-separated list of action types, makes verify need the two-digit number the web page shows.
   */
  CONFIRMATION_NUMBER_MATCHING: commaList
    .refine((items) => !items.includes('all') || items.length === 1, 'is `all` or a list of action types, not both')
    .refine(
      (items) => items.every((item) => item === 'all' || (confirmationActionTypes as readonly string[]).includes(item)),
      `names only supported action types (${confirmationActionTypes.join(', ')})`,
    ),
  /**
   * Seconds after a refresh token's rotation in which the same token from the same binding gets the same
   * successor pair instead of revoking its family (issue 27); 0 keeps the contract's reuse detection.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /** HTTP/1.1 for FCM instead of HTTP/2 (proxies that speak only HTTP/1.1; tests with nock). */
  FCM_LEGACY_HTTP: booleanString,
  /** Isolates deployments (and test runs) that share one Redis. */
  REDIS_KEY_PREFIX: z.string().default(''),
  FILES_DIR: z.string().default('.data/files'),
  SUBGRAPH_AUTH_URL: z.string().url().optional(),
  SUBGRAPH_PROJECTS_URL: z.string().url().optional(),
  SUBGRAPH_NOTIFICATIONS_URL: z.string().url().optional(),
  RATE_LIMIT_ENABLED: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false'),
  /**
   * Peers whose X-Forwarded-For names the client (the per-IP limit, audit entries): the Ingress or load balancer
   * in front of the edge. Default: loopback, a proxy on the same host; any other peer is the client itself.
   */
  TRUSTED_PROXIES: addressBlockList,
  /** The GraphQL explorer at /graphql for browsers (and introspection); unset: on outside production. */
  GRAPHQL_EXPLORER: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** OTLP/HTTP collector base URL (traces go to `<it>/v1/traces`); unset: no spans are recorded or sent. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The trace resource's service.name; unset: the process's own name (gateway, auth, projects, ...). */
  OTEL_SERVICE_NAME: z.string().optional(),
  /** `npm start` creates the demo data set once (never in production: its people have a published password). */
  SEED_DEMO: booleanString,
  /** /metrics on a port of its own (on HOST), and no longer on the edge's port; unset: on the edge's port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** When set, /metrics answers only requests bearing it (`Authorization: Bearer <it>`), wherever it is served. */
  METRICS_TOKEN: secretOfAtLeast32Bytes.optional(),
  /** X-Service-Name values /internal/verify is counted under in /metrics; any other counts as `other`. */
  METRICS_SERVICE_NAMES: commaList,
  /**
   * How long a process drains on SIGTERM/SIGINT (in-flight requests, sockets, jobs) before it cuts what is left;
   * below docker's 10 s and Kubernetes's 30 s before SIGKILL, with time left to close the pools.
   */
  DRAIN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(8),
  /**
   * How long a process keeps serving after SIGTERM while its readiness already answers 503, before it stops
   * accepting: a load balancer that polls readiness (HAProxy's checks) needs that long to stop sending it new
   * requests. 0 where the platform delays the signal itself (Kubernetes's preStop pause).
   */
  DRAIN_NOTICE_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /**
   * How long the edge keeps subscribing again to a subgraph whose subscription connection was lost (a replica
   * restarting) before it ends the client's subscription with a 503 error; the subgraph catches the resumed
   * subscription up from the time of the loss.
   */
  SUBSCRIPTION_RESUME_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
};

export type Environment = z.infer<z.ZodObject<typeof environmentShape>>;

type VariableName = keyof typeof environmentShape;

/** Every variable the platform reads: the README's table and .env.example are checked against it. */
export const configurationVariables = Object.keys(environmentShape);

/** How the stores reach Redis: one server's URL, or the Sentinels that name the current primary. */
export type RedisConnection =
  | { kind: 'url'; url: string }
  | {
      kind: 'sentinels';
      sentinels: { host: string; port: number }[];
      name: string;
      sentinelPassword?: string;
      password?: string;
      tls: boolean;
    };

export interface Config extends Omit<
  Environment,
  'JWT_SECRET' | 'DATA_ENCRYPTION_KEY' | 'ALLOWED_ORIGINS' | 'GRAPHQL_EXPLORER'
> {
  JWT_SECRET: string;
  GRAPHQL_EXPLORER: boolean;
  DATA_ENCRYPTION_KEY: string;
  ALLOWED_ORIGINS: string[];
  /** Undefined: in-process stores (single node). */
  redis?: RedisConnection;
}

export class ConfigError extends Error {}

/** What one kind of process needs of the environment beyond what every process needs. */
export interface ConfigNeeds {
  /** Variables it cannot run without, each with the words its error ends with (`required for the worker`). */
  requires?: Partial<Record<VariableName, string>>;
  /** Its own defaults (a subgraph's port), below the environment's values. */
  defaults?: Partial<Record<VariableName, string>>;
  /** Fills in variables before they are checked, from the environment as given (embedded mode: kept secrets). */
  fill?: (environment: Readonly<Record<string, string>>) => Record<string, string>;
}

/**
 * The schema of one environment: every variable's type, and the rules that depend on the environment (what
 * production requires) or on the kind of process (`needs`), as refinements of the variable they are about, so
 * that each problem is named under its variable and every problem is found in one pass.
 */
function environmentSchemaFor(env: Record<string, string>, needs: ConfigNeeds) {
  const production = env.NODE_ENV === 'production';
  const requires: Partial<Record<VariableName, string>> = {
    JWT_SECRET: 'required',
    DATA_ENCRYPTION_KEY: 'required',
    ...(production ? { DATABASE_URL: 'required in production' } : {}),
    ...(production && !env.REDIS_SENTINELS ? { REDIS_URL: 'required in production' } : {}),
    ...(env.REDIS_SENTINELS ? { REDIS_SENTINEL_NAME: 'required with REDIS_SENTINELS' } : {}),
    ...(env.WEB_PUSH_VAPID_PUBLIC_KEY ? { WEB_PUSH_VAPID_PRIVATE_KEY: 'required with WEB_PUSH_VAPID_PUBLIC_KEY' } : {}),
    ...(env.WEB_PUSH_VAPID_PRIVATE_KEY
      ? { WEB_PUSH_VAPID_PUBLIC_KEY: 'required with WEB_PUSH_VAPID_PRIVATE_KEY' }
      : {}),
    ...needs.requires,
  };
  const shape: Record<string, z.ZodTypeAny> = { ...environmentShape };
  for (const [name, words] of Object.entries(requires)) {
    shape[name] = shape[name]!.refine((value) => value !== undefined, words);
  }
  // One way to reach Redis: a server's URL or the Sentinels, and the Sentinel settings only with Sentinels.
  if (env.REDIS_SENTINELS) {
    shape.REDIS_URL = shape.REDIS_URL!.refine((value) => value === undefined, 'must not be set with REDIS_SENTINELS');
  } else {
    for (const name of ['REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD', 'REDIS_PASSWORD', 'REDIS_SENTINEL_TLS']) {
      // An unset boolean reads as false.
      shape[name] = shape[name]!.refine(
        (value) => value === undefined || value === false,
        'is read only with REDIS_SENTINELS',
      );
    }
  }
  if (production) {
    shape.SEED_DEMO = environmentShape.SEED_DEMO.refine((seed) => !seed, 'must not be true in production');
  }
  // Refinements keep each variable's output type: the parsed values are an Environment.
  return z.object(shape) as unknown as z.ZodObject<typeof environmentShape>;
}

/**
 * Parses the environment once; every invalid or missing variable is named in one line. Secrets are never
 * generated here: embedded mode fills them from its data folder (`needs.fill`, see embedded.ts). This file is
 * the one reader of `process.env`.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env, needs: ConfigNeeds = {}): Config {
  // An empty variable is an unset one: docker-compose passes `${NAME:-}` as empty when the operator sets nothing.
  const set = Object.entries(environment).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  );
  const given = { ...needs.defaults, ...Object.fromEntries(set) };
  const env = { ...given, ...needs.fill?.(given) };
  const parsed = environmentSchemaFor(env, needs).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return Object.freeze({
    ...values,
    JWT_SECRET: values.JWT_SECRET!,
    DATA_ENCRYPTION_KEY: values.DATA_ENCRYPTION_KEY!,
    ALLOWED_ORIGINS: values.ALLOWED_ORIGINS.length > 0 ? values.ALLOWED_ORIGINS : values.WEBAUTHN_ORIGINS,
    GRAPHQL_EXPLORER: values.GRAPHQL_EXPLORER ?? values.NODE_ENV !== 'production',
    redis: redisConnectionOf(values),
  });
}

function redisConnectionOf(values: Environment): RedisConnection | undefined {
  if (values.REDIS_SENTINELS.length === 0) return values.REDIS_URL ? { kind: 'url', url: values.REDIS_URL } : undefined;
  return {
    kind: 'sentinels',
    sentinels: values.REDIS_SENTINELS.map((pair) => {
      const [host, port] = pair.split(':');
      return { host: host!, port: Number(port) };
    }),
    name: values.REDIS_SENTINEL_NAME!,
    sentinelPassword: values.REDIS_SENTINEL_PASSWORD,
    password: values.REDIS_PASSWORD,
    tls: values.REDIS_SENTINEL_TLS,
  };
}
