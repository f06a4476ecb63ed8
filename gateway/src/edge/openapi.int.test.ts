import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../../test/client.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';

/**
 * Served by the edge but not API paths of the REST reference (decisions: The OpenAPI description): GraphQL has its
 * schema, the pages are for browsers, the description does not describe itself, and OPTIONS answers CORS preflights.
 */
const notInTheDescription = [
  'GET /graphql',
  'POST /graphql',
  'GET /docs',
  'GET /console',
  'GET /console/assets/:name',
  'GET /console/push-worker.js',
  'GET /assets/:name',
  'GET /openapi.json',
  'OPTIONS /*',
];

/**
 * Every (method, path) the running app registered, read from Fastify's route tree (`printRoutes`, one node per
 * line, four columns of indentation per level). HEAD is left out: Fastify adds one to every GET.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const [, indent, segment, methods] = node;
    const depth = indent!.length / 4;
    // A root-level wildcard prints as `*`: its path is `/*`.
    prefixes[depth] = (prefixes[depth - 1] ?? (segment!.startsWith('/') ? '' : '/')) + segment;
    prefixes.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${prefixes[depth]}`);
    }
  }
  return routes.sort();
}

describe.skipIf(servicesMissing)('the OpenAPI description served at /openapi.json', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let document: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    server = await startIsolatedServer();
    document = (await httpClient(server.url).get('/openapi.json')).body;
  });
  afterAll(async () => server?.close());

  it('is a valid OpenAPI 3.0 document', async () => {
    expect(await validate(structuredClone(document) as never)).toMatchObject({ valid: true, warnings: [] });
  });

  it('describes every route the edge serves, and nothing else, but the listed non-API paths', () => {
    const registered = registeredRoutes(server.system.app);
    for (const route of registered) {
      const [method, url] = route.split(' ');
      expect(server.system.app.hasRoute({ method: method as 'GET', url: url! }), route).toBe(true);
    }
    expect(registered).toEqual(expect.arrayContaining(notInTheDescription));
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(described.sort()).toEqual(registered.filter((route) => !notInTheDescription.includes(route)));
  });
});
