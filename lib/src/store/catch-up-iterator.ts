import { closableIterator } from '../closable-iterator.js';

/**
 * A live subscription that first sends what it missed: `earlier` is read at the first `next()` and its values go
 * out first; a live value the catch-up already sent (the same key) is skipped. `earlier` must wait until the live
 * source listens, so that nothing falls between the read and the listening.
 */
export function withCatchUp<T>(
  live: AsyncIterableIterator<T>,
  earlier: () => Promise<T[]>,
  keyOf: (value: T) => string | null,
): AsyncIterableIterator<T> {
  let pending: Promise<T[]> | null = null;
  const sent = new Set<string>();
  const next = async (): Promise<IteratorResult<T>> => {
    const caughtUp = await (pending ??= earlier().then((values) => {
      values.forEach((value) => {
        const key = keyOf(value);
        if (key) sent.add(key);
      });
      return values;
    }));
    const value = caughtUp.shift();
    if (value !== undefined) return { value, done: false };
    for (;;) {
      const result = await live.next();
      const key = result.done ? null : keyOf(result.value);
      if (!key || !sent.has(key)) return result;
    }
  };
  return closableIterator(next, async () => (await live.return?.()) ?? { value: undefined, done: true });
}
