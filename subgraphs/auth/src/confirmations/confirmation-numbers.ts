import { randomInt } from 'node:crypto';

/** Two digits, 10 to 99: what the web page shows and the phone's person picks among three (issue 27, item 2). */
export interface MatchNumbers {
  matchNumber: number;
  numberChoices: number[];
}

/** Whether CONFIRMATION_NUMBER_MATCHING (`all`, or a list of action types) covers this action type. */
export function numberMatchingCovers(setting: readonly string[], actionType: string): boolean {
  return setting.includes('all') || setting.includes(actionType);
}

/** The number and two other distinct two-digit numbers, in a random order. `draw(min, max)`: max exclusive. */
export function drawMatchNumbers(draw: (min: number, max: number) => number = randomInt): MatchNumbers {
  const matchNumber = draw(10, 100);
  const choices = new Set([matchNumber]);
  while (choices.size < 3) choices.add(draw(10, 100));
  const numberChoices = [...choices];
  for (let index = numberChoices.length - 1; index > 0; index -= 1) {
    const other = draw(0, index + 1);
    [numberChoices[index], numberChoices[other]] = [numberChoices[other]!, numberChoices[index]!];
  }
  return { matchNumber, numberChoices };
}
