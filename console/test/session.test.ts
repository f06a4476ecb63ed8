import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, begin, graph, SessionEndedError } from '../src/session.js';

/** An access token as the page reads it: only its lifetime (`exp` - `iat`) matters here. */
const accessToken = `h.${btoa(JSON.stringify({ iat: 0, exp: 900 }))}.s`;
const revoked = { errors: [{ message: 'Token has been revoked', extensions: { code: 'UNAUTHENTICATED' } }] };
const operation = { toString: () => 'query Me { me { id } }' } as never;
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The page's side of a session ended elsewhere, at its network boundary (the browser test meets this order only
 * by chance): the answers are the server's, held back to put them in the order under test.
 */
describe('a session ended elsewhere, as the page says it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it in the same words to a call refused after another call met the refused renewal', async () => {
    let answerSecond = () => {};
    const secondHeld = new Promise<void>((resolve) => (answerSecond = resolve));
    let graphCalls = 0;
    vi.stubGlobal('fetch', async (path: string) => {
      if (path === '/api/v1/auth/refresh') return answer(401, { message: 'Invalid refresh token' });
      graphCalls += 1;
      if (graphCalls === 2) await secondHeld;
      return answer(200, revoked);
    });
    begin({ accessToken, refreshToken: 'refresh' });

    const first = graph(operation);
    const second = graph(operation);
    await expect(first).rejects.toBeInstanceOf(SessionEndedError);
    answerSecond();
    const refusal = await second.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SessionEndedError);
    expect((refusal as ApiError).message).toBe('Your session has ended. Please sign in again.');
  });
});
