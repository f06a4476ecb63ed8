import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesMissing } from '../../../../test/services.js';
import { startTaskBoard, type TaskBoard } from '../../../../test/tasks-kit.js';

interface ReactionResult {
  commentId: string;
  likes: number;
  dislikes: number;
  userReaction: string;
}

describe.skipIf(servicesMissing)('reaction toggles under concurrency (issue 11, item 4)', () => {
  let board: TaskBoard;

  beforeAll(async () => {
    board = await startTaskBoard(['tasks:write', 'tasks:read', 'projects:write', 'comments:write']);
  });
  afterAll(async () => board?.server.close());

  async function commentOnNewTask() {
    const code = await board.newTask();
    const added = await board.api.post(
      `/api/v1/tasks/${code}/comments`,
      { content: 'React' },
      { token: board.writer.token },
    );
    if (added.status !== 201) throw new Error(`add comment: ${added.status} ${JSON.stringify(added.body)}`);
    const commentId = (added.body as { id: string }).id;
    const toggle = async (type: 'like' | 'dislike', token: string) => {
      const answer = await board.api.post(`/api/v1/tasks/${code}/comments/toggle-like`, { commentId, type }, { token });
      expect(answer.status).toBe(200);
      return answer.body as ReactionResult;
    };
    const seenBy = async (token: string) => {
      const listed = await board.api.get(`/api/v1/tasks/${code}/comments`, { token });
      return listed.body.data[0] as ReactionResult & { id: string };
    };
    return { commentId, toggle, seenBy };
  }

  it('counts 100 users liking one comment at once as 100 likes', async () => {
    const { commentId, toggle, seenBy } = await commentOnNewTask();
    // Made ten at a time: the concurrency under test is the likes, not 100 password hashes at once.
    const users: Awaited<ReturnType<TaskBoard['kit']['user']>>[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const made = Array.from({ length: 10 }, () => board.kit.user(['tasks:read', 'comments:write']));
      users.push(...(await Promise.all(made)));
    }

    const answers = await Promise.all(users.map((user) => toggle('like', user.token)));

    for (const answer of answers) {
      expect(answer).toMatchObject({ commentId, dislikes: 0, userReaction: 'like' });
      expect(answer.likes).toBeGreaterThanOrEqual(1);
      expect(answer.likes).toBeLessThanOrEqual(100);
    }
    // The last toggle to commit saw every like: some answer carries the full count.
    expect(Math.max(...answers.map((answer) => answer.likes))).toBe(100);
    expect(await seenBy(board.reader.token)).toMatchObject({ likes: 100, dislikes: 0, userReaction: '' });
    expect(await seenBy(users[42]!.token)).toMatchObject({ likes: 100, userReaction: 'like' });
  });

  it('leaves one user a single consistent reaction after many concurrent toggles of both kinds', async () => {
    const { toggle, seenBy } = await commentOnNewTask();
    const toggler = await board.kit.user(['tasks:read', 'comments:write']);
    const bystander = await board.kit.user(['tasks:read', 'comments:write']);
    await toggle('dislike', bystander.token);

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => toggle(n % 3 === 0 ? 'dislike' : 'like', toggler.token)),
    );

    // Every answer is a state that can exist: the toggler holds at most one reaction beside the bystander's dislike.
    for (const answer of answers) {
      const own = { like: [1, 1], dislike: [0, 2], '': [0, 1] }[answer.userReaction];
      expect(own, `an answer with userReaction ${JSON.stringify(answer.userReaction)}`).toBeDefined();
      expect([answer.likes, answer.dislikes]).toEqual(own);
    }
    const settled = await seenBy(toggler.token);
    const expected = { like: [1, 1], dislike: [0, 2], '': [0, 1] }[settled.userReaction];
    expect([settled.likes, settled.dislikes]).toEqual(expected);

    // The settled state still toggles like a fresh one: the same kind again removes it.
    const kind = settled.userReaction === '' ? 'like' : (settled.userReaction as 'like' | 'dislike');
    const next = await toggle(kind, toggler.token);
    expect(next.userReaction).toBe(settled.userReaction === '' ? 'like' : '');
    expect(await seenBy(bystander.token)).toMatchObject({ userReaction: 'dislike' });
  });
});
