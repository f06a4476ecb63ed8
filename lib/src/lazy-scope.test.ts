import { describe, expect, it } from 'vitest';
import { lazyScope } from './lazy-scope.js';

interface Scope {
  base: { id: number };
  derived: { from: { id: number } };
  unused: string;
}

describe('lazyScope', () => {
  it('builds a part on its first read, once, and never builds a part nobody reads', () => {
    const built: string[] = [];
    let next = 0;
    const scope = lazyScope<Scope>({
      base: () => (built.push('base'), { id: (next += 1) }),
      derived: (parts) => (built.push('derived'), { from: parts.base }),
      unused: () => (built.push('unused'), 'never'),
    });
    expect(built).toEqual([]);
    expect(scope.derived.from).toBe(scope.base);
    expect(scope.derived).toBe(scope.derived);
    expect(built).toEqual(['derived', 'base']);
  });

  it('names a part built from itself instead of overflowing the stack', () => {
    const scope = lazyScope<{ a: number; b: number }>({ a: (parts) => parts.b, b: (parts) => parts.a });
    expect(() => scope.a).toThrow('wiring cycle: a is built from itself');
  });

  it('builds a part again on the next read when its builder threw', () => {
    let attempts = 0;
    const scope = lazyScope<{ part: number }>({
      part: () => {
        attempts += 1;
        if (attempts === 1) throw new Error('not yet');
        return attempts;
      },
    });
    expect(() => scope.part).toThrow('not yet');
    expect(scope.part).toBe(2);
  });

  it('holds only the parts it built: the getters are shared by every scope of the same parts', () => {
    const builders = { base: () => ({ id: 1 }), derived: () => ({ from: { id: 2 } }), unused: () => 'never' };
    const first = lazyScope<Scope>(builders);
    const second = lazyScope<Scope>({ ...builders });
    expect(Object.getOwnPropertyNames(first)).toEqual([]);
    expect(first.base).toEqual({ id: 1 });
    expect(Object.getOwnPropertyNames(first)).toEqual(['base']);
    expect(Object.getOwnPropertyNames(second)).toEqual([]);
    expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
  });
});
