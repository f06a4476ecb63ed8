import { describe, expect, it, vi } from 'vitest';
import { mapAsyncIterator } from './map-iterator.js';

/** A source whose values are pushed by the test, counting the reads and the return it gets. */
function pushedSource() {
  const waiting: ((result: IteratorResult<number>) => void)[] = [];
  const source = {
    nexts: 0,
    returned: 0,
    next() {
      source.nexts += 1;
      return new Promise<IteratorResult<number>>((resolve) => waiting.push(resolve));
    },
    async return() {
      source.returned += 1;
      return { value: undefined, done: true } as IteratorResult<number>;
    },
    push: (value: number) => waiting.shift()!({ value, done: false }),
  };
  return source;
}

describe('mapAsyncIterator', () => {
  it('maps an iterator it made again in one layer: each source read once, both maps in order', async () => {
    const source = pushedSource();
    const doubled = mapAsyncIterator(source, (value) => value * 2);
    const innerNext = vi.spyOn(doubled, 'next');
    const described = mapAsyncIterator(doubled, async (value) => `value ${value}`);
    const first = described.next();
    source.push(21);
    expect(await first).toEqual({ value: 'value 42', done: false });
    expect(source.nexts).toBe(1);
    // The inner iterator is not a layer of its own any more: its reads are never made.
    expect(innerNext).not.toHaveBeenCalled();
  });

  it('passes return() of the outer map to the source at once, with a read still pending', async () => {
    const source = pushedSource();
    const outer = mapAsyncIterator(
      mapAsyncIterator(source, (value) => value + 1),
      (value) => value,
    );
    const pending = outer.next();
    await outer.return!();
    expect(source.returned).toBe(1);
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it('fails the read whose map throws or rejects, as a failing source does', async () => {
    for (const map of [
      (): number => {
        throw new Error('map failed');
      },
      async (): Promise<number> => {
        throw new Error('map failed');
      },
    ]) {
      const source = pushedSource();
      const outer = mapAsyncIterator(
        mapAsyncIterator(source, (value) => value + 1),
        map,
      );
      const read = outer.next();
      source.push(1);
      await expect(read).rejects.toThrow('map failed');
    }
  });
});
