import { contractBreachOf } from './response-contract.js';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is (for malformed JSON tests); otherwise body is JSON-encoded. */
  rawBody?: string;
}

/**
 * A thin HTTP client for tests: real requests over loopback, JSON in and out. Every answer of a described path
 * is checked against the OpenAPI description (test/response-contract.ts); one that breaks it fails the test.
 */
export function httpClient(baseUrl: string) {
  async function request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const hasBody = body !== undefined || options.rawBody !== undefined;
    if (hasBody) headers['content-type'] ??= 'application/json';
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: options.rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (metrics, HTML): the raw text is the body
    }
    const breach = contractBreachOf(method, path, response.status, parsed);
    if (breach)
      throw new Error(`${method} ${path} answered ${response.status} outside its OpenAPI description: ${breach}`);
    return { status: response.status, headers: response.headers, body: parsed as T } satisfies HttpResult<T>;
  }
  return {
    request,
    get: <T = any>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
    put: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
    patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, body, options),
    delete: <T = any>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
    graphql: <T = any>(query: string, variables?: Record<string, unknown>, options?: RequestOptions) =>
      request<{ data?: T; errors?: { message: string; extensions?: Record<string, any> }[] }>(
        'POST',
        '/graphql',
        { query, variables },
        options,
      ),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

/** The client with extra headers on every request; a function is asked again for each request. */
export function withHeaders(
  client: HttpClient,
  extra: Record<string, string> | (() => Record<string, string>),
): HttpClient {
  const merge = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    headers: { ...(typeof extra === 'function' ? extra() : extra), ...options.headers },
  });
  return {
    request: (method, path, body, options) => client.request(method, path, body, merge(options)),
    get: (path, options) => client.get(path, merge(options)),
    post: (path, body, options) => client.post(path, body, merge(options)),
    put: (path, body, options) => client.put(path, body, merge(options)),
    patch: (path, body, options) => client.patch(path, body, merge(options)),
    delete: (path, options) => client.delete(path, merge(options)),
    graphql: (query, variables, options) => client.graphql(query, variables, merge(options)),
  } as HttpClient;
}

/** The test client with extra headers (typically X-Forwarded-For) on every request. */
export function clientWith(baseUrl: string, headers: Record<string, string>): HttpClient {
  return withHeaders(httpClient(baseUrl), headers);
}

export async function loginAs(client: HttpClient, email: string, password: string, rememberMe?: boolean) {
  const result = await client.post('/api/v1/auth/login', { email, password, rememberMe });
  if (result.status !== 200) throw new Error(`login failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data as {
    accessToken: string;
    refreshToken: string;
    accessTokenExpiresAt: string;
    refreshTokenExpiresAt: string;
  };
}

/** A session signed in and then logged out: its access token is revoked, its refresh token spent. */
export async function loggedOutSession(client: HttpClient, email: string, password: string) {
  const session = await loginAs(client, email, password);
  const out = await client.post(
    '/api/v1/auth/logout',
    { refreshToken: session.refreshToken },
    { token: session.accessToken },
  );
  if (out.status !== 200) throw new Error(`logout failed: ${out.status} ${JSON.stringify(out.body)}`);
  return session;
}
