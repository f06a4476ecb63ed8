import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';
import { servicesMissing } from '../../../../test/services.js';

const accountFields = ['permissions', 'status', 'mfaEnabled', 'emailVerified'];

/**
 * Issue 31, item 3: relations to people are Persons (the spec's Person), so no reader learns another user's
 * permissions, status or sign-in settings (who the admins are) from a project, a comment or a change.
 */
describe.skipIf(servicesMissing)('people in relations', () => {
  let board: TaskBoard;
  let code: string;
  let projectCode: string;

  beforeAll(async () => {
    board = await startTaskBoard(['projects:read', 'projects:write', 'tasks:read', 'tasks:write', 'comments:write']);
    projectCode = (await board.project()).uniqueCode;
    code = (await board.task(projectCode)).unique_code;
    const comment = await board.api.post(
      `/api/v1/tasks/${code}/comments`,
      { content: 'Hi' },
      { token: board.writer.token },
    );
    expect(comment.status).toBe(201);
  });
  afterAll(async () => board?.server.close());

  const read = (query: string, variables: Record<string, unknown>) =>
    board.api.graphql(query, variables, { token: board.writer.token });

  it.each(accountFields)('refuses %s of a project creator, a comment actor and a change actor', async (field) => {
    const queries = [
      [`query ($c: String!) { project(uniqueCode: $c) { creator { ${field} } } }`, { c: projectCode }],
      [`query ($c: String!) { taskComments(uniqueCode: $c) { data { actor { ${field} } } } }`, { c: code }],
      [`query ($c: String!) { taskActivities(uniqueCode: $c) { history { actor { ${field} } } } }`, { c: code }],
    ] as const;
    for (const [query, variables] of queries) {
      const refused = await read(query, variables);
      expect(refused.status).toBe(400);
      expect(refused.body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(refused.body.errors![0]!.message).toContain(`"${field}"`);
    }
  });

  it('answers each relation as the Person of the spec', async () => {
    const person = {
      id: String(board.writer.user.id),
      name: board.writer.employee.name,
      email: board.writer.user.email,
      code: board.writer.employee.code,
      department: board.writer.department.name,
      avatarFileId: board.writer.employee.avatarFileId,
    };
    const fields = 'id name email code department avatarFileId';
    const answer = await read(
      `query ($p: String!, $c: String!) {
        project(uniqueCode: $p) { creator { ${fields} } }
        taskComments(uniqueCode: $c) { data { actor { ${fields} } } }
        taskActivities(uniqueCode: $c) { history { actor { ${fields} } } }
      }`,
      { p: projectCode, c: code },
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.project.creator).toEqual(person);
    expect(answer.body.data.taskComments.data[0].actor).toEqual(person);
    expect(answer.body.data.taskActivities[0].history.actor).toEqual(person);
  });
});
