import { versionTagOf } from '@platform/lib/entity-tag';
import { z } from '@platform/lib/validation';
import { dataOf, timestamp } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';

graphql(`
  fragment SessionFields on SignInSession {
    id
    method
    deviceId
    deviceName
    ipAddress
    browser
    os
    createdAt
    lastUsedAt
    current
  }
`);

/** A session of the signed-in user (issue 27, item 3): additive to the auth spec, never its tokens. */
const sessionShape = z.strictObject({
  id: z.string().uuid(),
  method: z.enum(['password', 'biometric', 'passkey']),
  deviceId: z.string().uuid().nullable(),
  deviceName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: timestamp,
  lastUsedAt: timestamp,
  current: z.boolean(),
});

/** The signed-in user's sessions: list them, end one, end all others (any access token of the user). */
export const sessionRoutes = defineRoutes([
  route({
    method: 'GET',
    url: '/api/v1/auth/sessions',
    summary: "List the signed-in user's live sessions, newest first",
    tag: 'auth',
    auth: 'bearer',
    operation: graphql(`
      query MySessions {
        mySessions {
          ...SessionFields
        }
      }
    `),
    variables: () => ({}),
    response: dataOf(z.strictObject({ sessions: z.array(sessionShape) })),
    result: (data) => ({ data: { sessions: data.mySessions } }),
    noStore: true,
    version: {
      operation: graphql(`
        query MySessionsEntityTag {
          mySessionsEntityTag
        }
      `),
      variables: () => ({}),
      tag: (data) => data.mySessionsEntityTag,
      describes:
        "A strong tag of the list's version: each session's id, lastUsedAt, deviceName and current in order: it " +
        'changes when a session starts, ends, runs past its expiry or is renewed (the rest of a session is fixed ' +
        'when it starts); read after the same rate limit as the list',
      bodyTag: ({ data: { sessions } }) =>
        versionTagOf({
          kind: 'session-list',
          items: sessions.map(({ id, lastUsedAt, deviceName, current }) => ({
            id,
            state: [new Date(lastUsedAt).toISOString(), deviceName, current],
          })),
        }),
    },
  }),
  route({
    method: 'DELETE',
    url: '/api/v1/auth/sessions/:id',
    summary: 'End one session: its tokens stop working and its subscriptions close',
    tag: 'auth',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    operation: graphql(`
      mutation RevokeSession($id: String!) {
        revokeSession(id: $id) {
          success
        }
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    response: dataOf(z.strictObject({ success: z.boolean() })),
    result: (data) => ({ data: data.revokeSession }),
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/sessions/revoke-others',
    summary: 'End every session but the one making the request',
    tag: 'auth',
    auth: 'bearer',
    operation: graphql(`
      mutation RevokeOtherSessions {
        revokeOtherSessions {
          success
          revokedCount
        }
      }
    `),
    variables: () => ({}),
    response: dataOf(z.strictObject({ success: z.boolean(), revokedCount: z.number().int() })),
    result: (data) => ({ data: data.revokeOtherSessions }),
  }),
]);
