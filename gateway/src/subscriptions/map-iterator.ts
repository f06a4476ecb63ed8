import { closableIterator } from '@platform/lib/closable-iterator';

/** The source and map of each iterator made here, so that mapping one of them again maps its source once. */
const mappedFrom = new WeakMap<
  AsyncIterator<unknown>,
  { source: AsyncIterator<unknown>; map: (value: never) => unknown }
>();

/**
 * `map` of a value that may be a promise: at once when it is not. An event goes through every subscriber's maps
 * (the compiled selection, the upstream's boundary, the socket's formatting), all synchronous for the inbox's
 * selection; promises, iterators and the process's async hooks on each promise were a fifth of the CPU samples of
 * a 5,000-inbox fan-out, so none is made where none is needed (decisions: Live inboxes and filter options).
 */
function then<T, U>(value: T | PromiseLike<T>, map: (value: T) => U | Promise<U>): U | Promise<U> {
  return isPromiseLike(value) ? Promise.resolve(value).then(map) : map(value);
}

const isPromiseLike = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof value === 'object' && value !== null && typeof (value as PromiseLike<T>).then === 'function';

/**
 * Maps an async iterator, passing `return()` to the source at once. (An async generator cannot do that:
 * its `return()` waits until a pending `next()` of the source settles, so a client that leaves a quiet
 * subscription would keep the upstream open.) An iterator made here and mapped again (the upstream's error
 * boundary, then the socket's formatting) becomes one iterator with both maps: one layer of promises per event
 * and one iterator per subscription instead of two (decisions: Live inboxes). The inner one is consumed only
 * through the outer, so nothing sees the difference.
 */
export function mapAsyncIterator<T, U>(
  source: AsyncIterator<T>,
  map: (value: T) => U | Promise<U>,
): AsyncIterableIterator<U> {
  const inner = mappedFrom.get(source) as
    { source: AsyncIterator<unknown>; map: (value: unknown) => T | Promise<T> } | undefined;
  if (inner) return mapAsyncIterator(inner.source, (value) => then(inner.map(value), map));
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
  const mapped = closableIterator(
    () =>
      new Promise<IteratorResult<U>>((resolve, reject) => {
        if (finished) return resolve({ value: undefined, done: true });
        pending.add(resolve);
        source.next().then(
          (result) => {
            if (!pending.delete(resolve)) return;
            if (result.done) {
              finished = true;
              return resolve({ value: undefined, done: true });
            }
            // A map that throws or rejects fails this read, as the source's own failure does.
            try {
              const mapped = map(result.value);
              if (isPromiseLike(mapped)) mapped.then((value) => resolve({ value, done: false }), reject);
              else resolve({ value: mapped, done: false });
            } catch (error) {
              reject(error);
            }
          },
          (error: unknown) => {
            if (pending.delete(resolve)) reject(error);
          },
        );
      }),
    finish,
  );
  mappedFrom.set(mapped, { source, map });
  return mapped;
}
