import { zodToJsonSchema } from 'zod-to-json-schema';
import type { HttpMethod, RestRoute, Schema } from './route.js';

/** One answer of a path: a JSON body of `schema`, or other content (bytes, text) given as OpenAPI media types. */
export interface DescribedResponse {
  description: string;
  schema?: Schema;
  content?: Record<string, { schema: object }>;
  headers?: Record<string, object>;
}

/**
 * A path as the OpenAPI description renders it and as the test client checks real answers against it
 * (test/response-contract.ts): the REST routes through `describeRoute`, the edge's own paths declared as such.
 */
export interface DescribedPath {
  method: HttpMethod;
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** `any`: a user's or a service's token, either (the token being verified). */
  auth: RestRoute['auth'] | 'any';
  params?: Schema;
  query?: Schema;
  headers?: { name: string; required: boolean; description: string }[];
  requestBody?: object;
  /** Success answers, and refusals whose body is not the one error body. */
  responses: Record<number, DescribedResponse>;
  /** Statuses answered with the one error body `{ message, statusCode }`. */
  errors: number[];
}

const errorBody = {
  type: 'object',
  required: ['message', 'statusCode'],
  additionalProperties: false,
  properties: {
    message: { type: 'string' },
    statusCode: { type: 'integer', description: 'The HTTP status, repeated' },
    errors: {
      type: 'array',
      description: 'Validation refusals only: every problem found, the first one in `message`',
      items: {
        type: 'object',
        required: ['path', 'message'],
        additionalProperties: false,
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const errorMeanings: Record<number, string> = {
  400: 'Invalid body, parameters or query: the message names the field',
  401: 'Missing, invalid, expired or revoked token, or wrong credentials or signature',
  403: 'Authenticated but lacking a permission, the trust level, or a service token',
  404: 'Unknown record, or one of another user',
  409: 'Conflict with a record that exists',
  410: 'A single-use confirmation already used or expired',
  413: 'Request body too large (1 MB; files 25 MB)',
  412: 'Precondition failed: the record changed since the `ETag` given in `If-Match` (nothing written)',
  415: 'Unsupported content type',
  422: 'An Idempotency-Key already used with another request body',
  429: 'Rate limit exceeded; Retry-After gives the seconds to wait',
  503: 'A store the operation needs is unreachable (Service temporarily unavailable)',
};

const schemaOf = (schema: Schema): Record<string, unknown> =>
  zodToJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none', pipeStrategy: 'input' }) as Record<
    string,
    unknown
  >;

function requestBodyOf(route: RestRoute) {
  if (route.upload) {
    const { field, maxBytes } = route.upload;
    const file = { type: 'string', format: 'binary', description: `At most ${maxBytes} bytes; larger: 413.` };
    const schema = { type: 'object', required: [field], properties: { [field]: file } };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  return route.body ? { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } } : undefined;
}

/** A download's bytes come with their own content type, as an attachment (rest-adapters/src/download.ts). */
const downloadResponse: DescribedResponse = {
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

/**
 * Refusals every route of its kind can answer; others (409, 410, 500) fall under `default`. Every route answers
 * 400 to a query parameter it does not declare.
 */
function errorsOf(route: RestRoute): number[] {
  return [
    400,
    ...(route.auth === 'none' ? [] : [401, 403]),
    ...(route.params ? [404] : []),
    ...(route.body || route.upload ? [413, 415] : []),
    ...(route.refusals ?? []),
    ...(route.guardedBy ? [412] : []),
    429,
    503,
  ].sort((a, b) => a - b);
}

const entityTag = {
  schema: { type: 'string' },
  description:
    'A strong tag of this answer: it changes when anything in it changes (a list: an item, the order, the total)',
};

/** The tag of a GET that declares its version (decisions: issue 28): the version, not a digest of the body. */
const versionTag = {
  schema: { type: 'string' },
  description:
    "A strong tag of the record's version (its id and `updatedAt`; a page: its window, its total and each item's id " +
    'and `updatedAt` in order): it changes when the record changes (a page: an item, the order, the total). Names ' +
    "of other records shown in the answer (a department's, a participant's, a customer's) are not part of it",
};

/** The version tag as the route describes it (`version.describes`), else a record's or a page's of records. */
const versionTagOf = (route: RestRoute) =>
  route.version?.describes ? { schema: versionTag.schema, description: route.version.describes } : versionTag;

/** A GET's JSON answer carries an `ETag`; `If-None-Match` with a current tag answers 304 with no body. */
const conditionalRead: { header: NonNullable<DescribedPath['headers']>[number]; notModified: DescribedResponse } = {
  header: {
    name: 'If-None-Match',
    required: false,
    description: 'Tags of copies the client holds (or `*`): when one is current, 304 Not Modified with no body',
  },
  notModified: {
    description: 'Not modified: the copy the client holds is current (no body)',
    headers: { ETag: entityTag },
  },
};

/** A versioned GET answers `If-None-Match` from its version, read cheaply before the full answer. */
const versionedRead: typeof conditionalRead = {
  header: {
    ...conditionalRead.header,
    description:
      'Tags of copies the client holds (or `*`): compared with the version read first by one cheap statement, under ' +
      'the same permission and refusals as the full read; when one is current, 304 Not Modified with no body and ' +
      'the full read never runs',
  },
  notModified: { ...conditionalRead.notModified, headers: { ETag: versionTag } },
};

/** The 304 of a versioned GET, its tag as the route describes it. */
const versionedNotModified = (route: RestRoute): DescribedResponse => ({
  ...versionedRead.notModified,
  headers: { ETag: versionTagOf(route) },
});

/** A write guarded by its record's GET (`guardedBy`) honours `If-Match`. */
const conditionalWrite = {
  name: 'If-Match',
  required: false,
  description:
    'The `ETag` of the record as the client last read it (GET of the same record): when the record has changed ' +
    'since, 412 `Precondition failed` and nothing is written',
};

const readOf = (route: RestRoute) => (route.version ? versionedRead : conditionalRead);

/** The route's own headers, then the conditional request's (`If-None-Match` on a read, `If-Match` on a guarded write). */
function headersOf(route: RestRoute, conditional: boolean): DescribedPath['headers'] {
  const own = route.headers ?? [];
  if (conditional) return [...own, readOf(route).header];
  if (route.guardedBy) return [...own, conditionalWrite];
  return own.length > 0 ? own : undefined;
}

export function describeRoute(route: RestRoute): DescribedPath {
  const statuses = typeof route.status === 'object' ? route.status.possible : [route.status ?? 200];
  const conditional = route.method === 'GET' && !route.download;
  const success: DescribedResponse = route.download
    ? downloadResponse
    : {
        description: 'Success',
        schema: route.response,
        ...(conditional ? { headers: { ETag: route.version ? versionTagOf(route) : entityTag } } : {}),
      };
  const operation = route.operation.replace(/\s+/g, ' ').trim();
  const versionOperation = route.version?.operation.replace(/\s+/g, ' ').trim();
  return {
    method: route.method,
    url: route.url,
    operationId: /^(?:query|mutation) (\w+)/.exec(operation)![1]!,
    summary: route.summary,
    description:
      `Runs the GraphQL operation:\n\n\`\`\`graphql\n${operation}\n\`\`\`` +
      (versionOperation
        ? `\n\nWith \`If-None-Match\`, first its version:\n\n\`\`\`graphql\n${versionOperation}\n\`\`\``
        : ''),
    tag: route.tag,
    auth: route.auth,
    params: route.params,
    query: route.query,
    headers: headersOf(route, conditional),
    requestBody: requestBodyOf(route),
    responses: {
      ...Object.fromEntries(statuses.map((status) => [status, success])),
      ...(conditional
        ? ({ 304: route.version ? versionedNotModified(route) : conditionalRead.notModified } as Record<
            number,
            DescribedResponse
          >)
        : {}),
    },
    errors: errorsOf(route),
  };
}

function parametersOf(path: DescribedPath) {
  const params = path.params ? schemaOf(path.params) : {};
  const pathSchemas = (params.properties ?? {}) as Record<string, object>;
  const inPath = [...path.url.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    schema: pathSchemas[name!] ?? { type: 'string' },
  }));
  const query = path.query ? schemaOf(path.query) : {};
  const required = (query.required ?? []) as string[];
  const inQuery = Object.entries((query.properties ?? {}) as Record<string, { description?: string }>).map(
    ([name, { description, ...schema }]) => ({
      name,
      in: 'query',
      required: required.includes(name),
      ...(description ? { description } : {}),
      schema,
    }),
  );
  const inHeaders = (path.headers ?? []).map((header) => ({ ...header, in: 'header', schema: { type: 'string' } }));
  return [...inPath, ...inQuery, ...inHeaders];
}

const securityOf: Record<DescribedPath['auth'], object[]> = {
  none: [],
  bearer: [{ bearer: [] }],
  service: [{ serviceToken: [] }],
  any: [{ bearer: [] }, { serviceToken: [] }],
};

function responseOf({ description, schema, content, headers }: DescribedResponse) {
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(schema ? { content: { 'application/json': { schema: schemaOf(schema) } } } : content ? { content } : {}),
  };
}

function operationOf(path: DescribedPath) {
  const answers = Object.entries(path.responses).map(([status, response]) => [status, responseOf(response)]);
  const refusals = path.errors
    .filter((status) => !(status in path.responses))
    .map((status) => [String(status), { $ref: `#/components/responses/${status}` }]);
  return {
    operationId: path.operationId,
    summary: path.summary,
    ...(path.description ? { description: path.description } : {}),
    tags: [path.tag],
    security: securityOf[path.auth],
    parameters: parametersOf(path),
    ...(path.requestBody ? { requestBody: path.requestBody } : {}),
    responses: {
      ...Object.fromEntries([...answers, ...refusals]),
      default: { $ref: '#/components/responses/default' },
    },
  };
}

function errorResponse(description: string, status?: number) {
  return {
    description,
    ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds' } } } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

/**
 * The OpenAPI description, derived from the same declarations that serve the paths (the REST routes, and the
 * edge's own paths passed in by the gateway), so it cannot drift.
 */
export function openApiDocument(routes: RestRoute[], version: string, edgePaths: DescribedPath[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const path of [...routes.map(describeRoute), ...edgePaths]) {
    const template = path.url.replace(/:(\w+)/g, '{$1}');
    paths[template] ??= {};
    paths[template][path.method.toLowerCase()] = operationOf(path);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Platform REST API',
      version,
      description:
        'REST adapters over the federated GraphQL graph, and the edge’s health and token verification paths. ' +
        'Every error body is `{ message, statusCode }`; every response carries `X-Request-Id`.',
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'A standard or biometric access token. A biometric one also needs `X-Device-Fingerprint`: ' +
            "its device's fingerprint. A token bound to the device key (`cnf.jkt`, issue 27) is sent as " +
            '`Authorization: DPoP <token>` (or `Bearer`) with a fresh RFC 9449 proof in the `DPoP` header on every ' +
            'request (`htm`, `htu`, `iat`, `jti`, `ath`); a refused proof answers 401 with ' +
            '`WWW-Authenticate: DPoP error="invalid_dpop_proof"`. Responses to proof senders carry `DPoP-Nonce`.',
        },
        serviceToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A service token (`token_use: service`), issued by an admin; a user token here is 403.',
        },
      },
      schemas: { Error: errorBody },
      responses: {
        ...Object.fromEntries(
          Object.entries(errorMeanings).map(([status, meaning]) => [status, errorResponse(meaning, Number(status))]),
        ),
        default: errorResponse('Any other refusal (409, 410, 500 ...), with the same body'),
      },
    },
    paths,
  };
}
