// A task (issue 26): its fields, its comments as a thread (replies, like and dislike with their counts and the
// reader's own reaction, deletion by the author) and its activity history, read in one GraphQL operation. The
// project's `taskActivityAdded` brings another person's comments (added in place, once) and changes (the view
// is read again); a reconnection reads it again too.
import { graphql } from '../generated/index.js';
import type { CommentItemFragment, TaskViewQuery } from '../generated/graphql.js';
import type { ProjectActivitySubscription } from '../generated/graphql.js';
import { follow, onReconnect } from '../live.js';
import { graph } from '../session.js';
import { act, button, byId, element, keepingFocus, quietly, say, time } from '../view.js';
import { projectActivity, usualStatuses } from './board.js';

type Task = TaskViewQuery['task'];
type Comment = CommentItemFragment;
type Activity = Task['activities'][number];

graphql(`
  fragment CommentItem on TaskComment {
    id
    taskId
    parentId
    actorId
    content
    likes
    dislikes
    isDeleted
    userReaction
    createdAt
    actor {
      id
      name
    }
  }
`);
const taskQuery = graphql(`
  query TaskView($code: String!, $projectId: String!) {
    task(uniqueCode: $code) {
      id
      uniqueCode
      name
      description
      status
      priority
      endDate
      parentId
      projectCode
      tags
      createdAt
      updatedAt
      department {
        name
      }
      participants {
        id
        employee {
          name
        }
      }
      comments {
        ...CommentItem
      }
      activities {
        id
        createdAt
        comment {
          id
          content
          isDeleted
          actor {
            name
          }
        }
        history {
          id
          type
          changedAt
          from
          to
          actor {
            name
          }
        }
      }
    }
    projectTasks(projectId: $projectId, limit: 100, sortBy: "createdAt", sortOrder: "asc") {
      data {
        id
        uniqueCode
        name
        parentId
      }
    }
  }
`);
const addComment = graphql(`
  mutation AddTaskComment($code: String!, $input: AddCommentInput!) {
    addTaskComment(uniqueCode: $code, input: $input) {
      ...CommentItem
    }
  }
`);
const react = graphql(`
  mutation ReactToComment($code: String!, $commentId: String!, $type: String!) {
    toggleTaskCommentReaction(uniqueCode: $code, commentId: $commentId, type: $type) {
      commentId
      likes
      dislikes
      userReaction
    }
  }
`);
const deleteComment = graphql(`
  mutation DeleteTaskComment($code: String!, $commentId: String!) {
    deleteTaskComment(uniqueCode: $code, commentId: $commentId) {
      message
    }
  }
`);
const changeTaskStatus = graphql(`
  mutation ChangeOpenTaskStatus($code: String!, $status: String!) {
    updateTaskStatus(uniqueCode: $code, status: $status) {
      id
    }
  }
`);

let me = '';
let projectCode = '';
let taskCode = '';
let task: Task | null = null;
let related: TaskViewQuery['projectTasks']['data'] = [];
let replyTo: Comment | null = null;
let stopLive = () => {};
let stopCatchingUp = () => {};
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

/** The signed-in user's id: a comment of theirs can be deleted. */
export function setMe(id: string): void {
  me = id;
}

const words = (value: string) => value.replace(/_/g, ' ');
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? 'nothing'
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);

function fact(term: string, value: Node | string): HTMLElement[] {
  return [element('dt', { textContent: term }), element('dd', {}, value)];
}

function renderFields(current: Task): void {
  byId('task-title').textContent = current.name;
  byId('task-back').setAttribute('href', `#board/${projectCode}`);
  const parent = related.find((other) => other.id === current.parentId);
  const children = related.filter((other) => other.parentId === current.id);
  const linkTo = (other: { uniqueCode: string; name: string }) =>
    element('a', { href: `#task/${projectCode}/${other.uniqueCode}`, textContent: other.name });
  const select = element('select', { id: 'task-status' });
  for (const status of [...new Set([...usualStatuses, current.status])]) {
    select.append(
      element('option', { value: status, textContent: words(status), selected: status === current.status }),
    );
  }
  select.setAttribute('aria-label', 'Status');
  select.addEventListener(
    'change',
    () =>
      void act(async () => {
        await graph(changeTaskStatus, { code: current.uniqueCode, status: select.value });
        say(`Status changed to ${words(select.value)}`);
        await load();
      }, 'Changing the status…'),
  );
  const childList = element('span', {});
  children.forEach((child, index) => childList.append(index ? ', ' : '', linkTo(child)));
  byId('task-fields').replaceChildren(
    ...fact('Code', current.uniqueCode),
    ...fact('Status', select),
    ...fact('Priority', current.priority),
    ...fact('Department', current.department?.name ?? '—'),
    ...fact('Due', time(current.endDate)),
    ...fact(
      'People',
      current.participants.map((participant) => participant.employee?.name ?? 'someone').join(', ') || 'nobody',
    ),
    ...fact('Tags', current.tags.join(', ') || 'none'),
    ...fact('Parent', parent ? linkTo(parent) : 'none (a top-level task)'),
    ...fact('Subtasks', children.length ? childList : 'none'),
    ...fact('Description', current.description || 'none'),
  );
}

function reactionButton(comment: Comment, type: 'like' | 'dislike'): HTMLButtonElement {
  const count = type === 'like' ? comment.likes : comment.dislikes;
  const label = `${type === 'like' ? 'Like' : 'Dislike'} (${count})`;
  const created = button(label, async () => {
    const { toggleTaskCommentReaction: reaction } = await graph(react, {
      code: taskCode,
      commentId: comment.id,
      type,
    });
    const updated = { ...comment, ...reaction };
    task = task && { ...task, comments: task.comments.map((other) => (other.id === comment.id ? updated : other)) };
    renderThread();
    say(reaction.userReaction ? `You reacted: ${reaction.userReaction}` : 'Your reaction is removed');
  });
  created.id = `${type}-${comment.id}`;
  created.setAttribute('aria-pressed', String(comment.userReaction === type));
  created.className = 'secondary';
  return created;
}

function commentItem(comment: Comment, comments: Comment[]): HTMLLIElement {
  const item = element('li', { className: comment.isDeleted ? 'comment deleted' : 'comment' });
  item.dataset.id = comment.id;
  const author = element('p', { className: 'facts' }, `${comment.actor.name} · `, time(comment.createdAt));
  const text = element('p', {
    className: 'content',
    textContent: comment.isDeleted ? 'This comment was deleted.' : comment.content,
  });
  item.append(author, text);
  if (!comment.isDeleted) {
    const actions = element('p', { className: 'actions' });
    actions.append(reactionButton(comment, 'like'), reactionButton(comment, 'dislike'));
    const reply = button(
      'Reply',
      async () => {
        replyTo = comment;
        showReplyTo();
        byId('comment-text').focus();
      },
      `Reply to ${comment.actor.name}`,
    );
    reply.className = 'secondary';
    actions.append(reply);
    if (comment.actorId === me) {
      const remove = button('Delete', async () => askDelete(comment, actions), 'Delete your comment');
      remove.className = 'secondary';
      actions.append(remove);
    }
    item.append(actions);
  }
  const replies = comments.filter((other) => other.parentId === comment.id);
  if (replies.length > 0) {
    const list = element('ul', { className: 'thread' }, ...replies.map((other) => commentItem(other, comments)));
    list.setAttribute('aria-label', `Replies to ${comment.actor.name}`);
    item.append(list);
  }
  return item;
}

/** Asks once more before deleting, in place. */
function askDelete(comment: Comment, actions: HTMLElement): void {
  const question = element('p', { className: 'question', textContent: 'Delete this comment? ' });
  const confirm = button('Yes, delete', async () => {
    await graph(deleteComment, { code: taskCode, commentId: comment.id });
    say('Comment deleted');
    await load();
  });
  const cancel = button('Cancel', async () => {
    question.replaceWith(actions);
    actions.querySelector('button')?.focus();
  });
  question.append(confirm, ' ', cancel);
  actions.replaceWith(question);
  confirm.focus();
}

function renderThread(): void {
  if (!task) return;
  const comments = task.comments;
  keepingFocus(() => {
    const ids = new Set(comments.map((comment) => comment.id));
    const top = comments.filter((comment) => !comment.parentId || !ids.has(comment.parentId));
    byId('comments').replaceChildren(...top.map((comment) => commentItem(comment, comments)));
    byId('no-comments').hidden = comments.length > 0;
    byId('comments-count').textContent = `${comments.length}`;
  });
}

function historyText(activity: Activity): string {
  if (activity.comment) {
    const { comment } = activity;
    return `${comment.actor.name} commented: ${comment.isDeleted ? '(deleted)' : comment.content}`;
  }
  const history = activity.history!;
  const who = history.actor.name;
  if (history.type === 'created') return `${who} created the task`;
  if (history.type === 'deleted') return `${who} deleted the task`;
  if (history.type === 'comment_deleted') return `${who} deleted a comment`;
  const changes = Object.keys(history.to).map(
    (field) => `${words(field)} from ${shown(history.from[field])} to ${shown(history.to[field])}`,
  );
  return `${who} changed ${changes.join('; ') || 'the task'}`;
}

function renderHistory(current: Task): void {
  byId('task-history').replaceChildren(
    ...current.activities.map((activity) => {
      const item = element('li', {}, element('p', { textContent: historyText(activity) }));
      item.dataset.id = activity.id;
      item.append(element('p', { className: 'facts' }, time(activity.history?.changedAt ?? activity.createdAt)));
      return item;
    }),
  );
}

function showReplyTo(): void {
  const note = byId('reply-to');
  if (!replyTo) {
    note.hidden = true;
    note.replaceChildren();
    return;
  }
  note.hidden = false;
  const cancel = button('Cancel the reply', async () => {
    replyTo = null;
    showReplyTo();
    byId('comment-text').focus();
  });
  cancel.className = 'secondary';
  note.replaceChildren(`Replying to ${replyTo.actor.name}: “${replyTo.content.slice(0, 60)}” `, cancel);
}

function render(): void {
  if (!task) return;
  keepingFocus(() => {
    renderFields(task!);
    renderHistory(task!);
  });
  renderThread();
}

async function load(): Promise<void> {
  const answer = await graph(taskQuery, { code: taskCode, projectId: projectCode });
  task = answer.task;
  related = answer.projectTasks.data;
  render();
}

/** A comment arrives with its activity: shown at once, unless already shown (its id); a change reads again. */
function arrived({ taskActivityAdded: activity }: ProjectActivitySubscription): void {
  if (!task || activity.taskId !== task.id) return;
  if (activity.comment && !activity.history) {
    const comment = activity.comment;
    if (!task.comments.some((other) => other.id === comment.id)) {
      task = { ...task, comments: [...task.comments, comment] };
      renderThread();
    }
  }
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => quietly(load), 100);
}

async function open(argument: string): Promise<void> {
  const [project = '', code = ''] = argument.split('/');
  if (project !== projectCode || code !== taskCode) {
    close();
    projectCode = project;
    taskCode = code;
    stopLive = follow(projectActivity, { projectId: projectCode }, arrived, (message) => say(`Failed: ${message}`));
    stopCatchingUp = onReconnect(() => quietly(load));
  }
  const area = byId('task-area');
  area.setAttribute('aria-busy', 'true');
  byId('task-loading').hidden = false;
  try {
    await load();
  } finally {
    area.removeAttribute('aria-busy');
    byId('task-loading').hidden = true;
  }
}

function close(): void {
  stopLive();
  stopCatchingUp();
  clearTimeout(reloadTimer);
  stopLive = () => {};
  stopCatchingUp = () => {};
  projectCode = '';
  taskCode = '';
  task = null;
  replyTo = null;
  showReplyTo();
}

export const taskPage = { open, close };

byId('comment-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const field = byId<HTMLTextAreaElement>('comment-text');
  const content = field.value.trim();
  const submit = byId<HTMLButtonElement>('comment-submit');
  submit.disabled = true;
  void act(async () => {
    const { addTaskComment: added } = await graph(addComment, {
      code: taskCode,
      input: { content, parentId: replyTo?.id },
    });
    field.value = '';
    replyTo = null;
    showReplyTo();
    if (task && !task.comments.some((other) => other.id === added.id)) {
      task = { ...task, comments: [...task.comments, added] };
      renderThread();
    }
    say('Comment added');
  }, 'Adding the comment…').finally(() => (submit.disabled = false));
});
