import { describe, expect, it } from 'vitest';
import { drawMatchNumbers, numberMatchingCovers } from './confirmation-numbers.js';

describe('number matching', () => {
  it('covers every action with `all`, the listed ones otherwise, none when empty', () => {
    expect(numberMatchingCovers(['all'], 'payment_approval')).toBe(true);
    expect(numberMatchingCovers(['payment_approval', 'user_access'], 'user_access')).toBe(true);
    expect(numberMatchingCovers(['payment_approval'], 'document_approval')).toBe(false);
    expect(numberMatchingCovers([], 'payment_approval')).toBe(false);
  });

  it('draws three distinct two-digit choices, one of them the number', () => {
    for (let round = 0; round < 200; round += 1) {
      const { matchNumber, numberChoices } = drawMatchNumbers();
      expect(matchNumber).toBeGreaterThanOrEqual(10);
      expect(matchNumber).toBeLessThanOrEqual(99);
      expect(new Set(numberChoices).size).toBe(3);
      expect(numberChoices).toContain(matchNumber);
      numberChoices.forEach((choice) => expect(choice >= 10 && choice <= 99).toBe(true));
    }
  });

  it('draws again when a decoy repeats the number, and shuffles with the same source', () => {
    const draws = [42, 42, 17, 42, 63, 0, 1];
    const drawn = drawMatchNumbers(() => draws.shift()!);
    expect(drawn).toEqual({ matchNumber: 42, numberChoices: [63, 17, 42] });
  });
});
