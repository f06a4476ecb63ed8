import { connectionOf, firstOf, rowKeyAfter, type Connection, type ConnectionPage } from '@platform/lib/cursor';
import { metaPage, type MetaPage } from '@platform/lib/paging';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import { versionTagOf } from '@platform/lib/entity-tag';
import { validate } from '@platform/lib/validation';
import type { FileService } from '../files/file.service.js';
import { TaskNotFoundError } from '../tasks/task.errors.js';
import type { TaskService } from '../tasks/task.service.js';
import type { CommentChangeLog } from './comment-changes.js';
import type { TaskComment } from './comment.entity.js';
import { CommentNotFoundError, NotCommentAuthorError, UnknownCommentReferenceError } from './comment.errors.js';
import type { CommentRecord, ReactionSummary } from './comment.records.js';
import type { CommentRepository } from './comment.repository.js';
import { previousValues, type ChangeEvents } from '../webhooks/webhook-events.js';
import { addCommentInput, listCommentsInput, reactionInput } from './comment.validation.js';

/** A comment's reactions as its webhook event shows them: the acting user's reaction (`""` for none) and the counts. */
function reactionRecord({ commentId, likes, dislikes, userReaction }: ReactionSummary) {
  return { commentId, reaction: userReaction, likes, dislikes };
}

/** Who acts: the signed-in user, and whether they are an admin (who may delete anyone's comment). */
export interface CommentActor {
  userId: number;
  isAdmin: boolean;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CommentServiceDependencies {
  comments: CommentRepository;
  tasks: TaskService;
  files: FileService;
  changes: CommentChangeLog;
  unitOfWork: UnitOfWork;
  /** A reaction's webhook event, queued in its transaction (comments' own go with their activity entry). */
  webhooks: ChangeEvents;
  now: () => number;
}

/**
 * Comments of a task: the rules of the projects spec and decisions.md. Adding and deleting a comment write
 * their activity entry in the same transaction; a reaction is one serialized flip per request.
 */
export class CommentService {
  constructor(private readonly deps: CommentServiceDependencies) {}

  async list(
    actor: CommentActor,
    uniqueCode: string,
    input: Record<string, unknown>,
  ): Promise<MetaPage<CommentRecord>> {
    const query = validate(
      listCommentsInput,
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)),
    );
    const task = await this.deps.tasks.get(uniqueCode);
    const { rows, total } = await this.deps.comments.page(task.id, query);
    return metaPage(query, await this.records(rows, actor.userId), total);
  }

  /**
   * The entity tag of the page `list` answers for the same caller and arguments (issue 28, conditional requests):
   * one statement reads the task, the total and each shown comment's state under the same search, order and window;
   * an unknown or deleted task is refused as `list` refuses it.
   */
  async pageTagOf(actor: CommentActor, uniqueCode: string, input: Record<string, unknown>): Promise<string> {
    const query = validate(
      listCommentsInput,
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)),
    );
    const version = await this.deps.comments.pageVersion(uniqueCode, actor.userId, query);
    if (!version) throw new TaskNotFoundError();
    const page = { page: query.page, limit: query.limit, total: version.total };
    return versionTagOf({ kind: 'comment-page', items: version.items, page });
  }

  /** A task's comments as a connection, newest first (issue 28, item 4). */
  async connection(actor: CommentActor, uniqueCode: string, page: ConnectionPage): Promise<Connection<CommentRecord>> {
    const first = firstOf(page.first);
    const after = rowKeyAfter(page.after);
    const task = await this.deps.tasks.get(uniqueCode);
    const { rows, total } = await this.deps.comments.pageAfter(task.id, after, first + 1);
    return connectionOf(await this.records(rows, actor.userId), first, total, ({ comment }) => ({
      at: new Date(comment.createdAt),
      id: comment.id,
    }));
  }

  async add(actor: CommentActor, uniqueCode: string, input: unknown): Promise<CommentRecord> {
    const { content, parentId, attachmentIds } = validate(addCommentInput, input);
    const task = await this.deps.tasks.get(uniqueCode);
    if (parentId) {
      const parent = await this.deps.comments.findOfTask(task.id, parentId);
      if (!parent || parent.deletedAt) {
        throw new UnknownCommentReferenceError('parentId', 'must be a comment of the task');
      }
    }
    if (!(await this.deps.files.allReadable(attachmentIds))) {
      throw new UnknownCommentReferenceError('attachmentIds', 'file not found');
    }
    return this.deps.changes.change(async (record) => {
      const added = await this.deps.comments.add({ taskId: task.id, parentId, authorUserId: actor.userId, content }, [
        ...attachmentIds,
      ]);
      const [shown] = await this.records([added], actor.userId);
      const diff = { from: {}, to: { commentId: added.id, content, parentId, attachmentIds } };
      record(actor.userId, task, 'comment_added', diff, shown);
      return shown;
    });
  }

  /**
   * Like again removes the like; like then dislike switches (decisions: Project and task service). A toggle is
   * not idempotent, so one user's toggles of one comment run one after another: each takes that user's lock on
   * the comment's reaction, flips, and answers the state it left; other users' toggles do not wait for it
   * (decisions: Defects (issue 23)).
   */
  async toggleReaction(actor: CommentActor, uniqueCode: string, input: unknown): Promise<ReactionSummary> {
    const { commentId, type } = validate(reactionInput, input);
    const task = await this.deps.tasks.get(uniqueCode);
    const comment = await this.deps.comments.findOfTask(task.id, commentId);
    if (!comment || comment.deletedAt) {
      throw new UnknownCommentReferenceError('commentId', 'must be a live comment of the task');
    }
    const reaction = await this.deps.unitOfWork.run(async () => {
      await this.deps.comments.lockReactionOf(comment.id, actor.userId);
      const [before] = await this.deps.comments.reactionsOf([comment.id], actor.userId);
      await this.deps.comments.toggleReaction(comment.id, actor.userId, type);
      const [after] = await this.deps.comments.reactionsOf([comment.id], actor.userId);
      await this.deps.webhooks.emit([
        {
          type: 'reaction.changed',
          projectId: task.projectId,
          data: { ...reactionRecord(after!), taskId: task.id, userId: String(actor.userId) },
          previous: previousValues(reactionRecord(before!), reactionRecord(after!)),
        },
      ]);
      return after;
    });
    await this.deps.changes.reacted(task, reaction);
    return reaction;
  }

  /** Soft delete: the comment stays listed with its content hidden; its replies stay. */
  async delete(actor: CommentActor, uniqueCode: string, commentId: string): Promise<void> {
    const task = await this.deps.tasks.get(uniqueCode);
    const comment = uuidPattern.test(commentId) ? await this.deps.comments.findOfTask(task.id, commentId) : null;
    if (!comment || comment.deletedAt) throw new CommentNotFoundError();
    if (comment.authorUserId !== actor.userId && !actor.isAdmin) throw new NotCommentAuthorError();
    const at = new Date(this.deps.now());
    await this.deps.changes.change(async (record) => {
      await this.deps.comments.softDelete(comment, at);
      record(actor.userId, task, 'comment_deleted', {
        from: { commentId, deletedAt: null },
        to: { commentId, deletedAt: at.toISOString() },
      });
    });
  }

  /** Attachments and reactions of a page: one statement each, whatever its size. */
  private async records(rows: TaskComment[], userId: number): Promise<CommentRecord[]> {
    const ids = rows.map((row) => row.id);
    const attachments = await this.deps.comments.attachmentsOf(ids);
    const reactions = await this.deps.comments.reactionsOf(ids, userId);
    return rows.map((comment, index) => ({
      comment,
      attachments: attachments.filter((row) => row.commentId === comment.id),
      reactions: reactions[index],
    }));
  }
}
