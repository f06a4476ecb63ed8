import { closableIterator } from '@platform/lib/closable-iterator';

/**
 * Maps an async iterator, passing `return()` to the source at once. (An async generator cannot do that:
 * its `return()` waits until a pending `next()` of the source settles, so a client that leaves a quiet
 * subscription would keep the upstream open.)
 */
export function mapAsyncIterator<T, U>(
  source: AsyncIterator<T>,
  map: (value: T) => U | Promise<U>,
): AsyncIterableIterator<U> {
  let finished = false;
  const pending = new Set<(result: IteratorResult<U>) => void>();
  const finish = async (): Promise<IteratorResult<U>> => {
    if (!finished) {
      finished = true;
      pending.forEach((resolve) => resolve({ value: undefined, done: true }));
      pending.clear();
      await source.return?.();
    }
    return { value: undefined, done: true };
  };
  return closableIterator(
    () =>
      new Promise<IteratorResult<U>>((resolve, reject) => {
        if (finished) return resolve({ value: undefined, done: true });
        pending.add(resolve);
        source.next().then(
          async (result) => {
            if (!pending.delete(resolve)) return;
            if (result.done) {
              finished = true;
              return resolve({ value: undefined, done: true });
            }
            resolve({ value: await map(result.value), done: false });
          },
          (error: unknown) => {
            if (pending.delete(resolve)) reject(error);
          },
        );
      }),
    finish,
  );
}
