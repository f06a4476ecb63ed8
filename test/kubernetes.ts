import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import { projectRoot } from '@platform/lib/project-root';
import { renderKustomization, type KubernetesObject } from './kustomize.js';

export const kubernetesRoot = join(projectRoot(), 'deploy', 'kubernetes');

/** Every kustomization a user applies (README: Deploying to Kubernetes), by its path under deploy/kubernetes. */
export const kustomizations = [
  'base',
  'base/migration',
  'overlays/production',
  'overlays/production/migration',
  'overlays/production-keda',
  'overlays/production-sentinel',
  'overlays/production-sentinel/migration',
  'overlays/production-fcm',
] as const;

export type KustomizationPath = (typeof kustomizations)[number];

export const render = (path: KustomizationPath): KubernetesObject[] => renderKustomization(join(kubernetesRoot, path));

/** A Deployment's or Job's pod, with the object it belongs to. */
export interface Workload {
  object: KubernetesObject;
  labels: Record<string, string>;
  pod: IPodSpec;
}

export function workloadsOf(objects: KubernetesObject[]): Workload[] {
  return objects
    .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
    .map((object) => {
      const template = (object.spec as { template: { metadata?: { labels?: Record<string, string> }; spec: IPodSpec } })
        .template;
      return { object, labels: template.metadata?.labels ?? {}, pod: template.spec };
    });
}

export const containersOf = (workload: Workload): IContainer[] => [
  ...(workload.pod.initContainers ?? []),
  ...workload.pod.containers,
];

/** The TypeScript entry a container runs: `node dist/x.js` is x.ts built by `npm run build`; bin/ runs as is. */
export function entryOf(container: IContainer): string {
  const script = container.command?.[1] ?? '';
  return script.startsWith('dist/') ? script.replace(/^dist\//, '').replace(/\.js$/, '.ts') : script;
}

/**
 * The environment a container starts with, as the kubelet builds it: its ConfigMaps (envFrom), its literal values,
 * and each required key of the operator's Secret, filled here from `secretValues`; optional keys are filled from
 * it when present there, else stay unset, as when the Secret lacks them.
 */
export function environmentOf(
  container: IContainer,
  objects: KubernetesObject[],
  secretValues: Record<string, string>,
): Record<string, string> {
  const configMaps = (container.envFrom ?? []).map((source) => {
    const configMap = objects.find(
      (object) => object.kind === 'ConfigMap' && object.metadata.name === source.configMapRef?.name,
    );
    if (!configMap) throw new Error(`${container.name}: envFrom names no ConfigMap of the render`);
    return configMap.data as Record<string, string>;
  });
  const own = (container.env ?? []).flatMap(({ name, value, valueFrom }): [string, string][] => {
    if (value !== undefined) return [[name, value]];
    const key = valueFrom?.secretKeyRef;
    if (!key) return [];
    const secret = secretValues[key.key];
    if (key.optional) return secret === undefined ? [] : [[name, secret]];
    if (secret === undefined) throw new Error(`${container.name}: no test value for the Secret's key ${key.key}`);
    return [[name, secret]];
  });
  return Object.assign({}, ...configMaps, Object.fromEntries(own)) as Record<string, string>;
}

/** `kubectl kustomize` when this machine has a kubectl with kustomize v5 (the renderer's reference); else null. */
export function kubectlKustomize(): ((directory: string) => string) | null {
  try {
    const version = execFileSync('kubectl', ['version', '--client'], { encoding: 'utf8', stdio: 'pipe' });
    if (!/Kustomize Version: v5\./.test(version)) return null;
  } catch {
    return null;
  }
  return (directory) => execFileSync('kubectl', ['kustomize', directory], { encoding: 'utf8', stdio: 'pipe' });
}
