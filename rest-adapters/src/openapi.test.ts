import { describe, expect, it } from 'vitest';
import { restRoutes } from './index.js';
import { openApiDocument } from './openapi.js';

describe('REST docs', () => {
  const document = openApiDocument(restRoutes, '1.0.0');

  it('describes every declared route with its path parameters in OpenAPI form', () => {
    for (const route of restRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()]).toBeDefined();
    }
  });

  it('renders the login body schema with its required fields', () => {
    const login = document.paths['/api/v1/auth/login']!.post as { requestBody: any };
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['email', 'password']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('describes the upload as multipart/form-data and the download as bytes with their headers', () => {
    const upload = document.paths['/api/v1/files']!.post as { requestBody: any; responses: any };
    expect(upload.requestBody.content['multipart/form-data'].schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(upload.responses)).toEqual(['201', 'default']);
    const download = document.paths['/api/v1/files/{id}']!.get as { responses: any; parameters: any };
    expect(download.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(download.responses['200'].content['application/octet-stream'].schema.format).toBe('binary');
    expect(Object.keys(download.responses['200'].headers)).toEqual([
      'Content-Disposition',
      'Content-Length',
      'X-Content-Type-Options',
    ]);
  });
});
