import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { IContainer, IProbe } from 'kubernetes-models/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configurationVariables, loadConfig } from '@platform/lib/config';
import { jobEngineSchema } from '@platform/lib/jobs/job-engine';
import { notificationRequestQueue } from '@platform/lib/notifications/request-queue';
import { projectRoot } from '@platform/lib/project-root';
import { subgraphRegistry } from '@platform/gateway/subgraph-registry';
import type { KubernetesObject } from './kustomize.js';
import {
  containersOf,
  entryOf,
  environmentOf,
  kubectlKustomize,
  kubernetesRoot,
  kustomizations,
  render,
  workloadsOf,
  type Workload,
} from './kubernetes.js';

const root = projectRoot();
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const rendered = kustomizations.map((path) => [path, render(path)] as const);
const production = render('overlays/production');
const workloads = rendered.flatMap(([path, objects]) =>
  workloadsOf(objects).map(
    (workload) => [`${path}: ${workload.object.kind} ${workload.object.metadata.name}`, workload, objects] as const,
  ),
);
const deployments = (objects: KubernetesObject[]) => workloadsOf(objects).filter((w) => w.object.kind === 'Deployment');

/** Values the operator's Secret would hold, valid for the configuration schema (README: kubectl create secret). */
const secretValues = {
  DATABASE_URL: 'postgres://platform:from-the-secret@postgres:5432/platform',
  REDIS_URL: 'redis://redis:6379',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

/**
 * The longest the code's own SIGTERM drain may take: DRAIN_TIMEOUT_SECONDS as the release's ConfigMap sets it
 * (lib/src/process: past it what is open is cut), plus the 3 s backstop after which the process exits anyway.
 */
const drainBudgetSeconds =
  Number(
    (
      production.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'platform-config') as
        { data?: Record<string, string> } | undefined
    )?.data?.DRAIN_TIMEOUT_SECONDS,
  ) + 3;

/** The paths each entry serves that a probe may ask (read from the code that registers them). */
function healthPathsOf(entry: string): string[] {
  const registrar =
    entry === 'gateway/src/main.ts'
      ? 'gateway/src/edge/health.ts'
      : /^subgraphs\/\w+\/src\/main\.ts$/.test(entry) && read(entry).includes('runSubgraphProcess(')
        ? 'lib/src/graphql/serve-subgraph.ts'
        : undefined;
  return registrar ? [...read(registrar).matchAll(/app\.get\('(\/health[^']*)'/g)].map((match) => match[1]!) : [];
}

function expectProbe(probe: IProbe | undefined, container: IContainer, paths: string[], kinds: string[]): void {
  expect(probe, container.name).toBeDefined();
  const ports = (container.ports ?? []).flatMap((port) => [port.name, port.containerPort]);
  if (probe!.httpGet) {
    expect(kinds, `${container.name}: this probe asks a path`).toContain('httpGet');
    expect(paths, container.name).toContain(probe!.httpGet.path);
    expect(ports, container.name).toContain(probe!.httpGet.port);
  } else {
    expect(kinds, `${container.name}: this probe may only ask a path`).toContain('tcpSocket');
    expect(ports, container.name).toContain(probe!.tcpSocket?.port);
  }
}

/** Group `apps`, version `v1` -> kubernetes-models' module `apps/v1`; the core group is `v1`. */
async function validateAgainstSchema(object: KubernetesObject): Promise<void> {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const models = (await import(`kubernetes-models/${group ? `${group}/` : ''}${version}`)) as Record<
    string,
    new (data: object) => { validate(): void }
  >;
  const Model = models[object.kind];
  if (!Model) throw new Error(`kubernetes-models has no ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}

describe('Kubernetes manifests (deploy/kubernetes) against the Kubernetes schemas', () => {
  it.each(rendered)(
    '%s: every object validates against its API schema (KEDA objects: by hand, below)',
    async (_, objects) => {
      expect(objects.length).toBeGreaterThan(0);
      for (const object of objects.filter((o) => !o.apiVersion.startsWith('keda.sh/'))) {
        await expect(validateAgainstSchema(object), `${object.kind} ${object.metadata.name}`).resolves.toBeUndefined();
      }
    },
  );

  const kubectl = kubectlKustomize();
  it.skipIf(!kubectl).each(rendered)('%s: renders as `kubectl kustomize` renders it', (path, objects) => {
    const byKey = (list: KubernetesObject[]) =>
      Object.fromEntries(list.map((object) => [`${object.kind}/${object.metadata.name}`, object]));
    const reference = parseAllDocuments(kubectl!(join(kubernetesRoot, path))).map(
      (document) => document.toJS() as KubernetesObject,
    );
    expect(byKey(objects)).toEqual(byKey(reference));
  });
});

describe('Kubernetes manifests: the policies of issue 25', () => {
  it.each(workloads)('%s: every container has requests and limits, and the restricted security context', (_, w) => {
    // The image's own user (Dockerfile: USER node, uid 1000 in Node's images), numeric so the kubelet can verify it.
    expect(read('Dockerfile')).toMatch(/^USER node$/m);
    expect(w.pod.securityContext?.runAsUser).toBe(1000);
    for (const container of containersOf(w)) {
      for (const kind of ['requests', 'limits'] as const)
        expect(Object.keys(container.resources?.[kind] ?? {}).sort(), `${container.name} ${kind}`).toEqual([
          'cpu',
          'memory',
        ]);
      expect(container.securityContext, container.name).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(existsSync(join(root, entryOf(container))), entryOf(container)).toBe(true);
    }
  });

  it.each(workloads.filter(([, w]) => w.object.kind === 'Deployment'))(
    '%s: probes ask the paths its process serves; a process that listens nowhere is the only one without',
    (_, w) => {
      for (const container of containersOf(w)) {
        const paths = healthPathsOf(entryOf(container));
        if (!container.ports?.length) {
          expect(read(entryOf(container)), `${entryOf(container)} listens: give it probes`).not.toMatch(/\.listen\(/);
          expect([container.startupProbe, container.readinessProbe, container.livenessProbe]).toEqual([
            undefined,
            undefined,
            undefined,
          ]);
          continue;
        }
        expect(paths.length, `${entryOf(container)} serves no health path`).toBeGreaterThan(0);
        expectProbe(container.startupProbe, container, paths, ['httpGet']);
        expectProbe(container.readinessProbe, container, paths, ['httpGet']);
        expectProbe(container.livenessProbe, container, paths, ['httpGet', 'tcpSocket']);
      }
    },
  );

  it.each(workloads.filter(([, w]) => w.object.kind === 'Deployment'))(
    '%s: the grace period outlasts the preStop pause and the drain',
    (_, w) => {
      expect(drainBudgetSeconds, 'DRAIN_TIMEOUT_SECONDS in the ConfigMap').toBeGreaterThan(3);
      const pause = Math.max(0, ...containersOf(w).map((c) => c.lifecycle?.preStop?.sleep?.seconds ?? 0));
      expect(w.pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + drainBudgetSeconds);
    },
  );

  it.each(rendered)(
    '%s: a HorizontalPodAutoscaler for every Deployment but the worker, and a PDB for each',
    (_, objects) => {
      const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler') as unknown as IHorizontalPodAutoscaler[];
      const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget') as unknown as IPodDisruptionBudget[];
      for (const w of deployments(objects)) {
        const name = w.object.metadata.name;
        const hpa = hpas.find((candidate) => candidate.spec?.scaleTargetRef.name === name);
        if (name === 'worker') expect(hpa, 'the worker scales on its queue, not CPU').toBeUndefined();
        else {
          expect(hpa?.spec?.scaleTargetRef, name).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
          expect(hpa!.spec!.minReplicas, `${name}: one replica left during a disruption`).toBeGreaterThanOrEqual(2);
          expect(hpa!.spec!.maxReplicas).toBeGreaterThanOrEqual(hpa!.spec!.minReplicas!);
          expect((w.object.spec as { replicas?: number }).replicas, `${name}: the HPA owns the count`).toBeUndefined();
        }
        const pdb = pdbs.filter((candidate) =>
          Object.entries(candidate.spec?.selector?.matchLabels ?? {}).every(([key, value]) => w.labels[key] === value),
        );
        expect(pdb.length, `${name}: one PodDisruptionBudget`).toBe(1);
      }
      for (const hpa of hpas)
        expect(deployments(objects).map((w) => w.object.metadata.name)).toContain(hpa.spec?.scaleTargetRef.name);
    },
  );

  it.each(rendered)('%s: no Secret, and nothing secret-looking written as a value', (_, objects) => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
    const secretName = /SECRET|PASSWORD|TOKEN|_KEYS?$|DATABASE_URL|REDIS_URL|SMTP_URL|_EMAIL$/;
    const credentialLike = [/:\/\/[^/\s:@]+:[^@\s]+@/, /[A-Za-z0-9+/_=-]{32,}/];
    const literals: [string, string][] = objects.flatMap((object) =>
      object.kind === 'ConfigMap' ? Object.entries(object.data as Record<string, string>) : [],
    );
    for (const w of workloadsOf(objects)) {
      for (const { name, value, valueFrom } of containersOf(w).flatMap((c) => c.env ?? [])) {
        if (value !== undefined) literals.push([name, value]);
        else expect(valueFrom?.secretKeyRef?.name, name).toBe('platform-secrets');
      }
    }
    for (const [name, value] of literals) {
      expect(name, `${name} is a secret: reference the Secret`).not.toMatch(secretName);
      for (const pattern of credentialLike) expect(value, name).not.toMatch(pattern);
    }
  });

  it.each(rendered)(
    '%s: every environment name, ConfigMap key and Secret key is a setting of lib/src/config.ts',
    (_, objects) => {
      const names = objects.flatMap((object) =>
        object.kind === 'ConfigMap' ? Object.keys(object.data as object) : [],
      );
      for (const c of workloadsOf(objects).flatMap(containersOf)) {
        for (const { name, valueFrom } of c.env ?? [])
          names.push(name, ...(valueFrom?.secretKeyRef ? [valueFrom.secretKeyRef.key] : []));
      }
      for (const name of names) expect(configurationVariables, name).toContain(name);
    },
  );

  it.each(workloads)('%s: its environment is a complete production configuration', (name, w, objects) => {
    for (const container of containersOf(w)) {
      const config = loadConfig(environmentOf(container, objects, secretValues));
      expect([config.NODE_ENV, config.DATABASE_URL]).toEqual(['production', secretValues.DATABASE_URL]);
      expect(config.redis?.kind).toBe(name.startsWith('overlays/production-sentinel') ? 'sentinels' : 'url');
    }
  });
});

describe('Kubernetes manifests against the code', () => {
  const serviceOf = (name: string) => production.find((o) => o.kind === 'Service' && o.metadata.name === name);
  const deploymentOf = (name: string) => deployments(production).find((w) => w.object.metadata.name === name)!;
  const environment = (w: Workload) => environmentOf(w.pod.containers[0]!, production, secretValues);

  it("points the edge at each subgraph's Service, on the port its process listens on, as the supergraph records", () => {
    const edge = loadConfig(environment(deploymentOf('edge')));
    for (const entry of subgraphRegistry) {
      const url = new URL(entry.remoteUrl(edge)!);
      expect(url.href).toBe(entry.defaultUrl);
      const service = serviceOf(url.hostname)!.spec as {
        selector: Record<string, string>;
        ports: { port: number; targetPort: string }[];
      };
      const target = deployments(production).find((w) =>
        Object.entries(service.selector).every(([k, v]) => w.labels[k] === v),
      )!;
      expect(entryOf(target.pod.containers[0]!)).toBe(`subgraphs/${entry.name}/src/main.ts`);
      const port = service.ports.find((candidate) => candidate.port === Number(url.port))!;
      const containerPort = target.pod.containers[0]!.ports!.find((p) => p.name === port.targetPort)!.containerPort;
      expect(loadConfig(environment(target)).PORT).toBe(containerPort);
      expect(url.pathname).toBe('/graphql');
    }
  });

  it('runs the notification worker in the worker Deployment only', () => {
    const workers = deployments(production).filter((w) =>
      entryOf(w.pod.containers[0]!) === 'subgraphs/notifications/src/worker-main.ts'
        ? true
        : entryOf(w.pod.containers[0]!) === 'subgraphs/notifications/src/main.ts' &&
          loadConfig(environment(w)).WORKER_ENABLED,
    );
    expect(workers.map((w) => w.object.metadata.name)).toEqual(['worker']);
  });

  it("migrates once per release with the operator's `migrate` command, in the release's image", () => {
    const [job] = workloadsOf(render('overlays/production/migration'));
    const container = job!.pod.containers[0]!;
    expect(container.command).toEqual(['node', 'bin/platform.mjs', 'migrate']);
    expect(read('gateway/src/operator/commands.ts')).toContain("usage: 'migrate'");
    expect(job!.pod.restartPolicy).toBe('Never');
    const images = new Set(deployments(production).map((w) => w.pod.containers[0]!.image));
    expect([...images]).toEqual([container.image]);
  });

  it('routes the Ingress to the edge, with proxy timeouts that keep quiet WebSockets open', () => {
    const ingress = production.find((o) => o.kind === 'Ingress')!;
    const annotations = ingress.metadata.annotations ?? {};
    for (const name of ['proxy-read-timeout', 'proxy-send-timeout'])
      expect(Number(annotations[`nginx.ingress.kubernetes.io/${name}`])).toBeGreaterThanOrEqual(3600);
    expect(JSON.stringify(ingress.spec)).toContain('"service":{"name":"edge","port":{"name":"http"}}');
  });

  it("scales the worker with KEDA on the notification queues' ready jobs, reading the database from the Secret", () => {
    const objects = render('overlays/production-keda');
    const scaled = objects.find((o) => o.kind === 'ScaledObject')!.spec as {
      scaleTargetRef: { name: string };
      triggers: { type: string; metadata: { query: string }; authenticationRef: { name: string } }[];
    };
    expect(deployments(objects).map((w) => w.object.metadata.name)).toContain(scaled.scaleTargetRef.name);
    expect((deploymentOf('worker').object.spec as { replicas?: number }).replicas).toBe(2);
    expect(
      (deployments(objects).find((w) => w.object.metadata.name === 'worker')!.object.spec as { replicas?: number })
        .replicas,
    ).toBeUndefined();
    const [trigger] = scaled.triggers;
    expect(trigger!.type).toBe('postgresql');
    expect(trigger!.metadata.query).toContain(`${jobEngineSchema}.job`);
    expect(read('subgraphs/notifications/src/jobs/job-queue.ts')).toContain(
      "notificationJobQueue = 'notification-jobs'",
    );
    for (const queue of ['notification-jobs', notificationRequestQueue])
      expect(trigger!.metadata.query).toContain(`'${queue}'`);
    const auth = objects.find(
      (o) => o.kind === 'TriggerAuthentication' && o.metadata.name === trigger!.authenticationRef.name,
    )!;
    expect(auth.spec).toEqual({
      secretTargetRef: [{ parameter: 'connection', name: 'platform-secrets', key: 'DATABASE_URL' }],
    });
  });
});

/** The settings of the release's ConfigMap in a render. */
function configMapOf(objects: KubernetesObject[]): Record<string, string> {
  const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'platform-config');
  return (configMap?.data ?? {}) as Record<string, string>;
}

/** A render without what a component changes: every container's env and mounts, every pod's volumes, the ConfigMap. */
function withoutEnvironment(objects: KubernetesObject[]): unknown[] {
  return objects
    .filter((object) => object.kind !== 'ConfigMap')
    .map((object) => {
      const copy = structuredClone(object);
      for (const w of workloadsOf([copy])) {
        delete w.pod.volumes;
        for (const container of containersOf(w)) {
          delete container.env;
          delete container.volumeMounts;
        }
      }
      return copy;
    });
}

describe('Kubernetes manifests: Redis through Sentinel (components/redis-sentinel)', () => {
  const sentinel = render('overlays/production-sentinel');
  const sentinelMigration = render('overlays/production-sentinel/migration');
  const parts = [...workloadsOf(sentinel), ...workloadsOf(sentinelMigration)];
  const sentinelSettings = ['REDIS_SENTINELS', 'REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_TLS'];
  /** The operator's Secret for a Redis behind Sentinels: no REDIS_URL; both passwords. */
  const sentinelSecret = {
    ...Object.fromEntries(Object.entries(secretValues).filter(([key]) => key !== 'REDIS_URL')),
    REDIS_SENTINEL_PASSWORD: 'sentinel-password-from-the-secret',
    REDIS_PASSWORD: 'redis-password-from-the-secret',
  };

  it('changes nothing but the Redis settings: the same objects as production otherwise', () => {
    expect(withoutEnvironment(sentinel)).toEqual(withoutEnvironment(production));
    expect(withoutEnvironment(sentinelMigration)).toEqual(withoutEnvironment(render('overlays/production/migration')));
    const { REDIS_SENTINELS, REDIS_SENTINEL_NAME, REDIS_SENTINEL_TLS, ...rest } = configMapOf(sentinel);
    expect(rest).toEqual(configMapOf(production));
    expect([REDIS_SENTINELS, REDIS_SENTINEL_NAME, REDIS_SENTINEL_TLS].every(Boolean)).toBe(true);
  });

  it.each(parts.map((w) => [`${w.object.kind} ${w.object.metadata.name}`, w] as const))(
    '%s: no REDIS_URL; reaches the Sentinels the ConfigMap names, with the passwords of the Secret',
    (_, w) => {
      const objects = w.object.kind === 'Job' ? sentinelMigration : sentinel;
      for (const container of containersOf(w)) {
        const names = (container.env ?? []).map((variable) => variable.name);
        expect(names, container.name).not.toContain('REDIS_URL');
        for (const password of ['REDIS_SENTINEL_PASSWORD', 'REDIS_PASSWORD']) {
          const reference = container.env!.find((variable) => variable.name === password);
          expect(reference?.valueFrom?.secretKeyRef, `${container.name} ${password}`).toEqual({
            name: 'platform-secrets',
            key: password,
            optional: true,
          });
        }
        // The environment as the kubelet builds it from this Secret: the configuration the process will run with.
        const config = loadConfig(environmentOf(container, objects, sentinelSecret));
        const settings = configMapOf(sentinel);
        expect(config.REDIS_URL).toBeUndefined();
        expect(config.redis).toEqual({
          kind: 'sentinels',
          sentinels: settings.REDIS_SENTINELS!.split(',').map((pair) => ({
            host: pair.split(':')[0],
            port: Number(pair.split(':')[1]),
          })),
          name: settings.REDIS_SENTINEL_NAME,
          sentinelPassword: sentinelSecret.REDIS_SENTINEL_PASSWORD,
          password: sentinelSecret.REDIS_PASSWORD,
          tls: settings.REDIS_SENTINEL_TLS === 'true',
        });
        // A Redis without passwords: the optional keys absent from the Secret, the process still starts.
        const unprotected = loadConfig(environmentOf(container, objects, secretValues));
        expect(unprotected.redis).toMatchObject({
          kind: 'sentinels',
          sentinelPassword: undefined,
          password: undefined,
        });
      }
    },
  );

  it('gives the Deployments the Sentinels through the ConfigMap, and the Job (which has none) the same values', () => {
    for (const w of workloadsOf(sentinel)) {
      const env = w.pod.containers[0]!.env ?? [];
      for (const name of sentinelSettings)
        expect(
          env.map((variable) => variable.name),
          w.object.metadata.name,
        ).not.toContain(name);
    }
    const [job] = workloadsOf(sentinelMigration);
    const literal = (name: string) => job!.pod.containers[0]!.env!.find((variable) => variable.name === name)?.value;
    expect(job!.pod.containers[0]!.envFrom).toBeUndefined();
    for (const name of ['REDIS_SENTINELS', 'REDIS_SENTINEL_NAME'])
      expect(literal(name), name).toBe(configMapOf(sentinel)[name]);
  });
});

describe('Kubernetes manifests: FCM credentials from the Secret (components/fcm)', () => {
  const fcm = render('overlays/production-fcm');
  const settings = configMapOf(fcm);
  /**
   * The processes that read FCM_CREDENTIALS_FILE when FCM_ENABLED is true, and where: auth sends confirmation
   * pushes, the notifications subgraph checks the credentials for /health, the worker delivers push jobs.
   */
  const readers: Record<string, string> = {
    auth: 'subgraphs/auth/src/confirmations/confirmation.wiring.ts',
    notifications: 'subgraphs/notifications/src/app.ts',
    worker: 'subgraphs/notifications/src/channels/channel.wiring.ts',
  };

  it('changes nothing but the FCM settings and mounts: the same objects as production otherwise', () => {
    expect(withoutEnvironment(fcm)).toEqual(withoutEnvironment(production));
    const { FCM_ENABLED, FCM_CREDENTIALS_FILE, ...rest } = configMapOf(fcm);
    const { FCM_ENABLED: off, ...before } = configMapOf(production);
    expect([off, FCM_ENABLED]).toEqual(['false', 'true']);
    expect(rest).toEqual(before);
    expect(FCM_CREDENTIALS_FILE).toMatch(/^\/.+\.json$/);
  });

  it('mounts the Secret read-only in the parts that read the file, at the path FCM_CREDENTIALS_FILE names', () => {
    for (const file of Object.values(readers)) expect(read(file), file).toMatch(/FCM_ENABLED \? /);
    for (const w of deployments(fcm)) {
      const name = w.object.metadata.name;
      const container = w.pod.containers[0]!;
      const mounts = (container.volumeMounts ?? []).filter((mount) =>
        (w.pod.volumes ?? []).some((volume) => volume.name === mount.name && volume.secret),
      );
      if (!(name in readers)) {
        expect(mounts, `${name} reads no FCM file`).toEqual([]);
        continue;
      }
      expect(mounts.length, name).toBe(1);
      const [mount] = mounts;
      const volume = w.pod.volumes!.find((candidate) => candidate.name === mount!.name)!;
      expect(mount!.readOnly, name).toBe(true);
      expect(volume.secret!.secretName).toBe('platform-secrets');
      const [item] = volume.secret!.items!;
      expect(volume.secret!.items).toHaveLength(1);
      expect(join(mount!.mountPath, item!.path)).toBe(settings.FCM_CREDENTIALS_FILE);
      expect(loadConfig(environmentOf(container, fcm, secretValues)).FCM_CREDENTIALS_FILE).toBe(
        settings.FCM_CREDENTIALS_FILE,
      );
    }
    for (const w of workloadsOf(render('overlays/production/migration')))
      expect(w.pod.volumes, 'the migration Job').toBeUndefined();
  });

  it('the file the kubelet would mount there is one FCM accepts: the product opens its client from it', async () => {
    const { FcmProvider } = await import('@platform/lib/push/fcm');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = {
      type: 'service_account',
      project_id: 'platform-test',
      private_key_id: 'test',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'push@platform-test.iam.gserviceaccount.com',
      client_id: '1',
    };
    const mountRoot = mkdtempSync(join(tmpdir(), 'kubelet-'));
    try {
      for (const w of deployments(fcm).filter((candidate) => candidate.object.metadata.name in readers)) {
        const container = w.pod.containers[0]!;
        const mount = container.volumeMounts!.find((m) => m.readOnly)!;
        const volume = w.pod.volumes!.find((candidate) => candidate.name === mount.name)!;
        // The kubelet writes each item of the Secret at <mountPath>/<path>: here under a folder standing for /.
        const file = join(mountRoot, w.object.metadata.name, mount.mountPath, volume.secret!.items![0]!.path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(account));
        const environment = environmentOf(container, fcm, secretValues);
        const config = loadConfig({
          ...environment,
          FCM_CREDENTIALS_FILE: join(mountRoot, w.object.metadata.name, environment.FCM_CREDENTIALS_FILE!),
        });
        const provider = new FcmProvider({ config, appName: `k8s-${w.object.metadata.name}` });
        await provider.close();
      }
    } finally {
      rmSync(mountRoot, { recursive: true, force: true });
    }
  });
});
