import { clientFromNewIp } from './client-address.js';
import { uniqueEmail } from './users.js';

/**
 * An e-mail locked out by 5 failed logins from a client IP of its own (5 of its 20 per-e-mail tokens used).
 * Logins with it are answered before any password hashing, so they charge the Authentication limit fast:
 * bursts built from them finish well within the bucket's refill time (one token per 6 seconds).
 */
export async function lockedEmail(baseUrl: string): Promise<string> {
  const email = uniqueEmail('locked');
  const client = clientFromNewIp(baseUrl);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await client.post('/api/v1/auth/login', { email, password: 'wrong-password' });
  }
  return email;
}

/**
 * Makes attempts one after another until one is answered 429; returns its 1-based number (or 0). Limits
 * that refill over time are tested this way, so a slow machine moves the answer by one, never flakes it.
 */
export async function firstRateLimitedAttempt(
  attempt: (index: number) => Promise<{ status: number }>,
  maxAttempts: number,
): Promise<number> {
  for (let index = 1; index <= maxAttempts; index += 1) {
    if ((await attempt(index)).status === 429) return index;
  }
  return 0;
}
