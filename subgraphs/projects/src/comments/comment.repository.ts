import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { RowKey } from '@platform/lib/cursor';
import type { RecordState } from '@platform/lib/entity-tag';
import { shownTimeOf } from '@platform/lib/shown-time';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { findSortedPage, likePattern } from '../listing/list.repository.js';
import { TaskComment, TaskCommentAttachment, type ReactionType } from './comment.entity.js';
import type { CommentRecord, CommentRow, ReactionSummary } from './comment.records.js';

export interface CommentListQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy: 'createdAt' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
}

export interface NewComment {
  taskId: string;
  parentId: string | null;
  authorUserId: number;
  content: string;
}

interface ReactionRow {
  comment_id: string;
  likes: string;
  dislikes: string;
  own: string | null;
}

/** A comment's row with its reactions and attachments; its times come as the graph shows them. */
interface CommentDetailsRow extends CommentRow {
  likes: number;
  dislikes: number;
  userReaction: string;
  attachments: TaskCommentAttachment[] | null;
}

/**
 * Every comment of the tasks $1, deleted ones too, oldest first, with its reactions counted from their rows,
 * the reaction of user $2 ('' for none) and its attachments in the order given.
 */
export const commentsOfTasksStatement: PreparedStatement = {
  name: 'projects.comments.of_tasks',
  text: `
  select c."id", c."task_id" as "taskId", c."parent_id" as "parentId", c."author_user_id" as "authorUserId",
    c."content", ${shownTimeOf('c."created_at"')} as "createdAt",
    ${shownTimeOf('c."deleted_at"')} as "deletedAt", r."likes", r."dislikes",
    coalesce(r."own", '') as "userReaction", (
    select json_agg(json_build_object('id', a."id", 'commentId', a."comment_id", 'fileId', a."file_id",
      'position', a."position") order by a."position")
    from "projects"."task_comment_attachment" a where a."comment_id" = c."id") as "attachments"
  from "projects"."task_comment" c
  cross join lateral (
    select count(*) filter (where "type" = 'like')::int as "likes",
      count(*) filter (where "type" = 'dislike')::int as "dislikes",
      max("type") filter (where "user_id" = $2) as "own"
    from "projects"."task_comment_reaction" where "comment_id" = c."id") r
  where c."task_id" = any($1::uuid[])
  order by c."created_at" asc, c."id" asc`,
};

/** A transaction-scoped advisory lock on $1, the text `comment:user`. */
const reactionLockStatement: PreparedStatement = {
  name: 'projects.task_comment_reaction.lock',
  text: 'select pg_advisory_xact_lock(hashtextextended($1, 0))',
};

/**
 * User $2's reaction $3 to comment $1 toggled: the same type again deletes the row, another type replaces it,
 * none inserts it.
 */
const toggleReactionStatement: PreparedStatement = {
  name: 'projects.task_comment_reaction.toggle',
  text: `with "removed" as (
    delete from "projects"."task_comment_reaction"
    where "comment_id" = $1 and "user_id" = $2 and "type" = $3 returning 1)
  insert into "projects"."task_comment_reaction" ("comment_id", "user_id", "type")
  select $1, $2, $3 where not exists (select 1 from "removed")
  on conflict ("comment_id", "user_id") do update set "type" = excluded."type"`,
};

/** Likes, dislikes and user $1's own reaction of each of the comments $2 that has any. */
const reactionsStatement: PreparedStatement = {
  name: 'projects.task_comment_reaction.of_comments',
  text: `select "comment_id",
    count(*) filter (where "type" = 'like') as "likes",
    count(*) filter (where "type" = 'dislike') as "dislikes",
    max("type") filter (where "user_id" = $1) as "own"
  from "projects"."task_comment_reaction" where "comment_id" = any($2::uuid[]) group by "comment_id"`,
};

interface CommentPageVersionRow {
  found: boolean;
  total: number;
  items: [string, boolean, number, number, string][] | null;
}

/**
 * The version of a page of the live task $1's comments (by its code) as `page` answers it for user $2: whether the
 * task exists, the number of listed comments (with $3, a search pattern, the live ones whose content matches) and,
 * for each comment of the window (offset $4, limit $5) in the list's order, its id, whether it is deleted, its likes,
 * its dislikes and user $2's reaction ('' for none): everything of a comment its answer shows that can change (a
 * comment is never edited; its attachments are fixed when it is added). Keys, times and counts only. Its text is
 * fixed per order, so each order is one prepared statement.
 */
function pageVersionStatement(sortBy: CommentListQuery['sortBy'], sortOrder: 'asc' | 'desc'): PreparedStatement {
  const column = sortBy === 'createdAt' ? 'created_at' : 'updated_at';
  return {
    name: `projects.comments.page_version.${sortBy}.${sortOrder}`,
    text: `
  with "task" as (
    select "id" from "projects"."task" where "unique_code" = $1 and "deleted_at" is null),
  "matching" as (
    select c."id", c."deleted_at" is not null as "deleted",
      row_number() over (order by c."${column}" ${sortOrder}, c."id" ${sortOrder}) as "n"
    from "projects"."task_comment" c join "task" t on c."task_id" = t."id"
    where $3::text is null or (c."content" ilike $3 and c."deleted_at" is null))
  select exists (select 1 from "task") as "found", (select count(*)::int from "matching") as "total",
    json_agg(json_build_array(w."id", w."deleted", r."likes", r."dislikes", coalesce(r."own", '')) order by w."n")
      as "items"
  from "matching" w
  cross join lateral (
    select count(*) filter (where "type" = 'like')::int as "likes",
      count(*) filter (where "type" = 'dislike')::int as "dislikes",
      max("type") filter (where "user_id" = $2) as "own"
    from "projects"."task_comment_reaction" where "comment_id" = w."id") r
  where w."n" > $4 and w."n" <= $4 + $5`,
  };
}

/** The comment tables: comments, their attachments and their reactions. */
export class CommentRepository {
  constructor(private readonly em: EntityManager) {}

  /** A comment of the task, deleted or not. */
  findOfTask(taskId: string, id: string): Promise<TaskComment | null> {
    return this.em.findOne(TaskComment, { id, taskId });
  }

  /**
   * Holds, for the rest of the open transaction, the one lock where a user's toggles of one comment's reaction
   * queue (decisions: Defects (issue 23)): a transaction-scoped advisory lock on (comment, user), so other users'
   * toggles of the same comment never wait for it (hand-written: the entity manager locks rows, not keys).
   */
  async lockReactionOf(commentId: string, userId: number): Promise<void> {
    await runStatement(this.em, reactionLockStatement, [`${commentId}:${userId}`], { joinTransaction: true });
  }

  /** Deleted comments are listed too (decisions: a deleted comment stays in lists); search matches content. */
  page(taskId: string, query: CommentListQuery): Promise<{ rows: TaskComment[]; total: number }> {
    const where: FilterQuery<TaskComment> = { taskId };
    if (query.search) Object.assign(where, { content: { $ilike: likePattern(query.search) }, deletedAt: null });
    return findSortedPage(this.em, TaskComment, where, query, query.sortBy);
  }

  /**
   * The version of the page `page` answers for the live task `taskCode` and the viewer: the total and each shown
   * comment's state (id, deleted, likes, dislikes, the viewer's reaction), in order; null when the task is unknown
   * or deleted. Hand-written: one statement where the page takes two and its reactions a third.
   */
  async pageVersion(
    taskCode: string,
    viewerId: number,
    query: CommentListQuery,
  ): Promise<{ items: RecordState[]; total: number } | null> {
    const [row] = await runStatement<CommentPageVersionRow>(
      this.em,
      pageVersionStatement(query.sortBy, query.sortOrder),
      [
        taskCode,
        viewerId,
        query.search ? likePattern(query.search) : null,
        (query.page - 1) * query.limit,
        query.limit,
      ],
    );
    if (!row?.found) return null;
    const items = (row.items ?? []).map(([id, ...state]) => ({ id, state }));
    return { items, total: row.total };
  }

  /**
   * A task's comments after a key, newest first (`created_at desc, id desc`), `limit` rows, and the count of all of
   * them: a keyset page, stable while comments are added (they sort first). Deleted comments stay listed.
   */
  async pageAfter(
    taskId: string,
    after: RowKey | null,
    limit: number,
  ): Promise<{ rows: TaskComment[]; total: number }> {
    const where: FilterQuery<TaskComment> = after
      ? { taskId, $or: [{ createdAt: { $lt: after.at } }, { createdAt: after.at, id: { $lt: after.id } }] }
      : { taskId };
    const rows = await this.em.find(TaskComment, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    return { rows, total: await this.em.count(TaskComment, { taskId }) };
  }

  async add(values: NewComment, fileIds: string[]): Promise<TaskComment> {
    const comment = this.em.create(TaskComment, values);
    fileIds.forEach((fileId, position) =>
      this.em.create(TaskCommentAttachment, { commentId: comment.id, fileId, position }),
    );
    await this.em.flush();
    return comment;
  }

  async softDelete(comment: TaskComment, at: Date): Promise<void> {
    comment.deletedAt = at;
    await this.em.flush();
  }

  /**
   * The comments of a page of tasks with everything their shape shows, in one statement instead of three
   * (comments, attachments, reactions), so a nested page costs one statement for all its comments. Rows, not
   * entities: they are only read, and registering hundreds of entities per page was a measured share of its CPU.
   */
  async ofTasks(taskIds: readonly string[], viewerId: number): Promise<CommentRecord[]> {
    const rows = await runStatement<CommentDetailsRow>(this.em, commentsOfTasksStatement, [taskIds, viewerId]);
    // The statement's row serves as the comment's row (nothing reads its reaction and attachment columns through
    // it): a rest copy of each of a page's 500 rows was an object of a new shape each time (decisions: A spread
    // that adds keys, on a hot path).
    return rows.map((row) => ({
      comment: row,
      attachments: row.attachments ?? [],
      reactions: { commentId: row.id, likes: row.likes, dislikes: row.dislikes, userReaction: row.userReaction },
    }));
  }

  attachmentsOf(commentIds: readonly string[]): Promise<TaskCommentAttachment[]> {
    if (commentIds.length === 0) return Promise.resolve([]);
    return this.em.find(
      TaskCommentAttachment,
      { commentId: { $in: [...commentIds] } },
      { orderBy: { commentId: 'asc', position: 'asc' } },
    );
  }

  /**
   * Toggles the user's reaction in one statement: the same type again deletes the row, another type replaces
   * it, none inserts it (hand-written: a delete feeding a conditional upsert has no entity-manager form). One
   * statement alone still loses flips (two that find no row both insert, the second as an update), so it runs
   * under the user's lock on the comment's reaction (`lockReactionOf`).
   */
  async toggleReaction(commentId: string, userId: number, type: ReactionType): Promise<void> {
    await runStatement(this.em, toggleReactionStatement, [commentId, userId, type], { joinTransaction: true });
  }

  /**
   * Likes, dislikes and `userId`'s own reaction of each comment, counted from the rows in one statement
   * (hand-written: the entity manager has no grouped, filtered count).
   */
  async reactionsOf(commentIds: readonly string[], userId: number): Promise<ReactionSummary[]> {
    if (commentIds.length === 0) return [];
    const rows = await runStatement<ReactionRow>(this.em, reactionsStatement, [userId, [...commentIds]], {
      joinTransaction: true,
    });
    const found = new Map(rows.map((row) => [row.comment_id, row]));
    return commentIds.map((commentId) => {
      const row = found.get(commentId);
      return {
        commentId,
        likes: Number(row?.likes ?? 0),
        dislikes: Number(row?.dislikes ?? 0),
        userReaction: row?.own ?? '',
      };
    });
  }
}
