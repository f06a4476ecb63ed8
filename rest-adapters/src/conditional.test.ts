import { describe, expect, it } from 'vitest';
import { entityTagOf, matchHolds, noneMatchHolds } from './conditional.js';

describe('conditional requests', () => {
  const tag = entityTagOf({ data: [{ id: 1 }], meta: { total: 1 } });

  it('tags a body by its content: a changed item, order or total changes the tag', () => {
    expect(tag).toMatch(/^"[\w-]{32}"$/);
    expect(entityTagOf({ data: [{ id: 1 }], meta: { total: 1 } })).toBe(tag);
    expect(entityTagOf({ data: [{ id: 1 }], meta: { total: 2 } })).not.toBe(tag);
    expect(entityTagOf([1, 2])).not.toBe(entityTagOf([2, 1]));
  });

  it('If-None-Match compares weakly and accepts a list or *', () => {
    expect(noneMatchHolds(undefined, tag)).toBe(false);
    expect(noneMatchHolds(tag, tag)).toBe(true);
    expect(noneMatchHolds(`"other", W/${tag}`, tag)).toBe(true);
    expect(noneMatchHolds('*', tag)).toBe(true);
    expect(noneMatchHolds('"other"', tag)).toBe(false);
  });

  it('If-Match compares strongly: a weak tag never matches', () => {
    expect(matchHolds(tag, tag)).toBe(true);
    expect(matchHolds(`W/${tag}`, tag)).toBe(false);
    expect(matchHolds('"stale", ' + tag, tag)).toBe(true);
    expect(matchHolds('*', tag)).toBe(true);
    expect(matchHolds('"stale"', tag)).toBe(false);
  });
});
