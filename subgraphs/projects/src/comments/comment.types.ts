import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { paged, sorted } from '../listing/list.args.js';
import { connectionType, metaPageType } from '@platform/lib/graphql/page-types';

@ObjectType('TaskCommentAttachment', { simpleResolvers: true, description: 'A stored file attached to a comment' })
export class CommentAttachmentType {
  @Field(() => ID, { description: "The attachment's own id" })
  id!: string;

  @Field(() => ID)
  fileId!: string;
}

@ObjectType('TaskComment', {
  simpleResolvers: true,
  description: 'A comment on a task (projects spec, Comment); deleted ones stay listed',
})
export class CommentType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  taskId!: string;

  @Field(() => ID, { nullable: true, description: 'The comment replied to; null for a top-level comment' })
  parentId!: string | null;

  @Field(() => ID, { description: "The author's user id (the auth subgraph's User.id, as a string)" })
  actorId!: string;

  @Field(() => String, { description: '"" once the comment is deleted' })
  content!: string;

  @Field(() => [CommentAttachmentType])
  attachments!: CommentAttachmentType[];

  @Field(() => Int)
  likes!: number;

  @Field(() => Int)
  dislikes!: number;

  @Field(() => Boolean)
  isDeleted!: boolean;

  @Field(() => String, { description: 'The caller\'s own reaction: `like`, `dislike` or `""` for none' })
  userReaction!: string;

  @Field(() => String)
  createdAt!: string;
}

@ObjectType('TaskCommentReaction', { description: "A comment's reactions after a toggle" })
export class CommentReactionType {
  @Field(() => ID)
  commentId!: string;

  @Field(() => Int)
  likes!: number;

  @Field(() => Int)
  dislikes!: number;

  @Field(() => String, { description: 'The caller\'s own reaction: `like`, `dislike` or `""` for none' })
  userReaction!: string;
}

export const CommentPage = metaPageType(CommentType, 'CommentPage');

@InputType()
export class AddCommentInput {
  @Field(() => String)
  content!: string;

  @Field(() => String, { nullable: true, description: 'The comment replied to' })
  parentId?: string | null;

  @Field(() => [String], { nullable: true, description: 'Stored file ids' })
  attachmentIds?: string[] | null;
}

@ArgsType()
class CommentFilters {}

/** The arguments of `taskComments` besides uniqueCode: sorting (createdAt, updatedAt) and paging. */
@ArgsType()
export class CommentListArgs extends paged(sorted(CommentFilters)) {}

export const CommentConnection = connectionType(CommentType, 'CommentConnection');
