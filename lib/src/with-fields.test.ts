import { describe, expect, it } from 'vitest';
import { withFields } from './with-fields.js';

describe('withFields', () => {
  it('answers what the spread would: the same keys in the same order, later values winning', () => {
    const base = { id: 'a', title: 'old', readAt: null };
    const more = { title: 'new', seenAt: null };

    const result = withFields(base, more);

    expect(result).toEqual({ ...base, ...more });
    expect(Object.keys(result)).toEqual(Object.keys({ ...base, ...more }));
    expect(JSON.stringify(result)).toBe('{"id":"a","title":"new","readAt":null,"seenAt":null}');
  });

  it('leaves both given objects unchanged', () => {
    const base = { id: 'a' };
    const more = { seenAt: null };

    withFields(base, more);

    expect(base).toEqual({ id: 'a' });
    expect(more).toEqual({ seenAt: null });
  });
});
