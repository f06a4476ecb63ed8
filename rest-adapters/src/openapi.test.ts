import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { restRoutes } from './index.js';
import { openApiDocument } from './openapi.js';

/** The document is plain JSON, read here as such. */
type Operation = { description: string; parameters: any[]; requestBody: any; responses: any; security: object[] };

describe('REST docs', () => {
  const document = openApiDocument(restRoutes, '1.0.0');
  const operation = (path: string, method: string) => document.paths[path]![method] as Operation;

  it('is a valid OpenAPI 3.0 document, and the validator refuses one that is not', async () => {
    expect(await validate(structuredClone(document) as never)).toMatchObject({ valid: true, warnings: [] });
    const broken = structuredClone(document);
    (broken.paths['/api/v1/tasks/{unique_code}']!.get as Operation).parameters = [];
    const refused = await validate(broken as never);
    expect(refused.valid).toBe(false);
  });

  it('describes every declared route with its path parameters in OpenAPI form', () => {
    for (const route of restRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()]).toBeDefined();
    }
  });

  it('renders the login body schema with its required fields', () => {
    const schema = operation('/api/v1/auth/login', 'post').requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['email', 'password']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('lists query parameters with whether they are required, and the success body with every key', () => {
    const statistics = operation('/api/v1/tasks/statistics', 'get');
    expect(statistics.parameters).toEqual([
      { name: 'projectId', in: 'query', required: true, schema: { type: 'string', minLength: 1 } },
      expect.objectContaining({ name: 'If-None-Match', in: 'header', required: false }),
    ]);
    expect(statistics.responses['200'].content['application/json'].schema).toMatchObject({
      required: ['total', 'byStatus', 'byPriority', 'byDepartment'],
      additionalProperties: false,
    });
    const names = operation('/api/v1/tasks/filter-options', 'get').parameters.map(({ name }) => name);
    expect(names).toEqual([
      'projectId',
      'filters[status]',
      'filters[priority]',
      'filters[departmentId]',
      'filters[tags]',
      'searches[name]',
      'If-None-Match',
    ]);
  });

  it('describes ETag and If-None-Match (304) on every JSON GET, If-Match (412) on every guarded write', () => {
    const guarded = restRoutes.filter((route) => route.guardedBy).map((route) => `${route.method} ${route.url}`);
    expect(guarded).toEqual([
      'PATCH /api/v1/projects/:uniqueCode',
      'DELETE /api/v1/projects/:uniqueCode',
      'PATCH /api/v1/projects/:uniqueCode/progress',
      'PATCH /api/v1/tasks/:unique_code',
      'PUT /api/v1/tasks/:unique_code/status',
      'DELETE /api/v1/tasks/:unique_code',
    ]);
    for (const route of restRoutes) {
      const described = operation(route.url.replace(/:(\w+)/g, '{$1}'), route.method.toLowerCase());
      // The route's own headers (DPoP, Idempotency-Key) come first, each described once; the conditional ones last.
      const own = (route.headers ?? []).map(({ name }) => name);
      const headers = described.parameters
        .filter((parameter) => parameter.in === 'header')
        .map(({ name }) => name)
        .slice(own.length);
      if (route.method === 'GET' && !route.download) {
        expect(headers, route.url).toEqual(['If-None-Match']);
        expect(described.responses['304'].headers, route.url).toHaveProperty('ETag');
        expect(described.responses['200'].headers, route.url).toHaveProperty('ETag');
      } else if (route.guardedBy) {
        expect(headers, route.url).toEqual(['If-Match']);
        expect(described.responses['412'], route.url).toEqual({ $ref: '#/components/responses/412' });
      } else expect(headers, route.url).toEqual([]);
    }
  });

  it("describes the GETs answering If-None-Match from their version: the version's operation and tag", () => {
    const versioned = restRoutes.filter((route) => route.version).map((route) => route.url);
    expect(versioned).toEqual([
      '/api/v1/auth/sessions',
      '/api/v1/auth/devices',
      '/api/v1/auth/confirmation/:id/status',
      '/api/v1/notifications/devices',
      '/api/v1/notifications',
      '/api/v1/notifications/preferences',
      '/api/v1/notifications/inbox',
      '/api/v1/projects',
      '/api/v1/projects/:uniqueCode',
      '/api/v1/projects/:uniqueCode/resource-counts',
      '/api/v1/projects/:uniqueCode/expenses',
      '/api/v1/tasks/my',
      '/api/v1/tasks/nested',
      '/api/v1/tasks/projects/:projectId/tasks',
      '/api/v1/tasks/:unique_code',
      '/api/v1/tasks/:unique_code/activities',
      '/api/v1/tasks/filter-options',
      '/api/v1/tasks/statistics',
      '/api/v1/tasks/:unique_code/comments',
      '/api/v1/webhooks',
      '/api/v1/webhooks/:id/deliveries',
    ]);
    for (const url of versioned) {
      const described = operation(url.replace(/:(\w+)/g, '{$1}'), 'get');
      expect(described.description, url).toMatch(/With `If-None-Match`, first its version:[\s\S]*EntityTag/);
      expect(described.responses['200'].headers.ETag.description, url).toMatch(/version/);
      expect(described.responses['304'].headers.ETag.description, url).toMatch(/version/);
      const header = described.parameters.find((parameter) => parameter.name === 'If-None-Match');
      expect(header.description, url).toMatch(/one cheap statement/);
    }
    // A tag that names more than update times says what it names.
    const comments = operation('/api/v1/tasks/{unique_code}/comments', 'get').responses['304'].headers.ETag;
    expect(comments.description).toMatch(/likes, its dislikes and the caller's own reaction/);
    const status = operation('/api/v1/auth/confirmation/{id}/status', 'get').responses['304'].headers.ETag;
    expect(status.description).toMatch(/by the clock alone/);
  });

  it('names the security scheme and the refusals with the one error body', () => {
    expect(operation('/api/v1/auth/login', 'post').security).toEqual([]);
    expect(operation('/api/v1/projects', 'get').security).toEqual([{ bearer: [] }]);
    const internal = operation('/internal/notifications', 'post');
    expect(internal.security).toEqual([{ serviceToken: [] }]);
    expect(internal.responses['403']).toEqual({ $ref: '#/components/responses/403' });
    const refusals = document.components.responses as Record<string, { headers?: object }>;
    expect(refusals['429']!.headers).toHaveProperty('Retry-After');
    const login = Object.keys(operation('/api/v1/auth/login', 'post').responses);
    expect(login).toEqual(['200', '400', '401', '413', '415', '429', '503', 'default']);
    expect(operation('/api/v1/auth/confirmation/{id}/verify', 'post').responses['410']).toEqual({
      $ref: '#/components/responses/410',
    });
    expect(document.components.schemas.Error.required).toEqual(['message', 'statusCode']);
  });

  it('describes the upload as multipart/form-data and the download as bytes with their headers', () => {
    const upload = operation('/api/v1/files', 'post');
    expect(upload.requestBody.content['multipart/form-data'].schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(upload.responses['201'].content['application/json'].schema.required).toContain('size');
    const download = operation('/api/v1/files/{id}', 'get');
    expect(download.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(download.responses['200'].content['application/octet-stream'].schema.format).toBe('binary');
    expect(Object.keys(download.responses['200'].headers)).toEqual([
      'Content-Disposition',
      'Content-Length',
      'X-Content-Type-Options',
    ]);
  });
});
