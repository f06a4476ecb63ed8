import { expect } from 'vitest';
import type { HttpResult } from './client.js';

/** Each input is refused with 400 and a message naming its field (decisions: Everywhere). */
export async function expectRefusedNamingField(
  send: (input: string) => Promise<HttpResult>,
  cases: [input: string, field: string][],
): Promise<void> {
  for (const [input, field] of cases) {
    const refused = await send(input);
    expect(refused.status, input).toBe(400);
    expect(refused.body.message, input).toContain(field);
  }
}
