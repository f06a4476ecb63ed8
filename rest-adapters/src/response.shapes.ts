import { z } from '@platform/lib/validation';
import type { Schema } from './route.js';

/** ISO 8601 UTC with milliseconds (decisions: Everywhere). */
export const timestamp = z.string().datetime();

/** `{ message }`: deletions, and the notification service's acknowledgements. */
export const messageShape = z.strictObject({ message: z.string() });

/** The auth spec wraps its success bodies as `{ "data": ... }`; the shape's type is kept, for `bodyTag` and `result`. */
export const dataOf = <Shape extends Schema>(shape: Shape) => z.strictObject({ data: shape });

export const count = z.number().int().min(0);
