import { z, type ZodType, type ZodTypeDef } from 'zod';
import { ValidationError } from './errors.js';

export { z };

/** Zod messages name the rule; the path names the field; the submitted value is never echoed. */
export function validate<Output>(schema: ZodType<Output, ZodTypeDef, unknown>, input: unknown): Output {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body'),
    message: issue.code === 'unrecognized_keys' ? `unknown field` : issue.message,
  }));
  const first = errors[0]!;
  throw new ValidationError(`${first.path}: ${first.message}`, errors);
}

export const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
export const email = z.string().trim().toLowerCase().email('must be a valid e-mail address').max(255);
export const uuid = z.string().uuid('must be a UUID');
