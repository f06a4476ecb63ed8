import type { Outcome } from './recorder.js';

export interface Answer extends Outcome {
  /** Each caller reads the fields it asked for. */
  body: any;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * One request as the soak's clients send it. A graph answer with errors is a failure even with 200: its status
 * is then 500 unless the edge said otherwise (a 503 with Retry-After during a Redis failover).
 */
export async function call(base: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  // HAProxy's own error pages are HTML.
  const body = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  const graphFailed = path === '/graphql' && Array.isArray(body?.errors) && body.errors.length > 0;
  return {
    status: graphFailed && response.status === 200 ? 500 : response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
  };
}

export function graph(base: string, query: string, variables: Record<string, unknown>, token: string) {
  return call(base, '/graphql', { body: { query, variables }, token });
}

/** The same call, failing loudly: for the set-up, where nothing may go wrong. */
/** The set-up reads the fields it asked for. */
export async function must(answer: Promise<Answer>, what: string): Promise<any> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}
