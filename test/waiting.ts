export interface EventuallyOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Asks `probe` until it answers something other than undefined or false, and returns that answer; fails once
 * `timeoutMs` has passed. For what happens after a response: queued jobs, published events, recovery.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  { timeoutMs = 10_000, intervalMs = 100 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined && answer !== false) return answer;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await pause(intervalMs);
  }
}
