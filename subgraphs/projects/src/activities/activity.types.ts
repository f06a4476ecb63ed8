import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { connectionType } from '@platform/lib/graphql/page-types';
import { CommentType } from '../comments/comment.types.js';

@ObjectType('TaskHistory', {
  simpleResolvers: true,
  description: 'A recorded change: `from` and `to` hold only the changed fields',
})
export class TaskHistoryType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, {
    description:
      '`created`, `updated`, `status_changed`, `deleted` or `comment_deleted` (an added comment is a `comment`)',
  })
  type!: string;

  @Field(() => ID, { description: "The acting user's id (the auth subgraph's User.id, as a string)" })
  actorId!: string;

  @Field(() => String, { description: 'ISO 8601 timestamp' })
  changedAt!: string;

  @Field(() => GraphQLJSONObject)
  from!: Record<string, unknown>;

  @Field(() => GraphQLJSONObject)
  to!: Record<string, unknown>;
}

@ObjectType('TaskActivity', {
  simpleResolvers: true,
  description: "An entry of a task's activity (projects spec, Activity): either `comment` or `history`, never both",
})
export class TaskActivityType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  taskId!: string;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => CommentType, { nullable: true, description: 'An added comment, shown as the comments list shows it' })
  comment!: CommentType | null;

  @Field(() => TaskHistoryType, { nullable: true, description: 'A change of the task; null for a comment' })
  history!: TaskHistoryType | null;
}

export const TaskActivityConnection = connectionType(TaskActivityType, 'TaskActivityConnection');

@ObjectType('TaskCommentReactionCounts', {
  description: "A comment's counts after someone's reaction (live); each reader's own reaction is not in it",
})
export class ReactionCountsType {
  @Field(() => ID)
  taskId!: string;

  @Field(() => ID)
  commentId!: string;

  @Field(() => Int)
  likes!: number;

  @Field(() => Int)
  dislikes!: number;
}
