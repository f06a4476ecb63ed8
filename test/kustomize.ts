import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
  patches?: { path: string; target?: { kind: string; name: string } }[];
  components?: string[];
}

/**
 * The fields of kustomization.yaml this renderer implements, which are all that deploy/kubernetes uses; any
 * other field fails the render, so a manifest never relies on a transformation the test silently skips.
 */
const knownFields = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'images',
  'replicas',
  'patches',
  'components',
]);
/** A Component (kustomize.config.k8s.io/v1alpha1) may only patch, in this renderer. */
const componentFields = new Set(['apiVersion', 'kind', 'patches']);
const targetFields = new Set(['kind', 'name']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readDocuments(file: string): Json[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as unknown)
    .filter(isObject);
}

const isDeletion = (item: Json) => item.$patch === 'delete' && Object.keys(item).length === 2;

/**
 * A strategic merge patch as kustomize applies it to the fields used here: maps merge key by key, `null`
 * deletes a field, lists of named items (containers, env, volumes, volumeMounts) merge item by item on `name`:
 * the patch's items first, in its order (each merged with the item of its name), then the items it does not
 * name, in theirs (kustomize's order); `{ name, $patch: delete }` removes the item of that name. Any other list
 * is replaced.
 */
export function strategicMerge(target: unknown, patch: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(patch) && patch.every((item) => isObject(item) && 'name' in item)) {
    const items = patch as Json[];
    const named = (name: unknown) => target.find((existing) => isObject(existing) && existing.name === name);
    const patched = items
      .filter((item) => !isDeletion(item))
      .map((item) => (named(item.name) === undefined ? item : strategicMerge(named(item.name), item)));
    const untouched = target.filter(
      (existing) => !isObject(existing) || !items.some((item) => item.name === existing.name),
    );
    return [...patched, ...untouched];
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

/** Applies a kustomization's or a component's patches: each to the object it names, or to its target's. */
function applyPatches(objects: KubernetesObject[], directory: string, patches: Kustomization['patches'] = []) {
  for (const { path, target } of patches) {
    for (const patch of readDocuments(join(directory, path))) {
      if (target && Object.keys(target).some((field) => !targetFields.has(field)))
        throw new Error(`kustomize: ${path}'s target selects by more than kind and name, which this renderer lacks`);
      // A patch with a target applies to what the target selects, if anything; without, to the object it names.
      const applies = (object: KubernetesObject) =>
        target ? object.kind === target.kind && object.metadata.name === target.name : sameObject(patch, object);
      if (!target && !objects.some(applies))
        throw new Error(`kustomize: ${join(directory, path)} patches no object of ${directory}`);
      objects = objects.map((object) =>
        applies(object)
          ? (strategicMerge(object, {
              ...patch,
              metadata: { ...(patch.metadata as Json), name: object.metadata.name },
            }) as KubernetesObject)
          : object,
      );
    }
  }
  return objects;
}

function readKustomization(directory: string, fields: Set<string>): Kustomization {
  const file = join(directory, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`kustomize: no kustomization.yaml in ${directory}`);
  const kustomization = readDocuments(file)[0] as Kustomization;
  const unknown = Object.keys(kustomization).filter((field) => !fields.has(field));
  if (unknown.length > 0) throw new Error(`kustomize: ${file} uses ${unknown.join(', ')}, which this renderer lacks`);
  return kustomization;
}

/**
 * Renders a kustomization directory as `kubectl kustomize` does, for the subset of kustomize that
 * deploy/kubernetes uses (knownFields above): resources (files or directories, recursively), components (their
 * patches, in order), patches (strategic merge, matched on kind and name, or on a target's), then namespace,
 * images and replicas.
 */
export function renderKustomization(directory: string): KubernetesObject[] {
  const kustomization = readKustomization(directory, knownFields);
  if (kustomization.kind === 'Component') throw new Error(`kustomize: ${directory} is a Component, not rendered alone`);
  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(directory, resource);
    return statSync(path).isDirectory()
      ? renderKustomization(path)
      : (readDocuments(path) as unknown as KubernetesObject[]);
  });
  for (const component of kustomization.components ?? []) {
    const path = join(directory, component);
    const { kind, patches } = readKustomization(path, componentFields);
    if (kind !== 'Component') throw new Error(`kustomize: ${path} is listed as a component but is a ${kind}`);
    objects = applyPatches(objects, path, patches);
  }
  objects = applyPatches(objects, directory, kustomization.patches);
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
