import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loginAs, type HttpClient, type HttpResult } from '../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../test/harness.js';
import { expectSecurityHeaders } from '../../../test/security-headers.js';
import { servicesMissing } from '../../../test/services.js';

/** A refusal in the one error body, with every answer's headers, naming `field` and echoing none of `echoes`. */
function expectRefusal(response: HttpResult, status: number, message: string, echoes: string[], label: string) {
  expect(response.status, label).toBe(status);
  expect(response.body?.message, label).toBe(message);
  expect(response.body?.statusCode, label).toBe(status);
  expect(Object.keys(response.body).sort(), label).toEqual(
    status === 400 ? ['errors', 'message', 'statusCode'] : ['message', 'statusCode'],
  );
  for (const echo of echoes) expect(JSON.stringify(response.body), label).not.toContain(echo);
  expectSecurityHeaders(response, label);
}

describe.skipIf(servicesMissing)("the framework's own answers (issue 31, item 8)", () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let token: string;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = clientFromNewIp(server.url);
    token = (await loginAs(api, adminCredentials.email, adminCredentials.password)).accessToken;
  });
  afterAll(async () => server?.close());

  it('a malformed URL answers 400 naming the path parameter, with the headers and the one error body', async () => {
    const refused = await api.get('/api/v1/projects/%E0%A4%A', { token });
    expectRefusal(refused, 400, 'uniqueCode: must be valid percent-encoded UTF-8', ['%E0', 'FST_', 'url'], 'bad url');
    const unknownPath = await api.get('/api/v1/pro%E0%A4%Ajects', { token });
    expectRefusal(unknownPath, 404, 'Route not found', ['%E0', 'FST_'], 'bad url, no route');
  });

  it('an over-long path parameter answers 400 naming it, without echoing it', async () => {
    const long = 'q'.repeat(300);
    for (const path of [`/api/v1/projects/${long}`, `/api/v1/tasks/${long}/comments`]) {
      const refused = await api.get(path, { token });
      const parameter = path.startsWith('/api/v1/projects') ? 'uniqueCode' : 'unique_code';
      expectRefusal(refused, 400, `${parameter}: must be at most 100 characters`, ['qqqq', 'FST_'], path);
    }
  });

  it('query parameters in array or object form, or repeated, answer 400 naming them instead of being ignored', async () => {
    const cases: [path: string, message: string][] = [
      ['/api/v1/projects?page[]=1', 'page[]: is not a query parameter of this path'],
      ['/api/v1/projects?search[$ne]=zzz-marker', 'search[$ne]: is not a query parameter of this path'],
      [
        '/api/v1/tasks/filter-options?projectId=PRJ-1&filters[bogus]=1',
        'filters[bogus]: is not a query parameter of this path',
      ],
      ['/api/v1/projects?page=1&page=2', 'page: must be given once'],
      ['/api/v1/projects?search=a&search=zzz-marker', 'search: must be given once'],
      ['/api/v1/notifications/devices?admin=true', 'admin: is not a query parameter of this path'],
      [`/api/v1/projects?${'k'.repeat(200)}=1`, 'query: is not a query parameter of this path'],
    ];
    for (const [path, message] of cases) {
      const refused = await api.get(path, { token });
      expectRefusal(refused, 400, message, ['zzz-marker', 'kkkk'], path);
    }
    const declared = await api.get('/api/v1/projects?page=1&limit=5&search=x&sortBy=name&sortOrder=asc', { token });
    expect(declared.status).toBe(200);
  });
});
