import { zodToJsonSchema } from 'zod-to-json-schema';
import type { RestRoute } from './route.js';

const errorBody = {
  type: 'object',
  required: ['message', 'statusCode'],
  properties: {
    message: { type: 'string' },
    statusCode: { type: 'integer' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const schemaOf = (schema: RestRoute['body']) =>
  schema ? zodToJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none' }) : undefined;

function requestBodyOf(route: RestRoute) {
  if (route.upload) {
    const { field, maxBytes } = route.upload;
    const file = { type: 'string', format: 'binary', description: `At most ${maxBytes} bytes; larger: 413.` };
    const schema = { type: 'object', required: [field], properties: { [field]: file } };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  const body = schemaOf(route.body);
  return body ? { required: true, content: { 'application/json': { schema: body } } } : undefined;
}

/** A download's bytes come with their own content type, as an attachment (rest-adapters/src/download.ts). */
const downloadContent = {
  description: 'The bytes, with the content type given at upload',
  headers: {
    'Content-Disposition': {
      schema: { type: 'string' },
      description: '`attachment; filename="<ASCII fallback>"; filename*=UTF-8\'\'<name, percent-encoded>`',
    },
    'Content-Length': { schema: { type: 'integer' } },
    'X-Content-Type-Options': { schema: { type: 'string', enum: ['nosniff'] } },
  },
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

function parametersOf(route: RestRoute) {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  return names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

/** The OpenAPI description is derived from the same declarations that serve the paths, so it cannot drift. */
export function openApiDocument(routes: RestRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const requestBody = requestBodyOf(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      description: `Runs the GraphQL operation:\n\n\`\`\`graphql\n${route.operation.replace(/\s+/g, ' ').trim()}\n\`\`\``,
      security: route.auth === 'none' ? [] : [{ bearer: [] }],
      parameters: parametersOf(route),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        ...Object.fromEntries(
          (typeof route.status === 'object' ? route.status.possible : [route.status ?? 200]).map((status) => [
            String(status),
            route.download ? downloadContent : { description: 'Success' },
          ]),
        ),
        default: { description: 'Error', content: { 'application/json': { schema: errorBody } } },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Platform REST API',
      version,
      description: 'REST adapters over the federated GraphQL graph. Error bodies are `{ message, statusCode }`.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
