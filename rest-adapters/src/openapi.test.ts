import { describe, expect, it } from 'vitest';
import { restRoutes } from './index.js';
import { openApiDocument, restDocsPage } from './openapi.js';

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

  it('lists the paths on the HTML page', () => {
    expect(restDocsPage(document)).toContain('/api/v1/auth/refresh');
  });
});
