import { z, type ZodType, type ZodTypeDef } from 'zod';
import { ValidationError, type FieldProblem } from './errors.js';

export { z };

/**
 * Bounds every input obeys, whatever its schema (decisions: Security findings, item 7). Nesting is counted from
 * the input's root (a REST body, query or path; a GraphQL field's arguments); our own typed inputs nest at most
 * 5 levels, so only free-form JSON comes near it.
 */
export const inputLimits = { maxDepth: 32 } as const;

/** A free-form JSON value (product attributes, notification contexts): at most this deep and this large. */
export const freeFormLimits = { maxDepth: 16, maxBytes: 65_536 } as const;

/**
 * A problem's path names our fields only: it stops at 4 levels and at the first key that is not a plain name,
 * so keys inside free-form JSON (the client's own text) are not echoed back.
 */
const maxNamedSegments = 4;
const plainName = /^[A-Za-z_][A-Za-z0-9_[\]-]{0,63}$/;

function fieldPath(segments: readonly (string | number)[]): string {
  const named: (string | number)[] = [];
  for (const segment of segments.slice(0, maxNamedSegments)) {
    if (typeof segment === 'string' && !plainName.test(segment)) break;
    named.push(segment);
  }
  return named.join('.') || 'body';
}

/** PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is no character at all (not valid UTF-8). */
function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (/\p{Cs}/u.test(value)) return 'must be valid Unicode text';
  return null;
}

/** A container still to walk, with how it was reached: a problem's path is spelled out only when one is found. */
interface Pending {
  value: object;
  parent: Pending | null;
  key: string | number | null;
  depth: number;
}

function pathOf(pending: Pending | null, last?: string | number): (string | number)[] {
  const segments: (string | number)[] = last === undefined ? [] : [last];
  for (let at = pending; at && at.key !== null; at = at.parent) segments.unshift(at.key);
  return segments;
}

/** A scalar's problem, or null; containers are walked instead. */
function scalarProblem(value: unknown): string | null {
  if (typeof value === 'string') return textProblem(value);
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'must be a finite number';
  return null;
}

/**
 * The one rule for every submitted value, before any schema: text is valid Unicode without NUL, numbers are
 * finite (JSON's 1e400 parses as Infinity), nothing nests deeper than `inputLimits.maxDepth`. Walked without
 * recursion, so no input can exhaust the stack, and without a path per value: every request's arguments pass
 * here, some with thousands of values (a job's recipients). The first problem found, or null.
 */
export function inputProblem(input: unknown): FieldProblem | null {
  const problem = scalarProblem(input);
  if (problem) return { path: 'body', message: problem };
  if (typeof input !== 'object' || input === null) return null;
  const pending: Pending[] = [{ value: input, parent: null, key: null, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const found = containerProblem(next, pending);
    if (found) return { path: fieldPath(found.path), message: found.message };
  }
  return null;
}

interface Found {
  path: (string | number)[];
  message: string;
}

/** Checks a container's scalars at once and queues its containers; its first problem with its path. */
function containerProblem(container: Pending, pending: Pending[]): Found | null {
  const { value, depth } = container;
  if (depth >= inputLimits.maxDepth) return { path: pathOf(container), message: 'is nested too deeply' };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const problem = itemProblem(container, value[index], index, pending);
      if (problem) return problem;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (textProblem(key)) {
      return { path: pathOf(container), message: 'must not have keys with NUL characters or invalid Unicode' };
    }
    const problem = itemProblem(container, (value as Record<string, unknown>)[key], key, pending);
    if (problem) return problem;
  }
  return null;
}

function itemProblem(container: Pending, item: unknown, key: string | number, pending: Pending[]): Found | null {
  if (typeof item === 'object' && item !== null) {
    pending.push({ value: item, parent: container, key, depth: container.depth + 1 });
    return null;
  }
  const problem = scalarProblem(item);
  return problem ? { path: pathOf(container, key), message: problem } : null;
}

/** Refuses an input that breaks the rule above: 400, naming the field. */
export function refuseMalformedInput(input: unknown): void {
  const problem = inputProblem(input);
  if (problem) throw new ValidationError(`${problem.path}: ${problem.message}`, [problem]);
}

/** Zod messages name the rule; the path names the field; the submitted value is never echoed. */
export function validate<Output>(schema: ZodType<Output, ZodTypeDef, unknown>, input: unknown): Output {
  refuseMalformedInput(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body'),
    message: issue.code === 'unrecognized_keys' ? `unknown field` : issue.message,
  }));
  const first = errors[0]!;
  throw new ValidationError(`${first.path}: ${first.message}`, errors);
}

/** Levels of nesting of a JSON value, counted without recursion (a scalar is 0, `{}` is 1). */
function depthOf(root: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[root, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value !== 'object' || value === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const item of Object.values(value)) pending.push([item, depth + 1]);
  }
  return deepest;
}

/** A free-form JSON object, bounded in depth and in bytes of its compact JSON (UTF-8). */
export const freeFormObject = (maxBytes: number = freeFormLimits.maxBytes) =>
  z
    .record(z.unknown(), { invalid_type_error: 'must be an object' })
    .refine((value) => depthOf(value) <= freeFormLimits.maxDepth, {
      message: `must be at most ${freeFormLimits.maxDepth} levels deep`,
    })
    .refine((value) => Buffer.byteLength(JSON.stringify(value), 'utf8') <= maxBytes, {
      message: `must be at most ${maxBytes} bytes of JSON`,
    });

export const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
export const email = z.string().trim().toLowerCase().email('must be a valid e-mail address').max(255);
export const uuid = z.string().uuid('must be a UUID');
