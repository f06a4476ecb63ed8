/**
 * An async iterator from its `next` and its `finish`: `return()` runs `finish` at once (a client that leaves
 * ends the source without waiting for its next value), and `throw()` finishes before passing the error on.
 */
export function closableIterator<T>(
  next: () => Promise<IteratorResult<T>>,
  finish: () => Promise<IteratorResult<T>>,
): AsyncIterableIterator<T> {
  return {
    next,
    return: finish,
    throw: async (error: unknown) => {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
