// The signed-in session: tokens in this page's memory only (never localStorage; docs/decisions.md, Web console),
// kept fresh through the refresh flow. Every call to the API goes through here.
import type { TypedDocumentString } from './generated/graphql.js';

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
}

/** The auth spec's success bodies are `{ "data": ... }`. */
export interface Wrapped<Data> {
  data: Data;
}

/** What a refusal carries: REST's `{ message }`, GraphQL's `errors`. */
interface Refusal {
  message?: string;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A typed operation's variables, as arguments: none to pass when it declares none. */
export type VariablesOf<Variables> = Record<string, never> extends Variables ? [variables?: Variables] : [Variables];

/** A refusal of the API, with its `message` for the person and its `code` for the page. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * A refused renewal: the session was ended elsewhere. Every call waiting on that renewal meets it, and the page
 * says it in the same words whichever meets it first (view.ts, `sayFailed`).
 */
export class SessionEndedError extends ApiError {
  constructor() {
    super('Your session has ended. Please sign in again.', 'UNAUTHENTICATED');
  }
}

let tokens: TokenSet | null = null;
/** When this page renews the access token, by its own clock: its lifetime from the token, counted from receipt. */
let renewAt = 0;
let refreshing: Promise<void> | null = null;
const endListeners = new Set<() => void>();
// A token this close to its expiry is renewed before it is sent: it could expire on its way.
const renewalMarginMs = 30_000;

/** A POST to the API; `Answer` is the body the path answers on success (the REST paths' OpenAPI description). */
export async function request<Answer>(path: string, body: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError('The server cannot be reached. Check the connection and try again.');
  }
  const answer = (await response.json().catch(() => ({}))) as Answer & Refusal;
  const error = answer.errors?.[0];
  if (error) throw new ApiError(error.message, error.extensions?.code);
  if (!response.ok) {
    throw new ApiError(answer.message ?? `The request failed (${response.status}).`, undefined, response.status);
  }
  return answer;
}

export const signedIn = () => tokens !== null;

/**
 * Keeps a token set and schedules its renewal from the access token's lifetime (`exp` - `iat`) counted from now,
 * not from `accessTokenExpiresAt`, so that a computer whose clock is off neither renews on every call nor sends
 * expired tokens.
 */
export function begin(tokenSet: TokenSet): void {
  tokens = tokenSet;
  const claims = JSON.parse(atob(tokenSet.accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    iat: number;
    exp: number;
  };
  renewAt = Date.now() + (claims.exp - claims.iat) * 1000 - renewalMarginMs;
}

/** Forgets the tokens; listeners (the live connection, the pages) let go of the account. */
export function end(): void {
  tokens = null;
  endListeners.forEach((listener) => listener());
}

export function onEnd(listener: () => void): void {
  endListeners.add(listener);
}

async function renew(): Promise<void> {
  const held = tokens;
  if (!held) throw new ApiError('You are signed out.', 'UNAUTHENTICATED');
  try {
    const answer = await request<Wrapped<TokenSet>>('/api/v1/auth/refresh', { refreshToken: held.refreshToken });
    if (tokens === held) begin(answer.data);
  } catch (error) {
    // A refused refresh token (used, revoked, expired) ends the session; an outage or a limit does not.
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
      end();
      throw new SessionEndedError();
    }
    throw error;
  }
}

/** One renewal at a time: a refresh token is single-use, so two concurrent renewals would end the session. */
function renewOnce(): Promise<void> {
  refreshing ??= renew().finally(() => (refreshing = null));
  return refreshing;
}

/** The page's own logout is under way: the socket it closes is not a session ended elsewhere. */
let signingOut = false;

/** Renews now, whatever the token's age: a refused renewal ends the session (issue 27: ended elsewhere). */
export const renewNow = (): Promise<void> => (signingOut ? Promise.resolve() : renewOnce());

/** The access token to send now, renewed first when it is about to expire. */
export async function accessToken(): Promise<string> {
  if (tokens && Date.now() >= renewAt) await renewOnce();
  if (!tokens) throw new ApiError('You are signed out.', 'UNAUTHENTICATED');
  return tokens.accessToken;
}

/**
 * A typed operation (generated into ./generated by `npm run operations`) as the signed-in user; an expired token
 * is renewed once and the operation sent again.
 */
export async function graph<Data, Variables>(
  operation: TypedDocumentString<Data, Variables>,
  ...[variables]: VariablesOf<Variables>
): Promise<Data> {
  const body = { query: operation.toString(), variables };
  const token = await accessToken();
  try {
    return (await request<Wrapped<Data>>('/graphql', body, token)).data;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'UNAUTHENTICATED') throw error;
    refuseIfEnded();
    await renewOnce();
    return (await request<Wrapped<Data>>('/graphql', body, await accessToken())).data;
  }
}

/**
 * A call sent signed in and refused after the session ended meanwhile (another call met the refused renewal
 * first and forgot the tokens) says what that call said, not its own refusal ("Token has been revoked").
 */
function refuseIfEnded(): void {
  if (!tokens) throw new SessionEndedError();
}

/** A call as the signed-in user; a refused expired token is renewed once and the call made again. */
async function asSignedIn(call: (authorization: string) => Promise<Response>): Promise<Response> {
  const attempt = async () => {
    try {
      return await call(`Bearer ${await accessToken()}`);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError('The server cannot be reached. Check the connection and try again.');
    }
  };
  let response = await attempt();
  if (response.status === 401) {
    refuseIfEnded();
    await renewOnce();
    response = await attempt();
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as Refusal;
    throw new ApiError(answer.message ?? `The request failed (${response.status}).`, undefined, response.status);
  }
  return response;
}

/** A file sent to a REST upload path (multipart/form-data, field `file`); `Answer` is its success body. */
export async function upload<Answer>(path: string, file: File): Promise<Answer> {
  const response = await asSignedIn((authorization) => {
    const body = new FormData();
    body.append('file', file);
    return fetch(path, { method: 'POST', headers: { authorization }, body });
  });
  return (await response.json()) as Answer;
}

/** A REST download's bytes, with the file's name from its `Content-Disposition` (the exact one, `filename*`). */
export async function download(path: string): Promise<{ blob: Blob; name: string }> {
  const response = await asSignedIn((authorization) => fetch(path, { headers: { authorization } }));
  const disposition = response.headers.get('content-disposition') ?? '';
  const exact = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const fallback = /filename="([^"]*)"/.exec(disposition)?.[1];
  return { blob: await response.blob(), name: exact ? decodeURIComponent(exact) : (fallback ?? 'file') };
}

/** Signs out on the server (the refresh token's family ends), then here. */
export async function signOut(): Promise<void> {
  const held = tokens;
  signingOut = true;
  try {
    if (held) await request('/api/v1/auth/logout', { refreshToken: held.refreshToken }, await accessToken());
  } finally {
    signingOut = false;
  }
  end();
}
