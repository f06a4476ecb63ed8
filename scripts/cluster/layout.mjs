/* global process */
// What the one-machine cluster runs (README: A cluster on one machine): the same processes, commands and
// environments as deploy/kubernetes, on loopback ports, with HAProxy in the place of the Ingress and Services.
import { join } from 'node:path';

/** Sentinel's name for the Redis primary it watches. */
export const sentinelMasterName = 'platform';
export const subgraphNames = ['auth', 'projects', 'notifications'];
/** A killed Redis node is started again only after Sentinel has had time to promote the replica (3 s + election). */
export const redisRestartDelayMs = 10_000;
/**
 * The address HAProxy connects to the edges from, the one whose X-Forwarded-For they trust (TRUSTED_PROXIES). A
 * source address of its own would also keep other local processes from naming a client (decisions: issue 25).
 */
export const proxyAddress = '127.0.0.1';

/** How every process reaches Redis, in one place: through the Sentinels, so a failover moves it to the new primary. */
function redisEnvironment({ redis }) {
  return {
    REDIS_SENTINELS: redis.sentinels.map((port) => `127.0.0.1:${port}`).join(','),
    REDIS_SENTINEL_NAME: sentinelMasterName,
  };
}

/** What every platform process shares (deploy/kubernetes/base/config.yaml and its Secret, here generated). */
function sharedEnvironment(plan) {
  return {
    ...plan.passThrough,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${plan.ports.entry}`,
    DATABASE_URL: plan.databaseUrl,
    ...redisEnvironment(plan.ports),
    JWT_SECRET: plan.secrets.jwtSecret,
    DATA_ENCRYPTION_KEY: plan.secrets.encryptionKey,
    // HAProxy's X-Forwarded-For (option forwardfor) names the client; no other peer's does.
    TRUSTED_PROXIES: proxyAddress,
    // HAProxy notices a failed readiness check within 2 s (inter 1s, fastinter 500ms, fall 3): a process told to
    // stop keeps serving that long, as Kubernetes's preStop pause lets it.
    DRAIN_NOTICE_SECONDS: '3',
    // One folder for uploaded files, as a shared volume would be.
    FILES_DIR: join(plan.dir, 'files'),
    DATA_DIR: join(plan.dir, 'data'),
  };
}

const dist = (root, ...path) => join(root, 'dist', ...path);

/** The edges' URL of each subgraph: its HAProxy frontend, as the Kubernetes edge reaches each subgraph's Service. */
function subgraphUrls(ports) {
  return Object.fromEntries(
    subgraphNames.map((name) => [
      `SUBGRAPH_${name.toUpperCase()}_URL`,
      `http://127.0.0.1:${ports.subgraphFrontends[name]}/graphql`,
    ]),
  );
}

/** Every process of the cluster, in start order within its kind: `{ kind, name, command, args, env, port? }`. */
export function processesOf(plan) {
  const { root, ports, dir } = plan;
  const shared = sharedEnvironment(plan);
  const node = process.execPath;
  const redisDir = (name) => join(dir, 'redis', name);
  const redisArgs = (name, port) => [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir(name)],
    ...['--save', '', '--appendonly', 'no', '--logfile', ''],
  ];
  return {
    redis: [
      {
        kind: 'redis',
        name: 'redis-primary',
        command: 'redis-server',
        args: redisArgs('primary', ports.redis.primary),
        port: ports.redis.primary,
      },
      {
        kind: 'redis',
        name: 'redis-replica',
        command: 'redis-server',
        args: [...redisArgs('replica', ports.redis.replica), '--replicaof', '127.0.0.1', String(ports.redis.primary)],
        port: ports.redis.replica,
      },
    ],
    sentinels: ports.redis.sentinels.map((port, index) => ({
      kind: 'sentinel',
      name: `sentinel-${index + 1}`,
      command: 'redis-server',
      args: [join(dir, 'redis', `sentinel-${index + 1}.conf`), '--sentinel'],
      port,
    })),
    subgraphs: subgraphNames.flatMap((name) =>
      ports.subgraphs[name].map((port, index) => ({
        kind: 'subgraph',
        subgraph: name,
        name: `${name}-${index + 1}`,
        command: node,
        args: [...plan.nodeFlags, dist(root, 'subgraphs', name, 'src', 'main.js')],
        port,
        env: {
          ...shared,
          PORT: String(port),
          // Bootstrap admin on the auth replicas (deploy/kubernetes/base/auth.yaml); created once per cluster.
          ...(name === 'auth'
            ? { BOOTSTRAP_ADMIN_EMAIL: plan.admin.email, BOOTSTRAP_ADMIN_PASSWORD: plan.admin.password }
            : {}),
          // Jobs run on the workers (deploy/kubernetes/base/notifications.yaml).
          ...(name === 'notifications' ? { WORKER_ENABLED: 'false' } : {}),
        },
      })),
    ),
    workers: [1, 2].map((index) => ({
      kind: 'worker',
      name: `worker-${index}`,
      command: node,
      args: [...plan.nodeFlags, dist(root, 'subgraphs', 'notifications', 'src', 'worker-main.js')],
      env: shared,
    })),
    edges: ports.edges.map((port, index) => ({
      kind: 'edge',
      name: `edge-${index + 1}`,
      command: node,
      args: [...plan.nodeFlags, dist(root, 'gateway', 'src', 'main.js')],
      port,
      env: { ...shared, PORT: String(port), ...subgraphUrls(ports) },
    })),
    haproxy: { kind: 'haproxy', name: 'haproxy', command: 'haproxy', args: ['-f', join(dir, 'haproxy.cfg')] },
  };
}

/** The migration run before any replica starts (deploy/kubernetes/base/migration/job.yaml). */
export function migration(plan) {
  return {
    command: process.execPath,
    args: [join(plan.root, 'bin', 'platform.mjs'), 'migrate'],
    env: sharedEnvironment(plan),
  };
}

/** A Sentinel's configuration file; Sentinel rewrites it as it learns the replicas and other Sentinels. */
export function sentinelConfig(plan, port) {
  return [
    `port ${port}`,
    'bind 127.0.0.1',
    `dir ${join(plan.dir, 'redis')}`,
    `sentinel monitor ${sentinelMasterName} 127.0.0.1 ${plan.ports.redis.primary} 2`,
    `sentinel down-after-milliseconds ${sentinelMasterName} 3000`,
    `sentinel failover-timeout ${sentinelMasterName} 10000`,
    `sentinel parallel-syncs ${sentinelMasterName} 1`,
    '',
  ].join('\n');
}

/**
 * HAProxy: the client entry balancing HTTP and WebSocket (the upgrade, then a tunnel) over the edges, and one
 * frontend per subgraph balancing its replicas, as the Kubernetes Services do. A server leaves the rotation when
 * its health path stops answering 200 (an edge answers 503 while draining); a refused connection is retried on
 * the other server. `X-Served-By` names the edge that answered, for an operator's or a test's eyes.
 */
export function haproxyConfig(plan) {
  const { ports } = plan;
  const backend = (name, healthPath, servers) => [
    `backend ${name}`,
    '  balance roundrobin',
    // A new server connection for every request: a request never goes out on an idle connection to a server
    // that was killed meanwhile (a refused connect is retried on the other server; a sent request never is).
    '  option http-server-close',
    `  option httpchk GET ${healthPath}`,
    '  http-check expect status 200',
    ...servers.map((port, index) => `  server ${name}-${index + 1} 127.0.0.1:${port} check`),
    '',
  ];
  return [
    'global',
    // Two descriptors a connection: within this machine's open-file limit (ulimit -n), enough for a soak.
    '  maxconn 8000',
    // Server up/down events (notice) in its log; no line per request.
    '  log stdout format raw local0 notice',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option redispatch',
    '  retries 3',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // A busy replica is slow, not gone: a check waits 5 s, and three misses take it out (a draining one answers
    // 503 at once, a dead one refuses the connection).
    '  timeout check 5s',
    // An upgraded WebSocket connection lives as long as the subscriber stays.
    '  timeout tunnel 1h',
    '  default-server inter 1s fastinter 500ms fall 3 rise 2',
    '',
    'frontend entry',
    `  bind 127.0.0.1:${ports.entry}`,
    '  option forwardfor',
    '  http-response set-header X-Served-By %s',
    '  default_backend edge',
    '',
    // /health/db, as the manifests' readiness probe: /health also reports Redis, and during a Redis failover every
    // edge would leave the rotation at once, where each answers 503 with Retry-After by itself.
    ...backend('edge', '/health/db', ports.edges),
    ...subgraphNames.flatMap((name) => [
      `frontend ${name}`,
      `  bind 127.0.0.1:${ports.subgraphFrontends[name]}`,
      `  default_backend ${name}`,
      '',
      ...backend(name, '/health/db', ports.subgraphs[name]),
    ]),
  ].join('\n');
}
