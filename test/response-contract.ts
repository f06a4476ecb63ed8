import { edgePaths } from '@platform/gateway/edge/edge-paths';
import { z } from '@platform/lib/validation';
import { restRoutes } from '@platform/rest-adapters/index';
import { describeRoute } from '@platform/rest-adapters/openapi';
import type { Schema } from '@platform/rest-adapters/route';

/** Static segments before parameters, as Fastify's router prefers them (`/tasks/my` before `/tasks/:unique_code`). */
const described = [...restRoutes.map(describeRoute), ...edgePaths]
  .map((path) => ({ path, pattern: new RegExp(`^${path.url.replace(/:\w+/g, '[^/]+')}$`) }))
  .sort((a, b) => a.path.url.split(':').length - b.path.url.split(':').length);

const errorBody = z.strictObject({
  message: z.string(),
  statusCode: z.number().int(),
  errors: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
});

function problemsOf(schema: Schema, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
}

/**
 * Why an answer breaks the OpenAPI description (its declared status and body shape, or the one error body for a
 * refusal), or undefined when it conforms or its path is not described. The test client asks this of every answer.
 */
export function contractBreachOf(method: string, url: string, status: number, body: unknown): string | undefined {
  const pathname = new URL(url, 'http://localhost').pathname;
  const entry = described.find(({ path, pattern }) => path.method === method && pattern.test(pathname));
  if (!entry) return undefined;
  const declared = entry.path.responses[status];
  if (declared) return declared.schema && problemsOf(declared.schema, body);
  if (status < 400) return `status ${status} is not described`;
  const problems = problemsOf(errorBody, body);
  if (problems) return problems;
  const { statusCode } = body as { statusCode: number };
  return statusCode === status ? undefined : `statusCode ${statusCode} in a ${status} answer`;
}
