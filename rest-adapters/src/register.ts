import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FormattedExecutionResult } from 'graphql';
import { ServiceTokenRequiredError } from '@platform/lib/auth/auth.errors';
import { GraphQLResultError, PreconditionFailedError, ValidationError } from '@platform/lib/errors';
import { callerOf, type GatewayContext } from '@platform/lib/graphql/context';
import { validate } from '@platform/lib/validation';
import { entityTagOf, matchHolds, noneMatchHolds } from './conditional.js';
import { sendDownload } from './download.js';
import type { RestRoute } from './route.js';
import { uploadOf } from './upload.js';

export interface RestExecutor {
  context(request: FastifyRequest): Promise<GatewayContext>;
  /** Readies an operation before any request runs it: throws when the graph refuses it. */
  prepare(operation: string): void;
  execute(
    operation: string,
    variables: Record<string, unknown>,
    context: GatewayContext,
  ): Promise<FormattedExecutionResult<Record<string, unknown>>>;
  /** The bytes of a subgraph's record (a file), read outside the graph for the same caller. */
  content(subgraph: string, id: string, context: GatewayContext): Promise<Buffer>;
}

function checkAuth(route: RestRoute, context: GatewayContext): void {
  if (route.auth === 'none') return;
  const caller = callerOf(context);
  if (route.auth === 'service' && caller.kind !== 'service') throw new ServiceTokenRequiredError();
}

/** A parameter's name is repeated in a refusal only when it is short and plain; the query is named otherwise. */
const plainParameterName = /^[\w.$[\]-]{1,64}$/;

/**
 * Query parameters a route does not declare answer 400 rather than being ignored: a bracketed form (`page[]=1`,
 * `search[$ne]=x`, `filters[bogus]=1`) is never read as something else, nor silently dropped.
 */
function checkQueryNames(route: RestRoute, query: unknown): void {
  const declared = route.query?.shape ?? {};
  const given = Object.keys((query ?? {}) as Record<string, unknown>);
  const unknown = given.find((name) => !Object.hasOwn(declared, name));
  if (unknown === undefined) return;
  const field = plainParameterName.test(unknown) ? unknown : 'query';
  throw ValidationError.field(field, 'is not a query parameter of this path');
}

/** Only the headers a route declares reach its mapping; a repeated one arrives joined, as Node joins it. */
function declaredHeaders(route: RestRoute, request: FastifyRequest): Record<string, string | undefined> {
  return Object.fromEntries(
    (route.headers ?? []).map(({ name }) => {
      const value = request.headers[name.toLowerCase()];
      return [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value];
    }),
  );
}

/** The input a route's own schemas parse from the request. */
async function inputOf(route: RestRoute, request: FastifyRequest) {
  return {
    body: route.body ? validate(route.body, request.body) : request.body,
    params: (route.params ? validate(route.params, request.params) : request.params) as Record<string, string>,
    query: (route.query ? validate(route.query, request.query) : request.query) as Record<string, unknown>,
    upload: route.upload ? await uploadOf(request, route.upload) : undefined,
    headers: declaredHeaders(route, request),
  };
}

async function dataOf(
  route: Pick<RestRoute, 'operation'>,
  variables: Record<string, unknown>,
  executor: RestExecutor,
  context: GatewayContext,
) {
  const result = await executor.execute(route.operation, variables, context);
  const [firstError] = result.errors ?? [];
  if (firstError) throw new GraphQLResultError(firstError);
  return result.data ?? {};
}

/**
 * `If-Match` on a write: the record as its GET route answers it now, for the same caller, must still carry one of
 * the tags given; otherwise 412 and the write's operation never runs (decisions: issue 28, Conditional requests).
 * Answers the `updatedAt` of the record that matched, which the write checks again under the row's lock, so a write
 * landing between this read and the write is refused too; `*` asks only that the record exist.
 */
async function checkPrecondition(
  reader: RestRoute,
  request: FastifyRequest,
  params: Record<string, string>,
  executor: RestExecutor,
  context: GatewayContext,
): Promise<string | undefined> {
  const header = request.headers['if-match'];
  if (header === undefined || !reader.result) return undefined;
  const readParams = (reader.params ? validate(reader.params, params) : params) as Record<string, string>;
  const data = await dataOf(
    reader,
    reader.variables({ body: undefined, params: readParams, query: {}, headers: {} }),
    executor,
    context,
  );
  const record = reader.result(data);
  if (!matchHolds(header, tagOfBody(reader, record))) throw new PreconditionFailedError();
  if (header.trim() === '*') return undefined;
  const { updatedAt } = record as { updatedAt?: unknown };
  return typeof updatedAt === 'string' ? updatedAt : undefined;
}

/** A GET's `ETag`: its version's tag where it declares one, else the digest of the body as served. */
function tagOfBody(route: RestRoute, body: unknown): string {
  return route.version ? route.version.bodyTag(body) : entityTagOf(body);
}

/**
 * `If-None-Match` on a GET that declares its version: the version's operation answers the current tag after one
 * cheap statement, behind the same permission and refusals as the full read (an unknown or forbidden record answers
 * as the read would, never 304). True when the client's copy is current: 304, and the full read never runs.
 */
async function notModified(
  route: RestRoute,
  input: Awaited<ReturnType<typeof inputOf>>,
  request: FastifyRequest,
  reply: FastifyReply,
  executor: RestExecutor,
  context: GatewayContext,
): Promise<boolean> {
  const header = request.headers['if-none-match'];
  if (!route.version || header === undefined) return false;
  const tag = route.version.tag(await dataOf(route.version, route.version.variables(input), executor, context));
  if (!noneMatchHolds(header, tag)) return false;
  void reply.header('etag', tag);
  return true;
}

function serve(route: RestRoute, executor: RestExecutor, reader: RestRoute | undefined): RouteOptions {
  return {
    method: route.method,
    url: route.url,
    handler: async (request, reply) => {
      const context = await executor.context(request);
      checkAuth(route, context);
      checkQueryNames(route, request.query);
      const input = await inputOf(route, request);
      // Before the cheap path: a 304 carries the Cache-Control its 200 would (RFC 9110, 15.4.5).
      if (route.noStore) void reply.header('cache-control', 'no-store');
      if (await notModified(route, input, request, reply, executor, context)) return reply.code(304).send();
      const readVersion = reader && (await checkPrecondition(reader, request, input.params, executor, context));
      const data = await dataOf(route, route.variables({ ...input, readVersion }), executor, context);
      const status = typeof route.status === 'object' ? route.status.of(data) : (route.status ?? 200);
      if (route.download) {
        const { subgraph, id, ...download } = route.download(data);
        const bytes = await executor.content(subgraph, id, context);
        return sendDownload(reply.code(status), { ...download, bytes });
      }
      const body = route.result(data);
      if (route.method !== 'GET') return reply.code(status).send(body);
      const tag = tagOfBody(route, body);
      void reply.header('etag', tag);
      if (noneMatchHolds(request.headers['if-none-match'], tag)) return reply.code(304).send();
      return reply.code(status).send(body);
    },
  };
}

/** The GET route each guarded write names (`guardedBy`); a name that is not a declared GET stops start-up. */
function readersOf(routes: RestRoute[]): Map<RestRoute, RestRoute> {
  const readers = new Map<RestRoute, RestRoute>();
  for (const route of routes.filter((candidate) => candidate.guardedBy)) {
    const reader = routes.find((candidate) => candidate.method === 'GET' && candidate.url === route.guardedBy);
    if (!reader?.result)
      throw new Error(`REST route ${route.method} ${route.url}: no GET ${route.guardedBy} to guard by`);
    readers.set(route, reader);
  }
  return readers;
}

/** Every route's operation is checked before the edge serves anything: a broken one stops start-up, named. */
function prepareOperations(routes: RestRoute[], executor: RestExecutor): void {
  for (const route of routes) {
    try {
      executor.prepare(route.operation);
      if (route.version) executor.prepare(route.version.operation);
    } catch (error) {
      throw new Error(`REST route ${route.method} ${route.url}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/**
 * Serves each declared route by validating its input and executing its GraphQL operation, once every operation
 * has been readied. Routes that take an
 * upload are served in a scope of their own, the only one that parses multipart bodies (each upload bounded by
 * its route's limit); every other route keeps the edge's JSON parser and its 1 MB body limit.
 */
export function registerRestRoutes(app: FastifyInstance, routes: RestRoute[], executor: RestExecutor): void {
  prepareOperations(routes, executor);
  const readers = readersOf(routes);
  for (const route of routes.filter((candidate) => !candidate.upload))
    app.route(serve(route, executor, readers.get(route)));
  const uploads = routes.filter((candidate) => candidate.upload);
  if (uploads.length === 0) return;
  void app.register(async (scope) => {
    await scope.register(multipart);
    for (const route of uploads) scope.route(serve(route, executor, readers.get(route)));
  });
}
