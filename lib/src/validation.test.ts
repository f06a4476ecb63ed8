import { describe, expect, it } from 'vitest';
import { inputLimits, inputProblem } from './validation.js';

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

describe('inputProblem, the one rule for every submitted value', () => {
  it('passes valid input of every kind, however large', () => {
    const recipients = Array.from({ length: 5000 }, (_, index) => ({ userId: index, channels: ['in_app'] }));
    expect(inputProblem({ message: 'Hello ✓ 👋', recipients, flag: true, none: null, count: 2.5 })).toBeNull();
    expect(inputProblem('text')).toBeNull();
    expect(inputProblem(null)).toBeNull();
    expect(inputProblem(nested(inputLimits.maxDepth))).toBeNull();
  });

  it('names the field of a NUL, a lone surrogate or an infinite number, wherever it is', () => {
    expect(inputProblem('a\u0000b')).toEqual({ path: 'body', message: 'must not contain NUL characters' });
    expect(inputProblem({ a: { b: ['x', 'y\u0000'] } })).toEqual({
      path: 'a.b.1',
      message: 'must not contain NUL characters',
    });
    expect(inputProblem({ items: [{ text: 'ok' }, { text: '\uD800' }] })).toEqual({
      path: 'items.1.text',
      message: 'must be valid Unicode text',
    });
    expect(inputProblem({ amount: Number.POSITIVE_INFINITY })).toEqual({
      path: 'amount',
      message: 'must be a finite number',
    });
  });

  it('refuses a key with NUL or invalid Unicode at its object, without echoing the key', () => {
    expect(inputProblem({ products: [{ attributes: { 'bad\u0000key': 1 } }] })).toEqual({
      path: 'products.0.attributes',
      message: 'must not have keys with NUL characters or invalid Unicode',
    });
  });

  it('stops a path at four segments and at a key that is not a plain name', () => {
    expect(inputProblem({ a: { b: { c: { d: { e: '\u0000' } } } } })?.path).toBe('a.b.c.d');
    expect(inputProblem({ attributes: { 'client text': { x: '\u0000' } } })?.path).toBe('attributes');
  });

  it('refuses nesting deeper than the limit, at the level where it goes too deep', () => {
    expect(inputProblem(nested(inputLimits.maxDepth + 1))).toEqual({
      path: 'a.a.a.a',
      message: 'is nested too deeply',
    });
    const deepArray: unknown[] = [];
    let at = deepArray;
    for (let level = 0; level < 100_000; level += 1) at = (at[0] = []) as unknown[];
    expect(inputProblem(deepArray)?.message).toBe('is nested too deeply');
  });
});
