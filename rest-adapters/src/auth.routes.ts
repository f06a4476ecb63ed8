import { z } from '@platform/lib/validation';
import { dataOf } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';
import { tokenSetShape } from './token.shapes.js';

const refreshTokenBody = z.object({ refreshToken: z.string().min(1, 'is required').max(4096) }).strict();

/**
 * Types only on the rate-limited paths: the service checks the content after charging its limits, so a refused
 * login or refresh counts as it does through the graph (decisions: Rate limits).
 */
const loginBody = z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() }).strict();
const refreshBody = z.object({ refreshToken: z.string() }).strict();

/** Standard authentication (auth spec, Endpoints). */
export const authRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/auth/login',
    summary: 'Log in with e-mail and password',
    tag: 'auth',
    auth: 'none',
    body: loginBody,
    operation: graphql(`
      mutation Login($email: String!, $password: String!, $rememberMe: Boolean) {
        login(email: $email, password: $password, rememberMe: $rememberMe) {
          ...TokenSetFields
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(tokenSetShape),
    refusals: [401],
    result: (data) => ({ data: data.login }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    summary: 'Exchange a refresh token for a new token set (rotation)',
    tag: 'auth',
    auth: 'none',
    body: refreshBody,
    operation: graphql(`
      mutation RefreshToken($refreshToken: String!) {
        refreshToken(refreshToken: $refreshToken) {
          ...TokenSetFields
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(tokenSetShape),
    refusals: [401],
    result: (data) => ({ data: data.refreshToken }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/logout',
    summary: 'Revoke the session and its refresh token family',
    tag: 'auth',
    auth: 'bearer',
    body: refreshTokenBody,
    operation: graphql(`
      mutation Logout($refreshToken: String!) {
        logout(refreshToken: $refreshToken) {
          success
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(z.strictObject({ success: z.boolean() })),
    result: (data) => ({ data: data.logout }),
  }),
]);
