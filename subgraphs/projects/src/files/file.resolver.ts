import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { userOf, userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { fileView } from './file.service.js';
import { StoredFileType, UploadFileInput } from './file.types.js';

/**
 * Files through the graph: their records, never their bytes (a download is `path`, served by the subgraph's
 * content outside the graph: decisions, Files leave the graph). Over `/graphql` the edge's 1 MB body limit
 * bounds uploads, so large files go through the REST multipart path (docs/decisions.md).
 */
@Resolver(() => StoredFileType)
export class FileResolver {
  @Mutation(() => StoredFileType)
  async uploadFile(@Arg('input', () => UploadFileInput) input: UploadFileInput, @Ctx() ctx: ProjectsContext) {
    const user = userWithPermission(ctx, 'projects:write');
    return fileView(await ctx.projects.files.upload({ ...input }, user.userId));
  }

  /** Its uploader, or a reader of what it is attached to, opens it; to anyone else it is unknown (issue 31). */
  @Query(() => StoredFileType)
  async file(@Arg('id', () => ID) id: string, @Ctx() ctx: ProjectsContext) {
    userOf(ctx);
    return fileView(await ctx.projects.files.get(id));
  }
}
