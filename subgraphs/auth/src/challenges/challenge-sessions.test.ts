import { describe, expect, it } from 'vitest';
import { SessionNotFoundError } from './challenge.errors.js';
import { createMemoryStores } from '@platform/lib/store/memory-store';
import { ChallengeSessions, challengeLifetimes, challengeMessage } from './challenge-sessions.js';

function sessionsAt(start = Date.parse('2026-11-22T00:00:00.000Z')) {
  const clock = { now: start };
  const now = () => clock.now;
  return { clock, sessions: new ChallengeSessions({ store: createMemoryStores(now).keyValue, now }) };
}

describe('ChallengeSessions', () => {
  it('opens a 64-byte base64url challenge with its expiry and reads it back until consumed', async () => {
    const { sessions } = sessionsAt();
    const opened = await sessions.open('login', { deviceIds: ['d'] }, challengeLifetimes.loginMs);
    expect(challengeMessage(opened.challenge)).toHaveLength(64);
    expect(opened.expiresAt).toBe('2026-11-22T00:02:00.000Z');
    expect((await sessions.read('login', opened.sessionId)).data).toEqual({ deviceIds: ['d'] });
    expect((await sessions.read('login', opened.sessionId)).challenge).toBe(opened.challenge);
    await sessions.consume('login', opened.sessionId);
    await expect(sessions.read('login', opened.sessionId)).rejects.toBeInstanceOf(SessionNotFoundError);
    await expect(sessions.consume('login', opened.sessionId)).rejects.toBeInstanceOf(SessionNotFoundError);
  });

  it('answers an expired session like an unknown one', async () => {
    const { clock, sessions } = sessionsAt();
    const opened = await sessions.open('registration', {}, challengeLifetimes.registrationMs);
    clock.now += challengeLifetimes.registrationMs;
    await expect(sessions.read('registration', opened.sessionId)).rejects.toThrow('Session expired or not found');
  });

  it('keeps kinds apart: a login session id is not a registration session', async () => {
    const { sessions } = sessionsAt();
    const opened = await sessions.open('login', {}, challengeLifetimes.loginMs);
    await expect(sessions.read('registration', opened.sessionId)).rejects.toBeInstanceOf(SessionNotFoundError);
  });

  it('gives exactly one of many concurrent consumers the session', async () => {
    const { sessions } = sessionsAt();
    const opened = await sessions.open('registration', {}, challengeLifetimes.registrationMs);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => sessions.consume('registration', opened.sessionId)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});
