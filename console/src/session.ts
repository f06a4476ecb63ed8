// The signed-in session: tokens in this page's memory only (never localStorage; docs/decisions.md, Web console),
// kept fresh through the refresh flow. Every call to the API goes through here.

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
}

/** An answer of the API: REST bodies are objects, GraphQL answers carry `data` or `errors`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shape is each caller's query's
export type Answer = Record<string, any>;

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

let tokens: TokenSet | null = null;
/** When this page renews the access token, by its own clock: its lifetime from the token, counted from receipt. */
let renewAt = 0;
let refreshing: Promise<void> | null = null;
const endListeners = new Set<() => void>();
// A token this close to its expiry is renewed before it is sent: it could expire on its way.
const renewalMarginMs = 30_000;

export async function request(path: string, body: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError('The server cannot be reached. Check the connection and try again.');
  }
  const answer = (await response.json().catch(() => ({}))) as Answer;
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
    const answer = await request('/api/v1/auth/refresh', { refreshToken: held.refreshToken });
    if (tokens === held) begin(answer.data as TokenSet);
  } catch (error) {
    // A refused refresh token (used, revoked, expired) ends the session; an outage or a limit does not.
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
      end();
      throw new ApiError('Your session has ended. Please sign in again.', 'UNAUTHENTICATED');
    }
    throw error;
  }
}

/** One renewal at a time: a refresh token is single-use, so two concurrent renewals would end the session. */
function renewOnce(): Promise<void> {
  refreshing ??= renew().finally(() => (refreshing = null));
  return refreshing;
}

/** The access token to send now, renewed first when it is about to expire. */
export async function accessToken(): Promise<string> {
  if (tokens && Date.now() >= renewAt) await renewOnce();
  if (!tokens) throw new ApiError('You are signed out.', 'UNAUTHENTICATED');
  return tokens.accessToken;
}

/** A GraphQL operation as the signed-in user; an expired token is renewed once and the operation sent again. */
export async function graph(query: string, variables?: Record<string, unknown>): Promise<Answer> {
  try {
    return (await request('/graphql', { query, variables }, await accessToken())).data as Answer;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'UNAUTHENTICATED' || !tokens) throw error;
    await renewOnce();
    return (await request('/graphql', { query, variables }, await accessToken())).data as Answer;
  }
}

/** Signs out on the server (the refresh token's family ends), then here. */
export async function signOut(): Promise<void> {
  const held = tokens;
  if (held) await request('/api/v1/auth/logout', { refreshToken: held.refreshToken }, await accessToken());
  end();
}
