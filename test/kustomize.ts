import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** One rendered Kubernetes object: only the fields every object has are typed; the rest is read where needed. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

type Json = Record<string, unknown>;

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path: string }[];
}

/**
 * The fields of kustomization.yaml this renderer implements, which are all that deploy/kubernetes uses; any
 * other field fails the render, so a manifest never relies on a transformation the test silently skips.
 */
const knownFields = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images', 'replicas', 'patches']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readDocuments(file: string): Json[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as unknown)
    .filter(isObject);
}

/**
 * A strategic merge patch as kustomize applies it to the fields used here: maps merge key by key, `null`
 * deletes a field, lists of named items (containers, env, volumes) merge item by item on `name`, and any
 * other list is replaced.
 */
export function strategicMerge(target: unknown, patch: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(patch) && patch.every((item) => isObject(item) && 'name' in item)) {
    const merged = target.map((item) => {
      const update = patch.find((candidate) => isObject(item) && (candidate as Json).name === item.name);
      return update === undefined ? item : strategicMerge(item, update);
    });
    const added = patch.filter((item) => !target.some((existing) => isObject(existing) && existing.name === item.name));
    return [...merged, ...added];
  }
  if (!isObject(target) || !isObject(patch)) return patch;
  const result: Json = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new Error(`kustomize: patch directive ${key} is not supported by this renderer`);
    if (value === null) delete result[key];
    else result[key] = key in target ? strategicMerge(target[key], value) : value;
  }
  return result;
}

function sameObject(a: Json, b: KubernetesObject): boolean {
  const metadata = a.metadata as { name?: string } | undefined;
  return a.kind === b.kind && metadata?.name === b.metadata.name;
}

/** Each `containers` / `initContainers` list anywhere in the object: where images are named. */
function forEachContainer(value: unknown, visit: (container: Json) => void): void {
  if (Array.isArray(value)) return value.forEach((item) => forEachContainer(item, visit));
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(child))
      child.filter(isObject).forEach(visit);
    else forEachContainer(child, visit);
  }
}

function setImages(objects: KubernetesObject[], images: NonNullable<Kustomization['images']>): void {
  for (const object of objects) {
    forEachContainer(object, (container) => {
      const image = String(container.image);
      const [name, tag] = image.split(/:(?=[^/]*$)/);
      const rule = images.find((candidate) => candidate.name === name);
      if (rule) container.image = `${rule.newName ?? name}${(rule.newTag ?? tag) ? `:${rule.newTag ?? tag}` : ''}`;
    });
  }
}

/**
 * Renders a kustomization directory as `kubectl kustomize` does, for the subset of kustomize that
 * deploy/kubernetes uses (knownFields above): resources (files or directories, recursively), patches
 * (strategic merge, matched on kind and name), then namespace, images and replicas.
 */
export function renderKustomization(directory: string): KubernetesObject[] {
  const file = join(directory, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`kustomize: no kustomization.yaml in ${directory}`);
  const kustomization = readDocuments(file)[0] as Kustomization;
  const unknown = Object.keys(kustomization).filter((field) => !knownFields.has(field));
  if (unknown.length > 0) throw new Error(`kustomize: ${file} uses ${unknown.join(', ')}, which this renderer lacks`);
  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(directory, resource);
    return statSync(path).isDirectory()
      ? renderKustomization(path)
      : (readDocuments(path) as unknown as KubernetesObject[]);
  });
  for (const { path } of kustomization.patches ?? []) {
    for (const patch of readDocuments(join(directory, path))) {
      if (!objects.some((object) => sameObject(patch, object)))
        throw new Error(`kustomize: ${join(directory, path)} patches no object of ${dirname(file)}`);
      objects = objects.map((object) =>
        sameObject(patch, object) ? (strategicMerge(object, patch) as KubernetesObject) : object,
      );
    }
  }
  if (kustomization.namespace) {
    for (const object of objects) object.metadata = { ...object.metadata, namespace: kustomization.namespace };
  }
  setImages(objects, kustomization.images ?? []);
  for (const { name, count } of kustomization.replicas ?? []) {
    const target = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === name);
    if (!target) throw new Error(`kustomize: replicas for ${name}, which ${directory} has no Deployment of`);
    target.spec = { ...(target.spec as Json), replicas: count };
  }
  return objects;
}
