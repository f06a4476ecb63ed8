import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { ProjectsContext } from '../context.js';
import { fileView } from '../files/file.service.js';
import { StoredFileType } from '../files/file.types.js';
import { CommentAttachmentType } from './comment.types.js';
import type { Parent } from '@platform/lib/graphql/parent';

/** An attachment's file (issue 26: a thread shows its files' names), batched across the request's comments. */
@Resolver(() => CommentAttachmentType)
export class CommentAttachmentFieldsResolver {
  /** Null once the caller may not open it (its comment deleted): files belong to what they are attached to. */
  @FieldResolver(() => StoredFileType, {
    nullable: true,
    description: 'The stored file, with its name and size; null when the caller may not open it',
  })
  async file(
    @Root() attachment: Parent<CommentAttachmentType>,
    @Ctx() ctx: ProjectsContext,
  ): Promise<StoredFileType | null> {
    const file = await ctx.projects.files.readableFile(attachment.fileId);
    return file && fileView(file);
  }
}
