import { describe, expect, it } from 'vitest';
import { contractBreachOf } from './response-contract.js';

const tokens = {
  accessToken: 'a.b.c',
  refreshToken: 'd.e.f',
  accessTokenExpiresAt: '2026-11-22T02:33:00.000Z',
  refreshTokenExpiresAt: '2026-11-25T02:33:00.000Z',
};

describe('answers checked against the OpenAPI description', () => {
  it('passes an answer of the declared status and shape', () => {
    expect(contractBreachOf('POST', '/api/v1/auth/login', 200, { data: tokens })).toBeUndefined();
  });

  it('names an undeclared key, a missing key and a wrong type', () => {
    expect(contractBreachOf('POST', '/api/v1/auth/login', 200, { data: { ...tokens, user: {} } })).toContain(
      "Unrecognized key(s) in object: 'user'",
    );
    const { refreshToken: _, ...withoutRefresh } = tokens;
    expect(contractBreachOf('POST', '/api/v1/auth/login', 200, { data: withoutRefresh })).toMatch(/^data.refreshToken/);
    expect(contractBreachOf('GET', '/api/v1/tasks/statistics?projectId=p', 200, {})).toContain('total: Required');
  });

  it('refuses a success status the route does not declare', () => {
    expect(contractBreachOf('POST', '/api/v1/auth/login', 201, { data: tokens })).toBe('status 201 is not described');
  });

  it('holds a refusal to the one error body with its own status', () => {
    expect(contractBreachOf('GET', '/api/v1/tasks/T-1', 404, { message: 'Task not found', statusCode: 404 })).toBe(
      undefined,
    );
    expect(contractBreachOf('GET', '/api/v1/tasks/T-1', 404, { message: 'Task not found', statusCode: 400 })).toBe(
      'statusCode 400 in a 404 answer',
    );
    expect(contractBreachOf('GET', '/api/v1/tasks/T-1', 404, { error: 'Not Found' })).toContain('message: Required');
  });

  it('matches static segments before parameters, and the edge paths with their own refusal bodies', () => {
    expect(contractBreachOf('GET', '/api/v1/tasks/my', 200, { data: [], meta: {} })).toContain('meta.limit');
    const refused = { valid: false, message: 'Missing bearer token', statusCode: 401 };
    expect(contractBreachOf('GET', '/internal/verify', 401, refused)).toBeUndefined();
    expect(contractBreachOf('GET', '/health', 503, { status: 'down' })).toContain('status');
  });

  it('leaves paths outside the description alone', () => {
    expect(contractBreachOf('GET', '/graphql', 200, 'anything')).toBeUndefined();
    expect(contractBreachOf('GET', '/nowhere', 404, { message: 'Route not found', statusCode: 404 })).toBeUndefined();
  });
});
