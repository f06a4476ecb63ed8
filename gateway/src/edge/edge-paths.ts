import { z } from '@platform/lib/validation';
import type { DescribedPath } from '@platform/rest-adapters/openapi';
import { timestamp } from '@platform/rest-adapters/response.shapes';

const serviceHealth = z.enum(['healthy', 'unhealthy', 'disabled']);
const status = z.enum(['ok', 'degraded']);

/** The auth spec's Health record (decisions: Shapes and codes). */
const healthShape = z.strictObject({
  status,
  timestamp,
  version: z.string(),
  uptime: z.number().int().min(0).describe('Seconds since start'),
  services: z.strictObject({ database: serviceHealth, cache: serviceHealth, push: serviceHealth }),
});

const databaseHealthShape = z.strictObject({ status, timestamp, database: serviceHealth });

/** A service token's claims carry no user: id, email, device and trust are null. */
const verifiedShape = z.strictObject({
  valid: z.literal(true),
  claims: z.strictObject({
    id: z.number().int().nullable(),
    email: z.string().nullable(),
    permissions: z.array(z.string()),
    token_use: z.string(),
    device_id: z.string().nullable(),
    trust_level: z.enum(['low', 'medium', 'high']).nullable(),
    service: z.string().optional().describe('Service tokens only'),
    cnf: z
      .strictObject({ jkt: z.string() })
      .optional()
      .describe('Tokens bound to a device key only (issue 27): the RFC 7638 thumbprint of that key'),
  }),
});

const refusedShape = z.strictObject({ valid: z.literal(false), message: z.string(), statusCode: z.literal(401) });

const userHeaders = Object.fromEntries(
  ['X-User-Id', 'X-User-Email', 'X-User-Permissions'].map((name) => [
    name,
    { schema: { type: 'string' }, description: 'Empty for a service token; permissions comma-separated' },
  ]),
);

/**
 * The edge's own API paths in the OpenAPI description (decisions: The OpenAPI description). /graphql, the pages
 * (/docs, /console, /assets) and /openapi.json are not API paths of the REST reference.
 */
export const edgePaths: DescribedPath[] = [
  {
    method: 'GET',
    url: '/health',
    operationId: 'Health',
    summary:
      'Health of the database, the cache and push: 503 and `degraded` when an enabled one fails or the process drains',
    tag: 'health',
    auth: 'none',
    responses: {
      200: { description: 'Every enabled service is healthy', schema: healthShape },
      503: { description: 'An enabled service is unhealthy, or the process is draining', schema: healthShape },
    },
    errors: [429],
  },
  {
    method: 'GET',
    url: '/health/db',
    operationId: 'DatabaseHealth',
    summary: 'Health of the database alone',
    tag: 'health',
    auth: 'none',
    responses: {
      200: { description: 'The database is healthy', schema: databaseHealthShape },
      503: { description: 'The database is unhealthy, or the process is draining', schema: databaseHealthShape },
    },
    errors: [429],
  },
  {
    method: 'GET',
    url: '/metrics',
    operationId: 'Metrics',
    summary: 'Prometheus metrics (requests, durations, /internal/verify calls per service)',
    description:
      'With METRICS_TOKEN set, only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); with METRICS_PORT ' +
      "set, served on that port instead of the edge's. Labels take bounded values only (unknown names: `other`).",
    tag: 'health',
    auth: 'none',
    responses: {
      200: { description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
    errors: [401, 429, 503],
  },
  {
    method: 'GET',
    url: '/internal/verify',
    operationId: 'VerifyToken',
    summary: 'Forward-auth: verify the bearer token (a user access token or a service token) for another service',
    tag: 'internal',
    auth: 'any',
    headers: [
      { name: 'X-Service-Name', required: true, description: 'The calling service: letters, digits, `.`, `-`, `_`' },
      { name: 'X-Device-Fingerprint', required: false, description: 'Required with a biometric access token' },
      {
        name: 'DPoP',
        required: false,
        description:
          'Required with a token bound to a device key (`cnf.jkt`): a fresh RFC 9449 proof of the forwarded request',
      },
      { name: 'X-Forwarded-Method', required: false, description: "The original request's method (a bound token)" },
      { name: 'X-Forwarded-Proto', required: false, description: "The original request's scheme (default `https`)" },
      { name: 'X-Forwarded-Host', required: false, description: "The original request's Host" },
      { name: 'X-Forwarded-Uri', required: false, description: "The original request's path (and query)" },
    ],
    responses: {
      200: { description: 'A valid, unrevoked token', schema: verifiedShape, headers: userHeaders },
      401: {
        description:
          'Missing, invalid, expired or revoked token; or a refused device proof (`WWW-Authenticate: DPoP error="invalid_dpop_proof"`)',
        schema: refusedShape,
      },
    },
    errors: [400, 429, 503],
  },
];
