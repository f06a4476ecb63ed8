// A task's comments as a thread (issue 26): replies, like and dislike with their counts and the reader's own
// reaction, files attached (uploaded through the REST files path, downloaded from it: ../files.ts) and deletion by the author.
// The task view hands it the comments of its answer and those that arrive live; each is shown once, by its id.
import { graphql } from '../generated/index.js';
import type { CommentItemFragment } from '../generated/graphql.js';
import { saveFile, uploadChosen } from '../files.js';
import { graph } from '../session.js';
import { button, byId, element, keepingFocus, onSubmit, say, time } from '../view.js';

export type Comment = CommentItemFragment;

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
    attachments {
      id
      fileId
      file {
        name
        size
      }
    }
    actor {
      id
      name
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

/** Another person's reaction in the project: a comment's new counts (each reader's own reaction is their own). */
export const reactionCounts = graphql(`
  subscription CommentReactionCounts($projectId: String!) {
    taskCommentReactionChanged(projectId: $projectId) {
      taskId
      commentId
      likes
      dislikes
    }
  }
`);

let me = '';
let taskCode = '';
let comments: Comment[] = [];
let replyTo: Comment | null = null;
/** What to do after a change the thread cannot show by itself (a deletion): the task view reads itself again. */
let reload: () => Promise<void> = async () => {};

/** The signed-in user's id: a comment of theirs can be deleted. */
export function setMe(id: string): void {
  me = id;
}

/** Shows the thread of task `code`: the comments of the view's answer. */
export function showComments(code: string, shown: Comment[]): void {
  if (code !== taskCode) forgetComments();
  taskCode = code;
  comments = shown;
  renderThread();
}

/** A comment that arrived live or was just added: shown once, whichever comes first. */
export function addShown(comment: Comment): void {
  if (comments.some((other) => other.id === comment.id)) return;
  comments = [...comments, comment];
  renderThread();
}

/** A comment's new counts, shown if the comment is; the reader's own reaction stays as it is. */
export function counted(counts: { commentId: string; likes: number; dislikes: number }): void {
  if (!comments.some((comment) => comment.id === counts.commentId)) return;
  const { likes, dislikes } = counts;
  comments = comments.map((comment) => (comment.id === counts.commentId ? { ...comment, likes, dislikes } : comment));
  renderThread();
}

export function forgetComments(): void {
  taskCode = '';
  comments = [];
  replyTo = null;
  showReplyTo();
}

function reactionButton(comment: Comment, type: 'like' | 'dislike'): HTMLButtonElement {
  const count = type === 'like' ? comment.likes : comment.dislikes;
  const created = button(`${type === 'like' ? 'Like' : 'Dislike'} (${count})`, async () => {
    const { toggleTaskCommentReaction: reaction } = await graph(react, {
      code: taskCode,
      commentId: comment.id,
      type,
    });
    comments = comments.map((other) => (other.id === comment.id ? { ...other, ...reaction } : other));
    renderThread();
    say(reaction.userReaction ? `You reacted: ${reaction.userReaction}` : 'Your reaction is removed');
  });
  created.id = `${type}-${comment.id}`;
  created.setAttribute('aria-pressed', String(comment.userReaction === type));
  created.className = 'secondary';
  return created;
}

/** A download button per attached file, named by the file (one the reader may no longer open is not offered). */
function attachmentsOf(comment: Comment): HTMLElement {
  const files = element('p', { className: 'attachments' });
  for (const { fileId, file } of comment.attachments) {
    if (!file) continue;
    const get = button(`Download ${file.name}`, () => saveFile(fileId), `Download ${file.name} (${file.size} bytes)`);
    get.className = 'secondary';
    files.append(get);
  }
  return files;
}

function actionsOf(comment: Comment): HTMLElement {
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
  return actions;
}

function commentItem(comment: Comment): HTMLLIElement {
  const item = element('li', { className: comment.isDeleted ? 'comment deleted' : 'comment' });
  item.dataset.id = comment.id;
  const author = element('p', { className: 'facts' }, `${comment.actor.name} · `, time(comment.createdAt));
  const text = element('p', {
    className: 'content',
    textContent: comment.isDeleted ? 'This comment was deleted.' : comment.content,
  });
  item.append(author, text);
  if (!comment.isDeleted && comment.attachments.length > 0) item.append(attachmentsOf(comment));
  if (!comment.isDeleted) item.append(actionsOf(comment));
  const replies = comments.filter((other) => other.parentId === comment.id);
  if (replies.length > 0) {
    const list = element('ul', { className: 'thread' }, ...replies.map(commentItem));
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
    await reload();
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
  keepingFocus(() => {
    const ids = new Set(comments.map((comment) => comment.id));
    const top = comments.filter((comment) => !comment.parentId || !ids.has(comment.parentId));
    byId('comments').replaceChildren(...top.map(commentItem));
    byId('no-comments').hidden = comments.length > 0;
    byId('comments-count').textContent = `${comments.length}`;
  });
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

/** The comment form; `reloading` reads the task view again. */
export function wireComments(reloading: () => Promise<void>): void {
  reload = reloading;
  onSubmit(
    byId<HTMLFormElement>('comment-form'),
    async () => {
      const field = byId<HTMLTextAreaElement>('comment-text');
      const attachmentIds = await uploadChosen(byId<HTMLInputElement>('comment-file'));
      const { addTaskComment: added } = await graph(addComment, {
        code: taskCode,
        input: { content: field.value.trim(), parentId: replyTo?.id, attachmentIds },
      });
      byId<HTMLFormElement>('comment-form').reset();
      replyTo = null;
      showReplyTo();
      addShown(added);
      say('Comment added');
    },
    'Adding the comment…',
  );
}
