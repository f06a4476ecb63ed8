import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';

/**
 * Issue 28, item 3: a 304 of a project's expenses costs one statement. The answer is the project's currency and its
 * sums per category: its version is those values, read with the project's lookup in one statement (the answer takes
 * two); each expense and a change of the currency change the tag, and the full answer's tag is the cheap path's.
 */
describe.skipIf(servicesMissing)('conditional GETs of expenses cost one statement', () => {
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;

  beforeAll(async () => {
    counted = await startCountedServer();
    board = await taskBoardOn(counted.server.url, ['projects:write', 'projects:read']);
  });
  afterAll(async () => counted?.close());

  const { get, expectCheap304, expectChanged } = conditionalGets({
    counted: () => counted,
    api: () => board.api,
    token: () => board.writer.token,
    wholeRow: /select \*|\.\*|"description"|"incurred_at"|"name"/,
  });

  const addExpense = async (projectId: string, category: string, amount: number) => {
    const answer = await board.api.graphql(
      `mutation ($input: AddProjectExpenseInput!) { addProjectExpense(input: $input) { id } }`,
      { input: { projectId, amount, category, description: 'Bought', incurredAt: '2026-11-20' } },
      { token: board.writer.token },
    );
    expect(answer.body.errors).toBeUndefined();
  };

  it('answers 304 after one statement and follows each sum and the currency', async () => {
    const { uniqueCode } = await board.project({ currency: 'EUR' });
    const path = `/api/v1/projects/${uniqueCode}/expenses`;
    let tag = await expectCheap304(path);
    for (const [category, amount] of [
      ['labor', 100.25],
      ['materials', 50],
      ['other', 0.1],
      ['labor', 0.75],
    ] as const) {
      await addExpense(uniqueCode, category, amount);
      tag = await expectChanged(path, tag);
    }
    expect((await get(path)).body).toEqual({
      totalExpenses: 151.1,
      currency: 'EUR',
      breakdown: { labor: 101, materials: 50, other: 0.1 },
    });
    await board.api.patch(`/api/v1/projects/${uniqueCode}`, { currency: 'SEK' }, { token: board.writer.token });
    tag = await expectChanged(path, tag);
    // A change the answer does not show (the project's description) keeps the tag.
    await board.api.patch(`/api/v1/projects/${uniqueCode}`, { description: 'Later' }, { token: board.writer.token });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(304);
  });

  it('never answers 304 to a caller the read refuses, nor for an unknown or deleted project', async () => {
    const { uniqueCode } = await board.project();
    await addExpense(uniqueCode, 'materials', 12);
    const path = `/api/v1/projects/${uniqueCode}/expenses`;
    const tag = await expectCheap304(path);
    for (const sent of [tag, '*']) {
      expect((await get(path, { 'if-none-match': sent }, board.nobody.token)).status).toBe(403);
      expect((await board.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
      expect((await get('/api/v1/projects/NOPE-1/expenses', { 'if-none-match': sent })).status).toBe(404);
    }
    await board.api.delete(`/api/v1/projects/${uniqueCode}`, { token: board.writer.token });
    expect((await get(path, { 'if-none-match': tag })).status).toBe(404);
    expect((await get(path, { 'if-none-match': '*' })).status).toBe(404);
  });
});
